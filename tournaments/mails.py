"""The tournament's final mail: every entrant's place and the top of the standings."""

from __future__ import annotations

from django.utils import translation

from games.bymail import preferences
from games.bymail.headers import game_headers
from wildcards_site.outbox.sending import queue_mail

TOP = 10


def tournament_final(user, tournament: str, key: str, place: int | None, top: list[dict], url: str) -> None:
    """The tournament is over. `top` holds {"place", "name", "points"} rows, best first."""
    # Same switch as the round mails: one preference for all tournament mail.
    if not preferences.wants(user, "tournament-round"):
        return
    profile = user.profile
    mail_key = f"tournament-final:{key}:{user.pk}"
    headers = game_headers(mail_key, None, user.pk, "tournament-round")
    with translation.override(profile.language):
        ctx = {
            "player": profile.name,
            "tournament": tournament,
            "place": place,
            "top": top[:TOP],
            "tournament_url": url,
            "unsubscribe_url": headers["List-Unsubscribe"][1:-1],
        }
    queue_mail(mail_key, "tournament-final", user.email, ctx, profile.language, headers)
