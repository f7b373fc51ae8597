"""An invitation is declined by whom it invites: its link seats nobody, its sender sees it declined,
and nobody else can decline it for them."""

import json

import pytest
from django.urls import reverse

from games.api.models import ApiToken
from games.models import Game, Invitation
from games.services import ActionRejected, do_create_game, do_invite, do_join
from games.services.invitations import do_decline_invitation
from tests.conftest import make_user
from wildcards_site.outbox.models import OutboxMessage

pytestmark = pytest.mark.django_db


@pytest.fixture
def invited(players):
    alice, bob, carol = players
    game = do_create_game(alice, "toy", 3, visibility=Game.Visibility.PRIVATE)
    return game, do_invite(game.pk, alice, "bob"), alice, bob, carol


def test_a_declined_invitation_seats_nobody_and_its_mail_still_waiting_is_not_sent(invited):
    game, invitation, _alice, bob, _carol = invited
    do_decline_invitation(invitation.pk, bob)
    invitation.refresh_from_db()
    assert invitation.declined_at is not None
    assert not Invitation.objects.open().filter(pk=invitation.pk).exists()
    assert OutboxMessage.objects.get(key=f"invite:{invitation.pk}").status == OutboxMessage.Status.DROPPED
    with pytest.raises(ActionRejected):
        do_join(game.pk, bob, token=invitation.token)
    assert not game.seats.filter(user=bob).exists()


def test_only_the_invited_player_may_decline_and_only_once(invited):
    _game, invitation, alice, bob, carol = invited
    for stranger in (alice, carol):
        with pytest.raises(ActionRejected) as refused:
            do_decline_invitation(invitation.pk, stranger)
        assert refused.value.code == "not_invited"
    invitation.refresh_from_db()
    assert invitation.declined_at is None
    do_decline_invitation(invitation.pk, bob)
    with pytest.raises(ActionRejected) as again:
        do_decline_invitation(invitation.pk, bob)
    assert again.value.code == "answered"


def test_an_invitation_sent_to_an_address_is_declined_by_the_account_that_holds_it(players):
    alice, _bob, carol = players
    game = do_create_game(alice, "toy", 3)
    invitation = do_invite(game.pk, alice, "friend@example.org")
    assert invitation.user is None
    friend = make_user("friend")  # signs up afterwards, as friend@example.org
    do_decline_invitation(invitation.pk, friend)
    invitation.refresh_from_db()
    assert invitation.declined_at is not None and invitation.user == friend


def test_the_page_lists_an_invitation_with_a_decline_button_and_its_sender_sees_it_declined(client, invited):
    game, invitation, alice, bob, _carol = invited
    client.force_login(bob)
    lobby = client.get(reverse("games:lobby")).content.decode()
    decline = reverse("games:decline_invitation", args=[invitation.pk])
    assert f'action="{decline}"' in lobby
    answer = client.post(decline, follow=True)
    assert "You declined the invitation" in answer.content.decode()
    assert f'action="{decline}"' not in client.get(reverse("games:lobby")).content.decode()
    client.force_login(alice)
    invited_list = client.get(reverse("games:table", args=[game.pk])).content.decode().split('id="invited"')[1]
    assert "bob" in invited_list.split("</ul>")[0].lower() and "(declined)" in invited_list.split("</ul>")[0]


def test_declining_through_the_api_answers_as_the_page_does(invited):
    _game, invitation, _alice, bob, carol = invited

    def post(user):
        token = ApiToken.issue(user, "bot")[1]
        from django.test import Client

        return Client().post(
            f"/api/v1/invitations/{invitation.pk}/decline",
            "{}",
            content_type="application/json",
            headers={"Authorization": f"Bearer {token}"},
        )

    refused = post(carol)
    assert (refused.status_code, refused.json()["error"]["code"]) == (404, "not_invited")
    answer = post(bob)
    assert answer.status_code == 200
    assert json.loads(answer.content) == {"invitation": invitation.pk, "game": invitation.game_id, "declined": True}
    again = post(bob)
    assert (again.status_code, again.json()["error"]["code"]) == (409, "answered")
