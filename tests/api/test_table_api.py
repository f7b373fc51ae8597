"""Resigning and table talk through the API: the table page's services and refusals."""

import pytest

from games.models import Game, Seat, TableMessage
from tests.api.conftest import api_for
from tests.api.test_play_api import assert_error
from tests.history.conftest import new_game

pytestmark = pytest.mark.django_db


def test_resigning_hands_my_seat_to_a_bot(players):
    alice, bob, _carol = players
    game = new_game([alice, bob], "wizard", bots=1)
    answer = api_for(bob).post(f"/games/{game.pk}/resign", {}).json()
    seat = game.seats.get(user=bob)
    assert (seat.kind, seat.status) == (Seat.Kind.BOT, Seat.Status.RESIGNED)
    assert answer["id"] == game.pk and answer["seat"] is None  # no longer my seat's hidden cards
    assert_error(api_for(bob).post(f"/games/{game.pk}/resign", {}), 403, "not_your_seat")


def test_resigning_is_refused_outside_a_running_game_and_for_a_stranger(players):
    alice, bob, carol = players
    game = new_game([alice, bob], "secret")
    assert_error(api_for(carol).post(f"/games/{game.pk}/resign", {}), 403, "not_your_seat")
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    assert_error(api_for(alice).post(f"/games/{game.pk}/resign", {}), 409, "not_running")
    assert not game.seats.filter(kind=Seat.Kind.BOT).exists()


def test_talk_is_said_and_read_back(players):
    alice, bob, carol = players
    game = new_game([alice, bob], "secret")
    response = api_for(alice).post(f"/games/{game.pk}/talk", {"text": "  Good luck!\r\nHave fun "})
    assert response.status_code == 201
    assert response.json()["text"] == "Good luck!\nHave fun" and response.json()["name"] == "Alice"
    lines = api_for(carol).get(f"/games/{game.pk}/talk").json()["messages"]  # an open game: anyone reads it
    assert [(line["name"], line["text"]) for line in lines] == [("Alice", "Good luck!\nHave fun")]


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"text": "   "}, 400, "empty"),
        ({"text": "x" * 501}, 400, "too_long"),
        ({"text": 5}, 400, "malformed"),
        ({"words": "hi"}, 400, "malformed"),
    ],
)
def test_bad_talk_is_refused_and_nothing_is_stored(players, body, status, code):
    game = new_game(players[:2], "secret")
    assert_error(api_for(players[0]).post(f"/games/{game.pk}/talk", body), status, code)
    assert not TableMessage.objects.exists()


def test_only_the_players_talk_and_not_too_fast(players):
    game = new_game(players[:2], "secret")
    assert_error(api_for(players[2]).post(f"/games/{game.pk}/talk", {"text": "hi"}), 403, "not_seated")
    api = api_for(players[0])
    for number in range(5):
        assert api.post(f"/games/{game.pk}/talk", {"text": f"line {number}"}).status_code == 201
    response = api.post(f"/games/{game.pk}/talk", {"text": "one more"})
    assert_error(response, 429, "too_fast")
    assert response["Retry-After"] == "60"
    assert TableMessage.objects.count() == 5


def test_a_private_game_s_talk_is_not_found_for_a_stranger(players):
    alice, bob, carol = players
    game = new_game([alice, bob], "secret")
    Game.objects.filter(pk=game.pk).update(visibility=Game.Visibility.PRIVATE)
    assert_error(api_for(carol).get(f"/games/{game.pk}/talk"), 404, "not_found")
    assert_error(api_for(carol).post(f"/games/{game.pk}/talk", {"text": "hi"}), 404, "not_found")
