"""A tournament invitation is found on the home page and the Games page, not only through its mail."""

import pytest
from django.urls import reverse

from tests.tournaments.helpers import make_players
from tournaments.services import do_create_tournament, do_invite_to_tournament, do_update_tournament
from wildcards_site.outbox.models import OutboxMessage

pytestmark = pytest.mark.django_db


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


def _invitations(client, page: str) -> str:
    html = client.get(reverse(page)).content.decode()
    return html.split('id="invitations"')[1].split("</section>")[0] if 'id="invitations"' in html else ""


@pytest.mark.parametrize("page", ["home", "games:lobby"])
def test_a_tournament_invitation_is_listed_and_accepted_from_the_list(client, invite_only, organiser, page):
    invitee = make_players(1)[0]
    invitation = do_invite_to_tournament(invite_only.pk, organiser, invitee.username)
    client.force_login(invitee)
    listed = _invitations(client, page)
    assert "Org0 invites you to Closed Swiss, a tournament of Wild Cards." in listed
    assert f'action="{reverse("tournaments:accept", args=[invitation.token])}"' in listed
    client.post(reverse("tournaments:accept", args=[invitation.token]))
    assert invite_only.entries.filter(user=invitee).exists()
    assert _invitations(client, page) == ""


def test_the_tournament_mail_asks_only_a_newcomer_to_sign_up(invite_only, organiser):
    invitee = make_players(1)[0]
    do_invite_to_tournament(invite_only.pk, organiser, invitee.username)
    do_invite_to_tournament(invite_only.pk, organiser, "stranger@example.org")
    known = OutboxMessage.objects.get(to=invitee.email)
    stranger = OutboxMessage.objects.get(to="stranger@example.org")
    assert "sign up" not in known.text and "sign up" not in known.html and "Accept here:" in known.text
    assert "sign up first if you have no account" in stranger.text
