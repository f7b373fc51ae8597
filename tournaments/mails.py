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


def _tournament_url(tournament) -> str:
    from django.conf import settings
    from django.urls import reverse

    return settings.SITE_URL + reverse("tournaments:detail", args=[tournament.pk])


def tournament_invitation(invitation) -> None:
    """An organiser's invitation: sent whatever the invitee's preferences, like a game's (one a person)."""
    from django.conf import settings
    from django.urls import reverse

    language = invitation.user.profile.language if invitation.user_id else None
    link = settings.SITE_URL + reverse("tournaments:invitation", args=[invitation.token])
    # The game's name in the invitee's language (a newcomer's: the site's).
    with translation.override(language or settings.LANGUAGE_CODE):
        game = invitation.tournament.game_title
    ctx = {
        "tournament": invitation.tournament.name,
        "game": game,
        "inviter": invitation.invited_by.profile.name,
        "link": link,
    }
    queue_mail(f"tournament-invite:{invitation.pk}", "tournament-invitation", invitation.email, ctx, language)


def _to_entrant(user, tournament, name: str, key: str, extra: dict) -> None:
    """A mail to one entrant, under the one switch for all tournament mail."""
    if not preferences.wants(user, "tournament-round"):
        return
    profile = user.profile
    headers = game_headers(key, None, user.pk, "tournament-round")
    ctx = {
        "player": profile.name,
        "tournament": tournament.name,
        "tournament_url": _tournament_url(tournament),
        "unsubscribe_url": headers["List-Unsubscribe"][1:-1],
        **extra,
    }
    queue_mail(key, name, user.email, ctx, profile.language, headers)


def tournament_cancelled(user, tournament) -> None:
    _to_entrant(user, tournament, "tournament-cancelled", f"tournament-cancelled:{tournament.pk}:{user.pk}", {})


def tournament_message(user, tournament, message) -> None:
    """One mail per entrant and message: the key makes a second attempt a no-op."""
    key = f"tournament-message:{message.pk}:{user.pk}"
    extra = {"organiser": message.author.profile.name, "text": message.text}
    _to_entrant(user, tournament, "tournament-message", key, extra)
