"""Invitations to a tournament by invitation only: the organisers invite by username or address,
the invitee accepts from the mail's link or from the tournament's page, which enters them."""

from __future__ import annotations

import secrets
from datetime import datetime

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.services import unasked
from games.services.errors import ActionRejected
from games.services.invitations import check_one_address
from tournaments.models import Entry, Tournament, TournamentInvitation
from tournaments.services.organising import enter_past_conditions
from tournaments.services.registration import do_register
from tournaments.services.running import check_organiser

User = get_user_model()


def do_invite_to_tournament(tournament_id: int, user, who: str) -> TournamentInvitation:
    """Invite a player by username, or anyone by address; one invitation per person and tournament,
    so an organiser cannot mail one address again and again."""
    who = who.strip()
    if "@" in who:
        who = check_one_address(who)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        check_organiser(tournament, user)
        if tournament.status != Tournament.Status.REGISTRATION:
            raise ActionRejected("started", _("Invitations can only be sent before the start."))
        invitee = User.objects.filter(username__iexact=who).first() or (
            User.objects.filter(email__iexact=who).first() if "@" in who else None
        )
        if invitee is None and "@" not in who:
            raise ActionRejected("no_user", _("No player is called “%(name)s”.") % {"name": who[:80]})
        if invitee is not None and tournament.entries.filter(user=invitee).exists():
            raise ActionRejected("already_registered", _("This player is already in the tournament."))
        email = invitee.email if invitee else who
        already = tournament.invitations.filter(user=invitee) if invitee else None
        if (already is not None and already.exists()) or tournament.invitations.filter(email__iexact=email).exists():
            raise ActionRejected("already_invited", _("This player has been invited already."))
        unasked.check_room(email, who)
        invitation = TournamentInvitation.objects.create(
            tournament=tournament, user=invitee, email=email, invited_by=user, token=secrets.token_urlsafe(32)
        )
        if invitee is not None:
            tournament.invited.add(invitee)
        from tournaments.mails import tournament_invitation

        tournament_invitation(invitation)
        return invitation


def do_accept_tournament_invitation(token: str, user, now: datetime | None = None) -> Entry:
    """Accept an invitation and enter: the other conditions (capacity, window, rating) still apply,
    and if one refuses, nothing changes."""
    now = now or timezone.now()
    with transaction.atomic():
        invitation = TournamentInvitation.objects.select_for_update().filter(token=token).first()
        if invitation is None or invitation.accepted_at is not None:
            raise ActionRejected("bad_invitation", _("This invitation is not valid (used, or withdrawn)."))
        if invitation.user_id is not None and invitation.user_id != user.pk:
            raise ActionRejected("bad_invitation", _("This invitation is for another player."))
        invitation.tournament.invited.add(user)
        if invitation.waives_conditions:
            tournament = Tournament.objects.select_for_update().get(pk=invitation.tournament_id)
            if tournament.status != Tournament.Status.REGISTRATION:
                raise ActionRejected("started", _("The tournament has started: its entrants are fixed."))
            entry = enter_past_conditions(tournament, user)
        else:
            entry = do_register(invitation.tournament_id, user, now)
        invitation.user, invitation.accepted_at = user, now
        invitation.save(update_fields=["user", "accepted_at"])
        return entry


def do_withdraw_tournament_invitation(tournament_id: int, user, invitation_id: int) -> None:
    """Take back an invitation not yet accepted: its link stops working and the invitee is no
    longer let in. An accepted one is an entry: the organisers remove the entrant instead."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        check_organiser(tournament, user)
        invitation = tournament.invitations.select_for_update().filter(pk=invitation_id).first()
        if invitation is None:
            raise ActionRejected("no_invitation", _("There is no such invitation (withdrawn already?)."))
        if invitation.accepted_at is not None:
            raise ActionRejected(
                "accepted", _("This invitation was accepted: remove the player from the entrants instead.")
            )
        if invitation.user_id is not None and not tournament.entries.filter(user_id=invitation.user_id).exists():
            tournament.invited.remove(invitation.user_id)
        invitation.delete()
