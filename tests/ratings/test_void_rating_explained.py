"""A rated game voided by an early quit says so: the resign question warns before, the finished
table explains after (fair_play.py, docs/organisers.md "Ratings").

An opponent resigns after two moves and the game ends unrated: the winner must not simply lose
the result with nothing anywhere saying why, and the resign question tells the player who quits
that resigning then voids the rating for everyone."""

import html
import re
from pathlib import Path

import pytest
from django.urls import reverse

from games.engines import get_engine
from games.services import do_action, do_create_game, do_join
from tests.conftest import register_engine
from tests.games.toy_engine import ToyEngine
from tests.ratings.conftest import finished_game
from tournaments.ratings.services import do_rate_game

pytestmark = pytest.mark.django_db

VOIDS = "Resigning now voids the rating of this game for everyone"
NOT_RATED = "This game was not rated"


@pytest.fixture(autouse=True)
def toy_engine(monkeypatch):
    register_engine(monkeypatch, ToyEngine())


def _resign_question(client, game) -> str:
    page = client.get(reverse("games:table", args=[game.pk])).content.decode()
    found = re.search(r'<form method="post" action="[^"]*/resign/" data-confirm="([^"]*)"', page)
    assert found, "no resign form"
    return html.unescape(found.group(1))


def _started(people, rated=True):
    alice, bob = people[:2]
    game = do_create_game(alice, "toy", 2, rated=rated)
    do_join(game.pk, bob)
    game.refresh_from_db()
    return game


def _play_until_each_made(game, moves: int) -> None:
    """Each seat plays its first legal move in turn, from the table as a person does, until every
    one of them has made `moves` moves of their own (the toy game still runs)."""
    engine = get_engine("toy")
    made = dict.fromkeys(game.seats.values_list("position", flat=True), 0)
    while min(made.values()) < moves:
        game.refresh_from_db()
        position = engine.to_act(game.state)[0]
        seat = game.seats.get(position=position)
        move = engine.legal_actions(game.state, position)[0]
        do_action(game.pk, position, move, "web", user=seat.user, expected_version=game.version)
        made[position] += 1


def test_the_resign_question_warns_that_resigning_before_enough_moves_voids_the_rating(client, people, settings):
    settings.RATING_ABORT_MOVES = 2
    game = _started(people)
    client.force_login(people[0])
    question = _resign_question(client, game)
    assert question.startswith("Resign? A bot plays your seat and you rank last.")
    assert f"{VOIDS}: you have made fewer than 2 moves of your own." in question
    # Said beside the button too, for a page without scripts (no question is asked there).
    page = client.get(reverse("games:table", args=[game.pk])).content.decode()
    assert page.count(VOIDS) == 2
    _play_until_each_made(game, 2)
    game.refresh_from_db()
    assert game.status == "running"
    assert VOIDS not in _resign_question(client, game)


def test_an_unrated_game_asks_no_more_than_before(client, people):
    game = _started(people, rated=False)
    client.force_login(people[0])
    assert _resign_question(client, game) == "Resign? A bot plays your seat and you rank last."


def test_a_finished_rated_game_voided_by_an_early_quit_says_why_it_was_not_rated(client, people, settings):
    alice, bob = people[:2]
    voided = finished_game([(alice, 1), (bob, 2)], left=(bob,), moves=2)
    page = html.unescape(client.get(reverse("games:table", args=[voided.pk])).content.decode())
    found = re.search(r'<p class="[^"]*rating-void[^"]*"[^>]*>(.*?)</p>', page, re.S)
    assert found, "the table does not say why the game was not rated"
    assert " ".join(found.group(1).split()) == (
        f"{NOT_RATED}: a player left it (resigned, timed out or lost the seat) having made fewer than "
        f"{settings.RATING_ABORT_MOVES} moves of their own, and such a game counts for nobody's rating."
    )


def test_a_larger_table_says_whom_an_early_quit_left_out_and_that_the_others_are_rated(client, people, settings):
    alice, bob, carol = people[:3]
    game = finished_game([(alice, 1), (bob, 2), (carol, 3)], left=(carol,), moves=2)
    do_rate_game(game.pk)
    page = html.unescape(client.get(reverse("games:table", args=[game.pk])).content.decode())
    found = re.search(r'<p class="[^"]*rating-void[^"]*"[^>]*>(.*?)</p>', page, re.S)
    assert found, "the table does not say whom the rating left out"
    assert " ".join(found.group(1).split()) == (
        "Not rated for Carol: left the game (resigned, timed out or lost the seat) having made fewer than "
        f"{settings.RATING_ABORT_MOVES} moves of their own. The others who played it are rated among themselves."
    )
    assert NOT_RATED not in page


def test_the_resign_question_at_a_larger_table_says_the_others_are_still_rated(client, people, settings):
    settings.RATING_ABORT_MOVES = 2
    alice, bob, carol = people[:3]
    game = do_create_game(alice, "toy", 3, rated=True)
    do_join(game.pk, bob)
    do_join(game.pk, carol)
    client.force_login(alice)
    question = _resign_question(client, game)
    assert "Resigning now leaves you out of this game's rating: you have made fewer than 2 moves" in question
    assert "The others are rated among themselves." in question and VOIDS not in question


def test_a_rated_game_played_out_and_an_unrated_one_say_nothing_of_it(client, people):
    alice, bob, carol = people[:3]
    played = finished_game([(alice, 1), (bob, 2), (carol, 3)], left=(carol,), moves=3)
    casual = finished_game([(alice, 1), (bob, 2)], rated=False, left=(bob,), moves=0, minutes=1)
    for game in (played, casual):
        assert NOT_RATED not in client.get(reverse("games:table", args=[game.pk])).content.decode()


def test_the_players_guide_says_what_an_early_quit_does_to_a_rated_game():
    guide = " ".join((Path(__file__).resolve().parents[2] / "docs" / "players.md").read_text().split())
    assert "leaves them out of its rating" in guide and "voids it for both" in guide
