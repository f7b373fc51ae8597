"""The two-player bracket of an elimination, drawn on the server as SVG: one column per bracket
round, a box per match, the players known so far in each."""

from __future__ import annotations

from collections.abc import Hashable

from django.utils.html import escape
from django.utils.translation import gettext as _

from tournaments.formats.elimination import EMPTY
from tournaments.models import Tournament
from tournaments.services.results import inactive_from, resolved_bracket, two_player_bracket


def bracket_svg(tournament: Tournament, entries, rounds, names: dict) -> str:
    """The 2-player bracket drawn on the server: one column per bracket round, a box per match."""
    if tournament.seats_max != 2 or not any(r.stage == "elimination" for r in rounds):
        return ""
    bracket = two_player_bracket(tournament, entries, rounds)
    inactive = inactive_from(entries, len(rounds) + 1)
    resolved = resolved_bracket(tournament, entries, rounds)
    columns: dict[tuple[str, int], list] = {}
    for match in bracket.matches:
        columns.setdefault((match.bracket, match.round), []).append(match)
    width, height, gap = 190, 44, 12
    order = sorted(columns, key=lambda key: ({"W": 0, "L": 1, "GF": 2, "GF2": 3}[key[0]], key[1]))
    rows = max(len(matches) for matches in columns.values())
    playing = set(resolved.to_play)
    disqualified = {entry.pk for entry in entries if entry.disqualified}
    decider = _deciding_match(bracket, resolved)
    parts = []
    x = 0
    for key in order:
        y = 20
        label = {"W": "W", "L": "L", "GF": "GF", "GF2": "GF2"}[key[0]] + (str(key[1]) if key[0] in "WL" else "")
        parts.append(f'<text x="{x + 4}" y="14" class="bracket-label">{escape(label)}</text>')
        for match in columns[key]:
            # A player known before their opponent is named already (after a bye, say).
            players = resolved.players.get(match.id) or tuple(_slot_player(bracket, resolved, s) for s in match.slots)
            winner = resolved.winners.get(match.id)
            if winner is EMPTY:
                winner = None  # two byes met: nobody won (both empty slots were drawn as the winner)
            if match.id == decider and winner in disqualified:
                # A finalist disqualified during the final takes no place ahead of anyone
                # (planning.final_places): the other finalist is the champion, drawn so.
                winner = next(
                    (p for p in players if p != winner and isinstance(p, int) and p not in disqualified), None
                )
            state = " current" if match.id in playing else ""
            parts.append(f'<g class="match{state}" data-match="{escape(match.id)}">')
            parts.append(f'<rect x="{x}" y="{y}" width="{width}" height="{height}" rx="4" class="match-box"/>')
            for line, player in enumerate(players or ("", "")):
                if player in ("", None) or not isinstance(player, int):
                    text = "—"
                else:
                    seed = bracket.seed_of.get(player)
                    text = f"{seed}. {names.get(player, '?')}" if seed else names.get(player, "?")
                    if player in disqualified:
                        text += f" ({_('disqualified')})"
                    elif player in inactive:
                        text += f" ({_('dropped')})"  # so a walkover reads as one
                css = "winner" if winner is not None and player == winner else "player"
                parts.append(f'<text x="{x + 6}" y="{y + 17 + 18 * line}" class="{css}">{escape(text)}</text>')
            parts.append("</g>")
            y += height + gap
        x += width + 24
    total_height = 20 + rows * (height + gap)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="bracket" width="{x}" height="{total_height}" '
        f'viewBox="0 0 {x} {total_height}" role="img" aria-label="{escape(_("Bracket"))}">{"".join(parts)}</svg>'
    )


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
