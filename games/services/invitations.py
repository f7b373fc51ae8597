"""Invitations to a game waiting for players: sent, refused when the person is already invited,
withdrawn by whoever sent them, declined by whom they invite. Joining with one is `lobby.do_join`."""

from __future__ import annotations

import secrets
from datetime import datetime

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import models, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Game, Invitation
from games.services import notify, unasked
from games.services.errors import ActionRejected
from wildcards_site.outbox.sending import drop_unsent

User = get_user_model()


def check_one_address(who: str) -> str:
    """One address Django accepts: a list ("a@x, b@y"), a header break or markup would
    otherwise be stored and handed to the mailer, which refuses it again at every retry.
    Returns it as its mailbox's one plain spelling (`unasked.normal_address`)."""
    try:
        validate_email(who)
    except ValidationError:
        raise ActionRejected(
            "bad_address", _("“%(who)s” is not one valid email address.") % {"who": who[:80]}
        ) from None
    return unasked.normal_address(who)


def account_with_address(address: str):
    """The account that holds `address`, or None. Not one that never confirmed it and never logged
    in: anyone may sign up with another's address, and such an account gives way to the owner's
    own sign-up (wildcards_site/accounts/forms.py), so an invitation bound to it would be lost."""
    return User.objects.filter(email__iexact=address).exclude(is_active=False, last_login__isnull=True).first()


def do_invite(game_id: int, inviter, who: str) -> Invitation | None:
    """Invite a player by username or email address; the token lets a newcomer join after signing up."""
    who = who.strip()
    if "@" in who:
        who = check_one_address(who)
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        if game.status != Game.Status.OPEN:
            raise ActionRejected("not_open", _("Invitations can only be sent while the game waits for players."))
        if not game.seats.filter(user=inviter).exists() and game.created_by_id != inviter.pk:
            raise ActionRejected("forbidden", _("Only the game's players can invite."))
        user = User.objects.filter(username__iexact=who).first() or (account_with_address(who) if "@" in who else None)
        if user is None and "@" not in who:
            raise ActionRejected("no_user", _("No player is called “%(name)s”.") % {"name": who})
        # Refusals name only what the inviter typed: never another player's address, nor the
        # account an address belongs to. An address of a player seated or invited is answered as
        # any address is, and nothing is sent: an inviter never learns whose address it is (a
        # refusal would confirm a fellow player's address), unless they
        # invited that very address themselves.
        by_address = "@" in who
        email = user.email if user else who
        if user is not None and game.seats.filter(user=user).exists():
            if by_address:
                return None
            raise ActionRejected("already_seated", _("%(name)s already has a seat.") % {"name": who})
        # One open invitation a person: a second would only mail them again.
        existing = invitations_of(game, user, email)
        if existing.exists():
            if by_address and not existing.filter(invited_by=inviter, by_address=True, email__iexact=who).exists():
                return None
            raise ActionRejected("already_invited", _("%(name)s is already invited.") % {"name": who})
        unasked.check_room(email, who)
        return send_invitation(game, inviter, user, email, by_address=by_address)


def send_invitation(game: Game, inviter, user, email: str, by_address: bool = False) -> Invitation:
    """Store an invitation and queue its mail (inside the caller's transaction, the game locked)."""
    invitation = new_invitation(game, inviter, user, email, by_address)
    if unasked.mailed_today(email) < settings.UNASKED_MAILS_PER_DAY:
        # A rematch's invitations past the day's share wait on the site, unmailed.
        notify.invitation(invitation)
    return invitation


def new_invitation(game: Game, inviter, user, email: str, by_address: bool = False) -> Invitation:
    """Store an invitation with a fresh token, mailing nobody."""
    return Invitation.objects.create(
        game=game,
        user=user,
        by_address=by_address,
        email=email,
        invited_by=inviter,
        token=secrets.token_urlsafe(32),
    )


def do_withdraw_invitation(game_id: int, invitation_id: int, user, now: datetime | None = None) -> Invitation:
    """Take back an invitation not taken up yet: its link no longer seats anyone. Only its sender may."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        invitation = game.invitations.select_related("user__profile").filter(pk=invitation_id).first()
        # Anyone but its sender hears the same for every id: no telling which invitations exist.
        if invitation is None or invitation.invited_by_id != user.pk:
            raise ActionRejected("forbidden", _("Only the player who sent an invitation can withdraw it."))
        if invitation.accepted_at is not None or invitation.withdrawn_at is not None:
            raise ActionRejected("no_invitation", _("This invitation was taken up or withdrawn already."))
        if game.status != Game.Status.OPEN:
            raise ActionRejected("not_open", _("The game is no longer waiting for players."))
        invitation.withdrawn_at = now or timezone.now()
        invitation.save(update_fields=["withdrawn_at"])
        drop_unsent([notify.invitation_mail_key(invitation.pk)])
        return invitation


def addressed_to(user) -> Q:
    """Invitations to the account, or to its address before it had one (the link seats whoever holds it)."""
    return Q(user=user) | Q(user__isnull=True, email__iexact=user.email) if user.email else Q(user=user)


def do_decline_invitation(invitation_id: int, user, now: datetime | None = None) -> Invitation:
    """Turn an invitation down: its link seats nobody any more, and its sender sees it declined."""
    with transaction.atomic():
        invitation = Invitation.objects.select_for_update().filter(addressed_to(user), pk=invitation_id).first()
        if invitation is None:
            raise ActionRejected("not_invited", _("There is no such invitation for you."))
        if invitation.accepted_at or invitation.withdrawn_at or invitation.declined_at:
            raise ActionRejected("answered", _("This invitation was taken up, withdrawn or declined already."))
        invitation.declined_at = now or timezone.now()
        invitation.user = invitation.user or user
        invitation.save(update_fields=["declined_at", "user"])
        drop_unsent([notify.invitation_mail_key(invitation.pk)])
        return invitation


def invitations_of(game: Game, user, email: str = "") -> models.QuerySet:
    """The game's open invitations of one person: to their account or to their address."""
    same = Q(user=user) if user is not None else Q(pk__in=[])
    if email:
        same |= Q(email__iexact=email)
    return game.invitations.open().filter(same)


def invitee_name(invitation: Invitation) -> str:
    """Whom an invitation names, as its sender put it: the player's name, or the address."""
    return invitation.email if invitation.by_address or not invitation.user_id else invitation.user.profile.name


def withdraw_all(invitations: models.QuerySet, now: datetime) -> None:
    """Close these invitations: their links no longer seat anyone, their mails still waiting are not sent."""
    ids = list(invitations.values_list("pk", flat=True))
    Invitation.objects.filter(pk__in=ids).update(withdrawn_at=now)
    drop_unsent([notify.invitation_mail_key(pk) for pk in ids])
