"""The two-player bracket of an elimination, drawn on the server as SVG: one column per bracket
round, a box per match, the players known so far in each."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from django.urls import reverse
from django.utils.html import escape
from django.utils.translation import gettext as _

from tournaments.formats.elimination import EMPTY
from tournaments.models import Tournament
from tournaments.services.results import inactive_from, resolved_bracket, two_player_bracket

WIDTH, HEIGHT, GAP, COLUMN_GAP = 190, 44, 12, 24


@dataclass
class _Context:
    """What every match box needs to be drawn."""

    bracket: object
    resolved: object
    names: dict
    games: dict[str, int]  # match id -> its game, once it has one
    decider: str | None
    playing: set[str]
    disqualified: set[int]
    inactive: set[int]


def bracket_svg(tournament: Tournament, entries, rounds, names: dict) -> str:
    """The 2-player bracket drawn on the server: one column per bracket round, a box per match
    linking to its game. The winners' bracket and the finals side by side on top, a double
    elimination's losers' bracket under them from the left: half the width of one row of every
    column, which a phone had to scroll through."""
    if tournament.seats_max != 2 or not any(r.stage == "elimination" for r in rounds):
        return ""
    bracket = two_player_bracket(tournament, entries, rounds)
    resolved = resolved_bracket(tournament, entries, rounds)
    context = _Context(
        bracket,
        resolved,
        names,
        {table.match: table.game_id for played in rounds for table in played.tables if table.match},
        _deciding_match(bracket, resolved),
        set(resolved.to_play),
        {entry.pk for entry in entries if entry.disqualified},
        inactive_from(entries, len(rounds) + 1),
    )
    columns: dict[tuple[str, int], list] = {}
    for match in bracket.matches:
        columns.setdefault((match.bracket, match.round), []).append(match)
    top = sorted(
        (key for key in columns if key[0] != "L"), key=lambda key: ({"W": 0, "GF": 1, "GF2": 2}[key[0]], key[1])
    )
    under = sorted((key for key in columns if key[0] == "L"), key=lambda key: key[1])
    parts: list[str] = []
    width, height = 0, 0
    for keys in (top, under):
        if not keys:
            continue
        y0 = height + (8 if height else 0)
        x = 0
        for key in keys:
            label = key[0] + (str(key[1]) if key[0] in "WL" else "")
            parts.append(f'<text x="{x + 4}" y="{y0 + 14}" class="bracket-label">{escape(label)}</text>')
            for row, match in enumerate(columns[key]):
                parts.append(_match(match, x, y0 + 20 + row * (HEIGHT + GAP), context))
            x += WIDTH + COLUMN_GAP
        width = max(width, x)
        height = y0 + 20 + max(len(columns[key]) for key in keys) * (HEIGHT + GAP)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="bracket" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="group" aria-label="{escape(_("Bracket"))}">{"".join(parts)}</svg>'
    )


def _match(match, x: int, y: int, context: _Context) -> str:
    """One match's box: its two players as known so far, the winner in bold; a link to its game."""
    bracket, resolved = context.bracket, context.resolved
    # A player known before their opponent is named already (after a bye, say).
    players = resolved.players.get(match.id) or tuple(_slot_player(bracket, resolved, s) for s in match.slots)
    winner = resolved.winners.get(match.id)
    if winner is EMPTY:
        winner = None  # two byes met: nobody won (both empty slots were drawn as the winner)
    if match.id == context.decider and winner in context.disqualified:
        # A finalist disqualified during the final takes no place ahead of anyone
        # (services/final_places.py): the other finalist is the champion, drawn so.
        winner = next(
            (p for p in players if p != winner and isinstance(p, int) and p not in context.disqualified), None
        )
    state = " current" if match.id in context.playing else ""
    parts = [f'<g class="match{state}" data-match="{escape(match.id)}">']
    parts.append(f'<rect x="{x}" y="{y}" width="{WIDTH}" height="{HEIGHT}" rx="4" class="match-box"/>')
    for line, player in enumerate(players or ("", "")):
        if player in ("", None) or not isinstance(player, int):
            text = "—"
        else:
            seed = bracket.seed_of.get(player)
            text = f"{seed}. {context.names.get(player, '?')}" if seed else context.names.get(player, "?")
            if player in context.disqualified:
                text += f" ({_('disqualified')})"
            elif player in context.inactive:
                text += f" ({_('dropped')})"  # so a walkover reads as one
        css = "winner" if winner is not None and player == winner else "player"
        parts.append(f'<text x="{x + 6}" y="{y + 17 + 18 * line}" class="{css}">{escape(text)}</text>')
    parts.append("</g>")
    game = context.games.get(match.id)
    if game is None:
        return "".join(parts)
    link = reverse("games:table", args=[game])
    label = escape(_("The game of match %(match)s") % {"match": match.id})
    return f'<a href="{link}" aria-label="{label}">{"".join(parts)}</a>'


def _slot_player(bracket, resolved, slot: tuple) -> Hashable | None:
    """The player a match slot holds, if known yet: a seed, or a decided match's winner or loser."""
    kind, value = slot
    if kind == "seed":
        return bracket.seeds[value - 1] if value <= len(bracket.seeds) else None
    return (resolved.winners if kind == "winner" else resolved.losers).get(value)


def _deciding_match(bracket, resolved) -> str | None:
    """The match that decided the champion (the final, or the grand final played last), once decided."""
    if not resolved.finished:
        return None
    return next((match.id for match in reversed(bracket.matches) if match.id in resolved.winners), None)
