"""Table talk: what a game's players write to each other at its table.

Text only (shown escaped, line breaks kept), from the game's players, before the start, in
play and after the end (not in a cancelled game). A player writes at most `BURST` messages
a game in `BURST_WINDOW`: enough to talk, too few to flood the others' tables and mails.
What is read back (the table's lines, a turn mail's) is `games.table_talk`.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Game, TableMessage
from games.services.errors import ActionRejected

MAX_LENGTH = 500
BURST = 5
BURST_WINDOW = timedelta(minutes=1)
# Control characters (a terminal's escapes, NUL) but not the line break.
_CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f]")


def clean(text: str) -> str:
    """The text as stored: line breaks as "\\n", control characters dropped, ends trimmed."""
    return _CONTROL.sub("", text.replace("\r\n", "\n").replace("\r", "\n")).strip()


def do_say(game_id: int, user, text: str, now: datetime | None = None) -> TableMessage:
    """Store one message of a game's player; refused (nothing stored) when empty, too long or too fast."""
    now = now or timezone.now()
    text = clean(text)
    if not text:
        raise ActionRejected("empty", _("Write something first."))
    if len(text) > MAX_LENGTH:
        raise ActionRejected(
            "too_long", _("A message can be at most %(limit)s characters long.") % {"limit": MAX_LENGTH}
        )
    with transaction.atomic():
        # The game row's lock makes the burst count exact when one player posts twice at once.
        game = Game.objects.select_for_update().get(pk=game_id)
        if not game.seats.filter(user=user).exists():
            raise ActionRejected("not_seated", _("Only the game's players can write at its table."))
        if game.status == Game.Status.CANCELLED:
            raise ActionRejected("cancelled", _("This game was cancelled."))
        recent = game.messages.filter(user=user, created_at__gt=now - BURST_WINDOW).count()
        if recent >= BURST:
            raise ActionRejected("too_fast", _("You are writing fast: wait a minute, then go on."))
        return TableMessage.objects.create(game=game, user=user, text=text, created_at=now)
