"""Remembering when a player last looked at a table, for "since your last look"."""

from __future__ import annotations

from django.db.models import Max, Q

from games.models import Action, Seat


def look_baseline(seat: Seat) -> int:
    """The version after which a seat has news: its player's last look or own move, the later."""
    # A move made for the player (forced, answered ahead, a delegate's) is not one: they never
    # saw the cards played before it.
    moves = Action.objects.filter(game_id=seat.game_id, seat=seat.position, channel__in=Action.SEEN_CHANNELS)
    last_own = moves.aggregate(last=Max("seq"))["last"]
    own = last_own + 1 if last_own is not None else 0
    return max(own, seat.seen_version or 0)


def do_note_look(seat_id: int, version: int) -> None:
    """The seat's player has seen the table at `version`. One conditional UPDATE: a slower
    request carrying an older version never moves the mark back."""
    Seat.objects.filter(pk=seat_id).filter(Q(seen_version__isnull=True) | Q(seen_version__lt=version)).update(
        seen_version=version
    )
