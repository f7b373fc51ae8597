"""Mail that game events cause, queued in the outbox inside the same transaction.

Each function is one message; the outbox key names the event so that a
message is queued at most once however often the event is processed.
"""

from __future__ import annotations

import zoneinfo

from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from games.engines import get_engine
from games.models import Deadline, Game, Seat
from wildcards_site.outbox.sending import queue_mail


def _local(moment, profile) -> str:
    try:
        zone = zoneinfo.ZoneInfo(profile.time_zone)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        zone = zoneinfo.ZoneInfo("UTC")
    return timezone.localtime(moment, zone).strftime("%a %d %b %Y %H:%M %Z")


def _thread_headers(game: Game) -> dict:
    # One conversation per game in every mail client.
    root = f"<game-{game.pk}@{settings.SITE_URL.split('://', 1)[-1].split('/')[0]}>"
    return {"References": root, "In-Reply-To": root}


def _context(game: Game, seat: Seat) -> dict:
    engine = get_engine(game.engine)
    return {
        "game": game,
        "seat": seat,
        "game_name": game.title,
        "view": engine.view(game.state, seat.position) if game.state is not None else {},
        "table_url": settings.SITE_URL + reverse("games:table", args=[game.pk]),
    }


def your_turn(game: Game, seat: Seat, deadline: Deadline) -> None:
    if seat.user_id is None or not seat.user.email:
        return
    profile = seat.user.profile
    if not profile.email_turns or profile.email_digest:
        return
    ctx = _context(game, seat) | {"deadline": _local(deadline.closes_at, profile)}
    queue_mail(
        f"turn:{game.pk}:{seat.position}:{deadline.pk}",
        "your-turn",
        seat.user.email,
        ctx,
        language=profile.language,
        headers=_thread_headers(game),
    )


def reminder(game: Game, seat: Seat, deadline: Deadline) -> None:
    if seat.user_id is None or not seat.user.profile.email_reminders:
        return
    profile = seat.user.profile
    ctx = _context(game, seat) | {"deadline": _local(deadline.closes_at, profile)}
    queue_mail(f"reminder:{deadline.pk}", "reminder", seat.user.email, ctx, profile.language, _thread_headers(game))


def timed_out(game: Game, seat: Seat, deadline: Deadline, replaced_by_bot: bool) -> None:
    if seat.user_id is None:
        return
    profile = seat.user.profile
    ctx = _context(game, seat) | {"replaced_by_bot": replaced_by_bot}
    queue_mail(f"timeout:{deadline.pk}", "timed-out", seat.user.email, ctx, profile.language, _thread_headers(game))


def game_over(game: Game) -> None:
    seats = list(game.seats.select_related("user__profile").order_by("rank", "position"))
    for seat in seats:
        if seat.user_id is None or not seat.user.email:
            continue
        profile = seat.user.profile
        if not profile.email_results:
            continue
        ctx = _context(game, seat) | {"standings": seats}
        queue_mail(
            f"over:{game.pk}:{seat.position}",
            "game-over",
            seat.user.email,
            ctx,
            profile.language,
            _thread_headers(game),
        )
