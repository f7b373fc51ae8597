"""An organiser who invites by address never learns whose address it is (the invitation list
does not name the account behind a typed address, nor do the refusals tell which entrant or
invitee an address belongs to). Games do the same for their invitations."""

import pytest
from django.urls import reverse

from games.services.errors import ActionRejected
from tests.conftest import make_user
from tests.tournaments.helpers import make_players
from tournaments.services import (
    do_accept_tournament_invitation,
    do_create_tournament,
    do_invite_to_tournament,
    do_register,
    do_update_tournament,
)
from wildcards_site.outbox.models import OutboxMessage


@pytest.fixture
def organiser(db):
    return make_players(1, "snoop")[0]


@pytest.fixture
def closed(organiser):
    tournament = do_create_tournament(
        organiser, "Anything", "wildcards", "swiss", seats_preferred=3, seats_min=3, seats_max=3, rounds=3
    )
    do_update_tournament(tournament.pk, organiser, invitation_only=True)
    return tournament


def person(username: str, name: str, email: str):
    user = make_user(username, display_name=name)
    user.email = email
    user.save(update_fields=["email"])
    return user


def test_the_invitation_list_shows_the_address_typed_not_the_account_behind_it(client, organiser, closed):
    quiet = person("quiet_one", "Secret Identity", "private.person@example.org")
    invitation = do_invite_to_tournament(closed.pk, organiser, "Private.Person@example.org")
    assert invitation.user == quiet  # they can still accept on the site, signed in
    client.force_login(organiser)
    page = client.get(reverse("tournaments:detail", args=[closed.pk])).content.decode()
    invitations = page.split('id="invitations"', 1)[1].split("</ul>", 1)[0]
    assert "Secret Identity" not in invitations and "Private.Person@example.org" in invitations
    do_accept_tournament_invitation(invitation.token, quiet)
    # Accepted, they are an entrant: every entrant's name is public.
    page = client.get(reverse("tournaments:detail", args=[closed.pk])).content.decode()
    assert "Secret Identity" in page


def _listed(client, organiser, tournament) -> str:
    client.force_login(organiser)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    return page.split('id="invitations"', 1)[1].split("</ul>", 1)[0] if 'id="invitations"' in page else ""


def test_an_entrant_s_address_is_listed_as_any_address_and_mails_nobody(client, organiser, closed):
    # Answered None and left out of the list, the entrant's address would show by its absence
    # from the list whose address it is.
    victim = person("victim", "Victim", "v.hidden@example.org")
    closed.invited.add(victim)
    do_register(closed.pk, victim)
    mails = OutboxMessage.objects.count()
    stranger = do_invite_to_tournament(closed.pk, organiser, "nobody@example.org")
    entrant = do_invite_to_tournament(closed.pk, organiser, "v.hidden@example.org")
    assert stranger is not None and entrant is not None
    assert OutboxMessage.objects.count() == mails + 1  # the stranger's mail only
    listed = _listed(client, organiser, closed)
    assert "nobody@example.org" in listed and "v.hidden@example.org" in listed and "Victim" not in listed
    # By username the entrant is named anyway (the list is public): a plain refusal.
    with pytest.raises(ActionRejected) as rejected:
        do_invite_to_tournament(closed.pk, organiser, "victim")
    assert rejected.value.code == "already_registered"


def test_an_address_invited_by_username_is_listed_as_any_address(client, organiser, closed):
    person("invitee", "Invitee", "i.hidden@example.org")
    do_invite_to_tournament(closed.pk, organiser, "invitee")
    mails = OutboxMessage.objects.count()
    assert do_invite_to_tournament(closed.pk, organiser, "i.hidden@example.org") is not None
    assert OutboxMessage.objects.count() == mails
    assert "i.hidden@example.org" in _listed(client, organiser, closed)


def test_a_username_after_its_address_is_invited_as_any_username(organiser, closed):
    # The username of an address invited earlier is not refused as "invited already", which would
    # tell the organiser whose address it is.
    quiet = person("quiet", "Quiet", "quiet@example.org")
    person("other", "Other", "other@example.org")
    do_invite_to_tournament(closed.pk, organiser, "quiet@example.org")
    do_invite_to_tournament(closed.pk, organiser, "other")
    assert do_invite_to_tournament(closed.pk, organiser, "quiet").user == quiet
    with pytest.raises(ActionRejected) as rejected:
        do_invite_to_tournament(closed.pk, organiser, "quiet")  # that username twice: it was typed
    assert rejected.value.code == "already_invited"


def test_the_same_address_typed_twice_is_refused_as_invited_already(organiser, closed):
    do_invite_to_tournament(closed.pk, organiser, "someone@example.org")
    with pytest.raises(ActionRejected) as rejected:
        do_invite_to_tournament(closed.pk, organiser, "SOMEONE@example.org")
    assert rejected.value.code == "already_invited"


def test_withdrawing_one_of_two_invitations_of_a_player_leaves_them_invited(organiser, closed):
    # Invited by address and by username (both mailed: neither tells the other), then the
    # address's invitation is withdrawn: the username's still lets them in.
    from tournaments.services import do_withdraw_tournament_invitation

    quiet = person("quiet", "Quiet", "quiet@example.org")
    by_address = do_invite_to_tournament(closed.pk, organiser, "quiet@example.org")
    do_invite_to_tournament(closed.pk, organiser, "quiet")
    do_withdraw_tournament_invitation(closed.pk, organiser, by_address.pk)
    assert closed.invited.filter(pk=quiet.pk).exists()
    do_register(closed.pk, quiet)
    assert closed.entries.filter(user=quiet).exists()
