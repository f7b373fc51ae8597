"""What a signed-in player is invited to, for the home page and the Games page: invitations to
games waiting for players (a rematch says which game it plays again), seats offered to them,
and what other apps add (`games.sections.register_invitations`: a tournament's invitation)."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Game, Invitation, SeatOffer
from games.sections import PendingInvitation, other_invitations
from wildcards_site.accounts.marks import text_mark

SHOWN = 20  # a bound for the page: far above what anyone is invited to at once


def pending_invitations(user) -> list[PendingInvitation]:
    """The player's open invitations and seat offers, then the other apps', newest first."""
    if not user.is_authenticated:
        return []
    found = _game_invitations(user) + _seat_offers(user) + other_invitations(user)
    found.sort(key=lambda pending: pending.created_at or timezone.now(), reverse=True)
    return found[:SHOWN]


def _game_invitations(user) -> list[PendingInvitation]:
    # To their account, or to their address before it had one (the link seats whoever holds it).
    mine = Q(user=user) | Q(user__isnull=True, email__iexact=user.email) if user.email else Q(user=user)
    invitations = (
        Invitation.objects.open()
        .filter(mine, game__status=Game.Status.OPEN)
        .exclude(game__seats__user=user)
        .select_related("game__rematch_of", "invited_by__profile")
        .order_by("-created_at")[:SHOWN]
    )
    found = []
    for invitation in invitations:
        game, who = invitation.game, invitation.invited_by.profile.name + text_mark(invitation.invited_by)
        previous = game.rematch_of
        if previous is not None and previous.seats.filter(user=user).exists():
            text = _("%(who)s invites you to %(game)s, a rematch of %(previous)s.") % {
                "who": who,
                "game": game,
                "previous": previous,
            }
        else:
            text = _("%(who)s invites you to %(game)s.") % {"who": who, "game": game}
        # A private game shows its table to the account invited; an address invited sees the invitation's page.
        url = (
            reverse("games:table", args=[game.pk])
            if invitation.user_id
            else reverse("games:invitation", args=[invitation.token])
        )
        found.append(
            PendingInvitation(
                kind="rematch" if previous is not None else "game",
                text=text,
                url=url,
                accept_url=reverse("games:join", args=[game.pk]),
                accept_label=_("Accept the invitation"),
                accept_fields=(("token", invitation.token),),
                created_at=invitation.created_at,
                decline_url=reverse("games:decline_invitation", args=[invitation.pk]),
            )
        )
    return found


def _seat_offers(user) -> list[PendingInvitation]:
    since = timezone.now() - timedelta(days=settings.GAME_SEAT_OFFER_DAYS)
    offers = (
        SeatOffer.objects.filter(user=user, answered_at__isnull=True, created_at__gt=since)
        .filter(game__status__in=(Game.Status.RUNNING, Game.Status.PAUSED))
        .select_related("game", "offered_by__profile")
        .order_by("-created_at")[:SHOWN]
    )
    found = []
    for offer in offers:
        if offer.offered_by_id:
            who = offer.offered_by.profile.name + text_mark(offer.offered_by)
            text = _("%(who)s offers you a seat in %(game)s.") % {"who": who, "game": offer.game}
        else:
            text = _("A seat in %(game)s is offered to you.") % {"game": offer.game}
        found.append(
            PendingInvitation(
                kind="seat",
                text=text,
                url=reverse("games:table", args=[offer.game_id]),
                accept_url=reverse("games:answer_offer", args=[offer.game_id, offer.pk]),
                accept_label=_("Take the seat"),
                accept_fields=(("answer", "accept"),),
                created_at=offer.created_at,
                decline_url=reverse("games:answer_offer", args=[offer.game_id, offer.pk]),
                decline_fields=(("answer", "decline"),),
            )
        )
    return found
