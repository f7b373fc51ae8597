"""Registering for a tournament and leaving it through the API: the page's services and refusals."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.api.conftest import api_for
from tests.api.test_play_api import assert_error
from tournaments.models import Entry, Tournament
from tournaments.services import do_create_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(players):
    return do_create_tournament(players[0], "Wizard Cup", "wizard", "swiss", rounds=3)


def test_registering_and_leaving(cup, players):
    api = api_for(players[1])
    answer = api.post(f"/tournaments/{cup.pk}/register", {}).json()
    assert answer["registered"] is True and answer["entrants"] == 1 and answer["rating"] == 1500
    assert_error(api.post(f"/tournaments/{cup.pk}/register", {}), 409, "already_registered")
    answer = api.post(f"/tournaments/{cup.pk}/leave", {}).json()
    assert answer["registered"] is False and answer["entrants"] == 0
    assert_error(api.post(f"/tournaments/{cup.pk}/leave", {}), 409, "not_registered")


def test_a_closed_or_full_or_invitation_only_tournament_refuses(cup, players):
    api = api_for(players[1])
    Tournament.objects.filter(pk=cup.pk).update(registration_closes_at=timezone.now() - timedelta(hours=1))
    assert_error(api.post(f"/tournaments/{cup.pk}/register", {}), 409, "closed")
    Tournament.objects.filter(pk=cup.pk).update(registration_closes_at=None, invitation_only=True)
    assert_error(api.post(f"/tournaments/{cup.pk}/register", {}), 403, "invitation_only")
    Tournament.objects.filter(pk=cup.pk).update(invitation_only=False, capacity=1)
    Entry.objects.create(tournament=cup, user=players[2], rating=1500)
    assert_error(api.post(f"/tournaments/{cup.pk}/register", {}), 409, "full")
    assert not Entry.objects.filter(user=players[1]).exists()


def test_leaving_a_started_tournament_is_refused(cup, players):
    api = api_for(players[1])
    api.post(f"/tournaments/{cup.pk}/register", {})
    Tournament.objects.filter(pk=cup.pk).update(status=Tournament.Status.RUNNING)
    assert_error(api.post(f"/tournaments/{cup.pk}/leave", {}), 409, "started")
    assert Entry.objects.filter(user=players[1]).exists()


def test_an_unknown_tournament_is_not_found(players):
    assert_error(api_for(players[0]).post("/tournaments/999999/register", {}), 404, "not_found")
    assert_error(api_for(players[0]).post("/tournaments/999999/leave", {}), 404, "not_found")


def test_an_invitation_is_listed_and_accepting_it_enters_me(cup, players):
    from tournaments.services import do_invite_to_tournament

    Tournament.objects.filter(pk=cup.pk).update(invitation_only=True)
    invitation = do_invite_to_tournament(cup.pk, players[0], "bob")
    api = api_for(players[1])
    listed = api.get("/tournaments/invitations").json()["invitations"]
    assert [(i["id"], i["tournament"], i["invited_by"]) for i in listed] == [(invitation.pk, cup.pk, "Alice")]
    assert_error(api_for(players[2]).post(f"/tournaments/invitations/{invitation.pk}/accept", {}), 404, "no_invitation")
    answer = api.post(f"/tournaments/invitations/{invitation.pk}/accept", {}).json()
    assert answer["registered"] is True and Entry.objects.filter(tournament=cup, user=players[1]).exists()
    assert api.get("/tournaments/invitations").json()["invitations"] == []
    assert_error(api.post(f"/tournaments/invitations/{invitation.pk}/accept", {}), 404, "no_invitation")


def test_an_invitation_to_a_full_tournament_is_refused_and_enters_nobody(cup, players):
    from tournaments.services import do_invite_to_tournament

    invitation = do_invite_to_tournament(cup.pk, players[0], "bob")
    Tournament.objects.filter(pk=cup.pk).update(capacity=1)
    Entry.objects.create(tournament=cup, user=players[2], rating=1500)
    assert_error(api_for(players[1]).post(f"/tournaments/invitations/{invitation.pk}/accept", {}), 409, "full")
    assert not Entry.objects.filter(user=players[1]).exists()
