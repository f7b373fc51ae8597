"""Mail about joining games (the invitation), queued in the outbox."""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse

from games.models import Invitation
from wildcards_site.outbox.sending import queue_mail


def mail_key(invitation_id: int) -> str:
    """The outbox key of an invitation's mail (dropped while unsent if it is withdrawn)."""
    return f"invite:{invitation_id}"


def invitation(invite: Invitation) -> None:
    # Someone with no account yet has no language of their own: the inviter's is the better guess.
    language = (invite.user if invite.user_id else invite.invited_by).profile.language
    link = settings.SITE_URL + reverse("games:invitation", args=[invite.token])
    ctx = {"invitation": invite, "game": invite.game, "inviter": invite.invited_by.profile.name, "link": link}
    queue_mail(mail_key(invite.pk), "invitation", invite.email, ctx, language)
