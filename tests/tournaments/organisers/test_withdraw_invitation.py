"""Organisers take back a tournament invitation before it is accepted (issue 29)."""

import pytest
from django.urls import reverse

from games.services.errors import ActionRejected
from tests.tournaments.helpers import make_players
from tournaments.models import TournamentInvitation
from tournaments.services import (
    do_accept_tournament_invitation,
    do_create_tournament,
    do_invite_to_tournament,
    do_register,
    do_update_tournament,
    do_withdraw_tournament_invitation,
)


@pytest.fixture
def organiser(db):
    return make_players(1, "org")[0]


@pytest.fixture
def invite_only(organiser):
    tournament = do_create_tournament(
        organiser, "Closed Swiss", "wildcards", "swiss", seats_preferred=3, seats_min=3, seats_max=3, rounds=3
    )
    do_update_tournament(tournament.pk, organiser, invitation_only=True)
    return tournament


def test_a_withdrawn_invitation_no_longer_lets_the_invitee_in(invite_only, organiser):
    invitee = make_players(1)[0]
    invitation = do_invite_to_tournament(invite_only.pk, organiser, invitee.username)
    do_withdraw_tournament_invitation(invite_only.pk, organiser, invitation.pk)
    assert not TournamentInvitation.objects.filter(pk=invitation.pk).exists()
    assert not invite_only.invited.filter(pk=invitee.pk).exists()
    with pytest.raises(ActionRejected) as rejected:
        do_accept_tournament_invitation(invitation.token, invitee)
    assert rejected.value.code == "bad_invitation"
    with pytest.raises(ActionRejected) as rejected:
        do_register(invite_only.pk, invitee)
    assert rejected.value.code == "invitation_only"
    assert not invite_only.entries.exists()
    # Withdrawn, the person may be invited again.
    again = do_invite_to_tournament(invite_only.pk, organiser, invitee.username)
    do_accept_tournament_invitation(again.token, invitee)
    assert invite_only.entries.filter(user=invitee).exists()


def test_an_address_invitation_is_withdrawn_and_its_link_is_gone(client, invite_only, organiser):
    invitation = do_invite_to_tournament(invite_only.pk, organiser, "new@example.org")
    do_withdraw_tournament_invitation(invite_only.pk, organiser, invitation.pk)
    assert client.get(reverse("tournaments:invitation", args=[invitation.token])).status_code == 404


def test_an_accepted_invitation_cannot_be_withdrawn_and_nothing_changes(invite_only, organiser):
    invitee = make_players(1)[0]
    invitation = do_invite_to_tournament(invite_only.pk, organiser, invitee.username)
    do_accept_tournament_invitation(invitation.token, invitee)
    with pytest.raises(ActionRejected) as rejected:
        do_withdraw_tournament_invitation(invite_only.pk, organiser, invitation.pk)
    assert rejected.value.code == "accepted"
    assert TournamentInvitation.objects.filter(pk=invitation.pk, accepted_at__isnull=False).exists()
    assert invite_only.entries.filter(user=invitee).exists()


def test_only_an_organiser_withdraws_and_only_their_own_tournaments_invitations(invite_only, organiser):
    invitee, stranger = make_players(2)
    invitation = do_invite_to_tournament(invite_only.pk, organiser, invitee.username)
    with pytest.raises(ActionRejected):
        do_withdraw_tournament_invitation(invite_only.pk, stranger, invitation.pk)
    other = do_create_tournament(stranger, "Other", "wildcards", "swiss", rounds=1)
    with pytest.raises(ActionRejected) as rejected:
        do_withdraw_tournament_invitation(other.pk, stranger, invitation.pk)
    assert rejected.value.code == "no_invitation"
    assert TournamentInvitation.objects.filter(pk=invitation.pk).exists()
    assert invite_only.invited.filter(pk=invitee.pk).exists()


def test_the_organiser_withdraws_from_the_page_and_a_bad_id_is_refused(client, invite_only, organiser):
    invitee = make_players(1)[0]
    invitation = do_invite_to_tournament(invite_only.pk, organiser, invitee.username)
    client.force_login(organiser)
    page = client.get(reverse("tournaments:detail", args=[invite_only.pk])).content.decode()
    assert f'name="invitation" value="{invitation.pk}"' in page and "Withdraw the invitation of P0" in page
    url = reverse("tournaments:organise", args=[invite_only.pk, "withdraw"])
    assert client.post(url, {"invitation": "x"}).status_code == 400
    response = client.post(url, {"invitation": invitation.pk}, follow=True)
    assert "The invitation is withdrawn." in response.content.decode()
    assert not TournamentInvitation.objects.filter(pk=invitation.pk).exists()
    response = client.post(url, {"invitation": invitation.pk}, follow=True)
    assert "There is no such invitation" in response.content.decode()


def test_a_withdrawn_invitation_s_mail_not_sent_yet_is_never_sent(invite_only, organiser):
    # The invitee gets no link that no longer works (games drop theirs).
    from wildcards_site.outbox.models import OutboxMessage

    invitee = make_players(1)[0]
    invitation = do_invite_to_tournament(invite_only.pk, organiser, invitee.username)
    key = f"tournament-invite:{invitation.pk}"
    assert OutboxMessage.objects.get(key=key).status == OutboxMessage.Status.PENDING
    do_withdraw_tournament_invitation(invite_only.pk, organiser, invitation.pk)
    assert OutboxMessage.objects.get(key=key).status == OutboxMessage.Status.DROPPED


def test_a_player_asked_in_past_the_conditions_is_listed_and_withdrawable_in_an_open_event(client, organiser):
    # In an event open to all, the players asked in past the conditions are listed, so the
    # organiser can see and withdraw them.
    from tournaments.services import do_add_entrant

    tournament = do_create_tournament(
        organiser, "Open Swiss", "wildcards", "swiss", seats_preferred=3, seats_min=3, seats_max=3, rounds=3
    )
    asked = make_players(1, "asked")[0]
    invitation = do_add_entrant(tournament.pk, organiser, asked)
    client.force_login(organiser)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    listed = page.split('id="invitations"', 1)[1].split("</ul>", 1)[0]
    assert asked.profile.name in listed and f'name="invitation" value="{invitation.pk}"' in listed
    client.post(reverse("tournaments:organise", args=[tournament.pk, "withdraw"]), {"invitation": invitation.pk})
    assert not TournamentInvitation.objects.filter(pk=invitation.pk).exists()
