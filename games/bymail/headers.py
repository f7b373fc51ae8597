"""Headers every game mail carries: threading per game, the seat's Reply-To, unsubscribe."""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse

from games.bymail.tokens import unsubscribe_token
from wildcards_site.outbox.message_ids import mail_domain, message_id


def game_root_id(game_id: int) -> str:
    return f"<game-{game_id}@{mail_domain()}>"


def unsubscribe_url(user_id: int, event: str) -> str:
    return settings.SITE_URL + reverse("bymail:unsubscribe", args=[unsubscribe_token(user_id, event)])


def game_headers(key: str, game_id: int | None, user_id: int | None, event: str, reply_to: str = "") -> dict:
    """One conversation per game (References / In-Reply-To the game's root id), one-click unsubscribe (RFC 8058)."""
    headers = {"Message-ID": message_id(key), "X-Wildcards-Event": event}
    if game_id is not None:
        root = game_root_id(game_id)
        headers |= {"References": root, "In-Reply-To": root}
    if reply_to:
        headers["Reply-To"] = reply_to
    if user_id is not None:
        headers["List-Unsubscribe"] = f"<{unsubscribe_url(user_id, event)}>"
        headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    return headers
