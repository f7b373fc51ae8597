"""Open and private games can be filled from their page: the creator is seated before the start,
invites by username or address, any seated player leaves, the creator cancels."""

import pytest
from django.urls import reverse

from games.models import Game, Invitation
from games.services import do_create_game, do_invite, do_join
from tests.conftest import make_user

pytestmark = pytest.mark.django_db


def table_page(client, game) -> str:
    return client.get(reverse("games:table", args=[game.pk])).content.decode()


def test_it_treats_the_creator_of_a_waiting_game_as_seated(client, players):
    game = do_create_game(players[0], "toy", 3)
    client.force_login(players[0])
    page = table_page(client, game)
    assert "Join this game" not in page
    assert "(you)" in page
    assert f'action="{reverse("games:invite", args=[game.pk])}"' in page
    assert "Cancel this game" in page


def test_it_lets_the_creator_invite_from_the_page_of_a_private_game(client, players):
    game = do_create_game(players[0], "toy", 3, visibility=Game.Visibility.PRIVATE)
    client.force_login(players[0])
    response = client.post(reverse("games:invite", args=[game.pk]), {"who": "bob"}, follow=True)
    assert "Invitation sent to bob" in response.content.decode()
    assert Invitation.objects.get(game=game).user == players[1]


def test_it_shows_a_private_game_to_its_invitee_who_accepts_from_the_page(client, players):
    game = do_create_game(players[0], "toy", 3, visibility=Game.Visibility.PRIVATE)
    stranger = make_user("stranger")
    client.force_login(stranger)
    assert client.get(reverse("games:table", args=[game.pk])).status_code == 404

    do_invite(game.pk, players[0], "bob")
    client.force_login(players[1])
    page = table_page(client, game)
    assert "You are invited" in page and "Accept the invitation" in page
    response = client.post(reverse("games:join", args=[game.pk]), follow=True)
    assert "You joined the game" in response.content.decode()
    assert game.seats.filter(user=players[1]).exists()
    page = table_page(client, game)
    assert "Accept the invitation" not in page and "Leave this game" in page


def test_it_lets_a_seated_player_leave_before_the_start(client, players):
    game = do_create_game(players[0], "toy", 3)
    do_join(game.pk, players[1])
    client.force_login(players[1])
    assert "Leave this game" in table_page(client, game)
    client.post(reverse("games:leave", args=[game.pk]))
    assert not game.seats.filter(user=players[1]).exists()
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN


def test_it_lets_the_creator_cancel_before_the_start(client, players):
    game = do_create_game(players[0], "toy", 3)
    client.force_login(players[0])
    response = client.post(reverse("games:leave", args=[game.pk]), follow=True)
    assert "The game is cancelled." in response.content.decode()
    game.refresh_from_db()
    assert game.status == Game.Status.CANCELLED
