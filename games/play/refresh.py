"""Whether the table's own refresh would show anything new.

The refresh asks every 20 s (every 2 s while a bot thinks) and a whole table takes some 20 ms
to render. It carries a stamp of what it last showed; when the stamp is still the same, the
answer is 204 with no body and htmx keeps the table as it is. The stamp covers everything the
table shows that can change: the moves (the version), the game's status and pause, every seat
(who sits there, bot or person, level, clock, score, place), the open deadlines (extensions
move them without a move), the table's log of events, its talk, offers and invitations to the
viewer, a finished game's rematch, whether a bot is thinking, the viewer and their language,
and the minute (the time left is written in words).
"""

from __future__ import annotations

import hashlib

from django.db.models import Count
from django.utils import timezone
from django.utils.translation import get_language

from games.models import Deadline, Game


def table_stamp(game: Game, user, thinking: list[int]) -> str:
    """A short fingerprint of the table as `user` sees it now."""
    seats = list(
        game.seats.order_by("position", "pk").values_list(
            "pk", "position", "user_id", "kind", "bot_level", "status", "bank_seconds", "score", "rank"
        )
    )
    waits = list(
        Deadline.objects.filter(game=game, closed_at__isnull=True).order_by("seat").values_list("seat", "closes_at")
    )
    last_event = game.events.order_by("-pk").values_list("pk", flat=True).first()
    last_said = game.messages.order_by("-created_at", "-pk").values_list("pk", flat=True).first()
    if user.is_authenticated:
        offers = list(game.seat_offers.standing().filter(user=user).values_list("pk", flat=True))
        invited = list(game.invitations.open().filter(user=user).values_list("pk", flat=True))
    else:
        offers = invited = []
    # A waiting game's players (only) see its open invitations: one more query, before the start only.
    seated = user.is_authenticated and any(seat[2] == user.pk for seat in seats)
    pending = list(game.invitations.open().values_list("pk", flat=True)) if seated and game.status == "open" else []
    # A finished game's players see its rematch: asked for, sat in, started (one query, once over only).
    rematch = (
        list(game.rematches.annotate(taken=Count("seats")).values_list("pk", "status", "taken"))
        if seated and game.status == "finished"
        else []
    )
    minute = int(timezone.now().timestamp() // 60)
    shown = (
        game.version, game.status, game.paused_at, seats, waits, last_event, last_said, offers, invited, pending,
        rematch, thinking, user.pk, get_language(), minute,
    )  # fmt: skip
    return hashlib.sha256(repr(shown).encode()).hexdigest()[:20]
