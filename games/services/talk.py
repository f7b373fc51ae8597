"""Table talk: what a game's players write to each other at its table.

Text only (shown escaped, line breaks kept), from the game's players, before the start, in
play and after the end (not in a cancelled game). A player writes at most `BURST` messages
a game in `BURST_WINDOW`: enough to talk, too few to flood the others' tables and mails.
What is read back (the table's lines, a turn mail's) is `games.table_talk`.
"""

from __future__ import annotations

import unicodedata
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Game, Seat, TableMessage
from games.services.errors import ActionRejected

MAX_LENGTH = 500
BURST = 5
BURST_WINDOW = timedelta(minutes=1)


def clean(text: str) -> str:
    """The text as stored: line breaks as "\\n", ends trimmed, and no control or format
    characters (a terminal's escapes, NUL, the bidi overrides that would turn a name round)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return "".join(c for c in text if c == "\n" or unicodedata.category(c) not in ("Cc", "Cf")).strip()


def may_talk(game: Game, seat: Seat | None) -> bool:
    """Whether the player in `seat` may write at the table: a player the organisers did not
    remove, in a game not cancelled (what `do_say` checks, for showing the box)."""
    return seat is not None and seat.status != Seat.Status.REMOVED and game.status != Game.Status.CANCELLED


def do_say(game_id: int, user, text: str, now: datetime | None = None) -> TableMessage:
    """Store one message of a game's player; refused (nothing stored) when empty, too long or too fast."""
    now = now or timezone.now()
    if not clean(text):  # refused before any lock is taken
        raise ActionRejected("empty", _("Write something first."))
    with transaction.atomic():
        # The game row's lock makes the burst count exact when one player posts twice at once.
        game = Game.objects.select_for_update().get(pk=game_id)
        return say_locked(game, user, text, now)


def say_locked(game: Game, user, text: str, now: datetime) -> TableMessage:
    """`do_say` on a game its caller has locked (a reply by mail locks once); `text` cleaned."""
    text = clean(text)
    if not text:
        raise ActionRejected("empty", _("Write something first."))
    if len(text) > MAX_LENGTH:
        raise ActionRejected(
            "too_long", _("A message can be at most %(limit)s characters long.") % {"limit": MAX_LENGTH}
        )
    # A player an organiser removed from the table has no more say at it.
    if not game.seats.filter(user=user).exclude(status=Seat.Status.REMOVED).exists():
        raise ActionRejected("not_seated", _("Only the game's players can write at its table."))
    if game.status == Game.Status.CANCELLED:
        raise ActionRejected("cancelled", _("This game was cancelled."))
    recent = game.messages.filter(user=user, created_at__gt=now - BURST_WINDOW).count()
    if recent >= BURST:
        raise ActionRejected("too_fast", _("You are writing fast: wait a minute, then go on."))
    return TableMessage.objects.create(game=game, user=user, text=text, created_at=now)
