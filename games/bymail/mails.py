"""Game mail with the seat's private view: your turn, reminder, timed out, round results, game over.

One function per message; each renders its sections in the recipient's
language and queues the mail in the outbox inside the caller's
transaction, under a key that names the event (so it is queued once).
"""

from __future__ import annotations

import zoneinfo

from django.conf import settings
from django.urls import reverse
from django.utils import formats, timezone, translation

from games.bymail import preferences, render
from games.bymail.headers import game_headers
from games.bymail.tokens import WaitToken, action_link_token, reply_address
from games.engines import get_engine
from games.models import Deadline, Game, Seat
from games.presenters import action_label
from wildcards_site.outbox.sending import queue_mail

# Menus longer than this (CuBirds' lay, Emu Ranchers' play) are answered by reply only.
MAX_LINKS = 16


def local_time(moment, profile) -> str:
    """A moment in the recipient's time zone, with month and day names in the active language."""
    try:
        zone = zoneinfo.ZoneInfo(profile.time_zone)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        zone = zoneinfo.ZoneInfo("UTC")
    local = timezone.localtime(moment, zone)
    return f"{formats.date_format(local, 'l j F Y, H:i')} ({profile.time_zone})"


def game_name(game: Game) -> str:
    return str(game)


def seat_names(game: Game) -> dict[int, str]:
    return {seat.position: str(seat.name) for seat in game.seats.select_related("user__profile")}


def _base(game: Game, seat: Seat) -> dict:
    return {
        "game": game,
        "game_name": game_name(game),
        "seat": seat,
        "player": str(seat.name),
        "table_url": settings.SITE_URL + reverse("games:table", args=[game.pk]),
        "preferences_url": settings.SITE_URL + reverse("bymail:preferences"),
    }


def turn_context(game: Game, seat: Seat, deadline: Deadline) -> dict:
    """The seat's view, what it is asked with a reply command (and a link) per legal move, and the deadline.

    Call inside `translation.override(recipient's language)`.
    """
    engine = get_engine(game.engine)
    view = engine.view(game.state, seat.position)
    wait = WaitToken(game.pk, seat.position, game.version, deadline.pk)
    legal = engine.legal_actions(game.state, seat.position)
    moves = []
    for action in legal:
        move = {"phrase": render.phrase(game.engine, action, view), "label": action_label(action, game.engine)}
        if len(legal) <= MAX_LINKS:
            token = action_link_token(seat.user_id, wait, action, deadline.closes_at)
            move["link"] = settings.SITE_URL + reverse("bymail:act", args=[token])
        moves.append(move)
    profile = seat.user.profile
    return _base(game, seat) | {
        "board": render.board(game.engine, view, seat_names(game)),
        "moves": moves,
        "reply_to": reply_address(wait),
        "deadline": local_time(deadline.closes_at, profile),
    }


def _send(key, name, seat: Seat, game: Game, event: str, ctx_builder, reply_to: bool = False) -> None:
    profile = seat.user.profile
    with translation.override(profile.language):
        ctx = ctx_builder()
    headers = game_headers(key, game.pk, seat.user_id, event, ctx.get("reply_to", "") if reply_to else "")
    ctx["unsubscribe_url"] = headers["List-Unsubscribe"][1:-1]
    queue_mail(key, name, seat.user.email, ctx, profile.language, headers)


def your_turn(game: Game, seat: Seat, deadline: Deadline) -> None:
    if seat.user_id is None or not preferences.wants(seat.user, "your-turn"):
        return
    key = f"turn:{game.pk}:{seat.position}:{deadline.pk}"
    _send(key, "your-turn", seat, game, "your-turn", lambda: turn_context(game, seat, deadline), reply_to=True)


def reminder(game: Game, seat: Seat, deadline: Deadline) -> None:
    if seat.user_id is None or not preferences.wants(seat.user, "reminder"):
        return
    key = f"reminder:{deadline.pk}"
    _send(key, "reminder", seat, game, "reminder", lambda: turn_context(game, seat, deadline), reply_to=True)


def timed_out(game: Game, seat: Seat, deadline: Deadline, replaced_by_bot: bool) -> None:
    if seat.user_id is None or not preferences.wants(seat.user, "timed-out"):
        return

    def build():
        view = get_engine(game.engine).view(game.state, seat.position)
        return _base(game, seat) | {
            "replaced_by_bot": replaced_by_bot,
            "board": render.board(game.engine, view, seat_names(game)),
        }

    _send(f"timeout:{deadline.pk}", "timed-out", seat, game, "timed-out", build)


def game_over(game: Game) -> None:
    seats = list(game.seats.select_related("user__profile").order_by("rank", "position"))
    for seat in seats:
        if seat.user_id is None or not preferences.wants(seat.user, "game-over"):
            continue

        def build(seat=seat):
            standings = [{"rank": s.rank, "name": str(s.name), "score": s.score, "me": s.pk == seat.pk} for s in seats]
            return _base(game, seat) | {"standings": standings, "rating_changes": _rating_changes(game, seat)}

        _send(f"over:{game.pk}:{seat.position}", "game-over", seat, game, "game-over", build)


def _rating_changes(game: Game, seat: Seat) -> list:
    # Ratings do not exist yet (tournaments/ is to come); the template shows them when this returns rows.
    return []


def phase_results(game: Game, outcome) -> None:
    """After a round (Wild Cards, Wizard) or a year (Emu Ranchers) ends: what it revealed, to every player.

    Called by `advance` before the new waits open, while `game.phase_key`
    still names the phase that was left.
    """
    engine = get_engine(game.engine)
    module = render.module(game.engine)
    if module is None or engine.is_over(game.state):
        return
    finished = module.round_of(game.phase_key)
    if finished is None or finished == module.round_of(engine.phase_key(game.state)):
        return
    names = seat_names(game)
    for seat in game.seats.filter(kind=Seat.Kind.HUMAN).select_related("user__profile"):
        if seat.user_id is None or not preferences.wants(seat.user, "phase-results"):
            continue

        def build(seat=seat):
            view = engine.view(game.state, seat.position)
            extra = _round_log(game, outcome, names) if game.engine == "wildcards" else {}
            return _base(game, seat) | {"round": finished, "results": module.results(view, names, extra)}

        _send(f"results:{game.pk}:{finished}:{seat.position}", "phase-results", seat, game, "phase-results", build)


def _round_log(game: Game, outcome, names: dict) -> dict:
    """Wild Cards clears its public log when a round starts: replay to just before the round's last move."""
    from games.bymail.render.wildcards import round_of
    from games.replay import rebuild_state

    if not outcome.actions:
        return {}
    engine = get_engine(game.engine)
    state = rebuild_state(game, upto=outcome.actions[0].seq)
    for action in outcome.actions:
        after = engine.apply(state, action.seat, action.payload)
        if round_of(engine.phase_key(after)) != round_of(engine.phase_key(state)):
            who = render.name_of(names, action.seat)
            return {
                "log": engine.view(state, None)["log"],
                "last_moves": [f"{who}: {action_label(action.payload, game.engine)}"],
            }
        state = after
    return {}
