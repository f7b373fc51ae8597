"""Mail about joining games (the invitation), queued in the outbox."""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse
from django.utils import translation

from games.bymail.headers import game_headers
from games.models import Invitation
from games.presenters.game_settings import settings_words
from games.services.notify import invitation_mail_key
from wildcards_site.outbox.sending import queue_mail


def invitation(invite: Invitation) -> None:
    # Someone with no account yet has no language of their own: the inviter's is the better guess.
    language = (invite.user if invite.user_id else invite.invited_by).profile.language
    link = settings.SITE_URL + reverse("games:invitation", args=[invite.token])
    game = invite.game
    # "A rematch of …, which you played together" only to someone who played it.
    previous = game.rematch_of if invite.user_id and game.rematch_of_id else None
    if previous is not None and not previous.seats.filter(user_id=invite.user_id).exists():
        previous = None
    inviter = invite.invited_by.profile.name
    seated = [seat for seat in game.seats.select_related("user__profile").order_by("position") if seat.user_id]
    with translation.override(language):  # words made here, not in the template: in the mail's language
        words = settings_words(game)
    # "Sign up first" only to an address without an account (one invited by address may have one).
    ctx = {
        "invitation": invite,
        "game": game,
        "inviter": inviter,
        "link": link,
        "previous": previous,
        "has_account": invite.user_id is not None,
        # What one is invited to: edition and variants, rated or not, the clock; who sits there.
        "settings": words,
        "players": ", ".join(str(seat.name) for seat in seated),
        "open_seats": game.num_seats - len(seated),
    }
    key = invitation_mail_key(invite.pk)
    # The game's first mail starts its conversation: the turn mails that follow thread under it.
    headers = game_headers(key, game.pk, None, "invitation")
    queue_mail(key, "invitation", invite.email, ctx, language, headers)
