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
from games.services.invitations import account_with_address, check_one_address
from tournaments.mail.mails import invitation_mail_key
from tournaments.models import Entry, Tournament, TournamentInvitation
from tournaments.services.organising import enter_past_conditions
from tournaments.services.registration import do_register
from tournaments.services.running import check_not_playing, check_organiser
from wildcards_site.outbox.sending import drop_unsent

User = get_user_model()


def do_invite_to_tournament(tournament_id: int, user, who: str) -> TournamentInvitation:
    """Invite a player by username, or anyone by address; one invitation per username or address
    typed, so an organiser cannot mail one address again and again.

    Refusals and the organisers' list name only what was typed, never the account an address
    belongs to: an address of someone already entered or invited is listed as any address is
    and mailed nothing (a refusal, its absence from the list, or a refusal of the username typed
    after the address would confirm an entrant's address; games do the same for theirs,
    games/services/invitations.py)."""
    who = who.strip()
    by_address = "@" in who
    if by_address:
        who = check_one_address(who)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        check_organiser(tournament, user)
        if not tournament.takes_entries:
            raise ActionRejected("started", _("Invitations can only be sent while the tournament takes entries."))
        if tournament.status != Tournament.Status.REGISTRATION:
            # A latecomer asked in after the start: by an organiser who does not play, as every
            # other power over the field once it runs.
            check_not_playing(tournament, user)
        if by_address:
            if tournament.invitations.filter(by_address=True, email__iexact=who).exists():
                raise ActionRejected("already_invited", _("This player has been invited already."))
            return _invite_address(tournament, user, who)
        invitee = User.objects.filter(username__iexact=who).first()
        if invitee is None:
            raise ActionRejected("no_user", _("No player is called “%(name)s”.") % {"name": who[:80]})
        if tournament.entries.filter(user=invitee).exists():
            raise ActionRejected("already_registered", _("This player is already in the tournament."))
        if tournament.invitations.filter(by_address=False, user=invitee).exists():
            raise ActionRejected("already_invited", _("This player has been invited already."))
        return _send(tournament, user, invitee, invitee.email, typed=who)


def _invite_address(tournament: Tournament, user, address: str) -> TournamentInvitation:
    """An address typed: listed as typed. One of someone entered or invited already is mailed
    nothing (they know of the event) and lets nobody in: it only looks like any other."""
    owner = account_with_address(address)
    known = owner is not None and (
        tournament.entries.filter(user=owner).exists() or tournament.invitations.filter(user=owner).exists()
    )
    unasked.check_room(address, address)  # the same answer either way, the day's share included
    if known:
        return TournamentInvitation.objects.create(
            tournament=tournament, email=address, by_address=True, invited_by=user, token=secrets.token_urlsafe(32)
        )
    return _send(tournament, user, owner, address, typed=address, by_address=True)


def _send(
    tournament: Tournament, user, invitee, email: str, typed: str, by_address: bool = False
) -> TournamentInvitation:
    if not by_address:
        unasked.check_room(email, typed)
    invitation = TournamentInvitation.objects.create(
        tournament=tournament,
        user=invitee,
        email=email,
        by_address=by_address,
        invited_by=user,
        token=secrets.token_urlsafe(32),
    )
    if invitee is not None:
        tournament.invited.add(invitee)
        tournament.removed.remove(invitee)  # invited again after a removal: they may come back
    from tournaments.mail.mails import tournament_invitation

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
        others = tournament.invitations.filter(user_id=invitation.user_id).exclude(pk=invitation.pk)
        if (
            invitation.user_id is not None
            and not tournament.entries.filter(user_id=invitation.user_id).exists()
            and not others.exists()  # invited by username and by address: the other one stands
        ):
            tournament.invited.remove(invitation.user_id)
        # Its mail, if still waiting in the outbox, would carry a link that no longer works.
        drop_unsent([invitation_mail_key(invitation.pk)])
        invitation.delete()
