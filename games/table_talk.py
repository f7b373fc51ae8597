"""Table talk as it is read: the table's latest lines, and what a turn mail carries.

Written by `games.services.talk.do_say`; read here, outside the services, because the mails
that read it are imported by the services themselves.
"""

from __future__ import annotations

from datetime import datetime

from games.models import Game, TableMessage

SHOWN = 50  # the table shows the latest this many; older talk stays stored


def latest(game: Game) -> list[TableMessage]:
    """The talk the table shows, oldest first."""
    shown = game.messages.select_related("user__profile").order_by("-created_at", "-pk")[:SHOWN]
    return list(reversed(shown))


def said_since(game: Game, since: datetime | None, reader_id: int, limit: int) -> tuple[list[TableMessage], int]:
    """What the others wrote after `since` (all of it when None): the latest `limit`, oldest
    first, and how many earlier lines of that were left out."""
    said = game.messages.exclude(user_id=reader_id).select_related("user__profile")
    if since is not None:
        said = said.filter(created_at__gt=since)
    shown = list(reversed(said.order_by("-created_at", "-pk")[:limit]))
    left_out = said.count() - len(shown) if len(shown) == limit else 0
    return shown, left_out
