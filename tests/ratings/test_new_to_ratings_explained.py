"""A finished table where an established player met someone new to ratings says why the
established player's rating did not move for that result (elo.counts_for, docs/organisers.md
"Ratings"): otherwise a winner just sees "+0" and wonders."""

import html
import re

import pytest
from django.urls import reverse

from tests.conftest import make_user
from tests.ratings.conftest import finished_game
from tournaments.ratings.services import do_rate_game

pytestmark = pytest.mark.django_db


def _notice(client, game) -> str | None:
    page = html.unescape(client.get(reverse("games:table", args=[game.pk])).content.decode())
    found = re.search(r'<p class="[^"]*new-to-ratings[^"]*"[^>]*>(.*?)</p>', page, re.S)
    return " ".join(found.group(1).split()) if found else None


@pytest.fixture
def established(people, settings):
    """Alice and Bob, established after two games against two people each (the limits lowered)."""
    settings.LEADERBOARD_MIN_GAMES = settings.LEADERBOARD_MIN_OPPONENTS = 2
    alice, bob, carol = people[:3]
    for minutes, (winner, loser) in enumerate([(alice, bob), (bob, carol), (carol, alice)]):
        do_rate_game(finished_game([(winner, 1), (loser, 2)], minutes=minutes).pk)
    return alice, bob


def test_it_names_the_newcomers_whose_results_left_an_established_rating_unchanged(client, established):
    alice, bob = established
    newcomer, second = make_user("nina", display_name="Nina"), make_user("otto", display_name="Otto")
    game = finished_game([(alice, 1), (newcomer, 2), (second, 3), (bob, 4)], minutes=10)
    do_rate_game(game.pk)
    assert _notice(client, game) == (
        "New to ratings: Nina and Otto. Results against them change their own ratings only, not those of "
        "established players (a rating is established with at least 2 rated games against 2 different "
        "established players)."
    )


def test_a_table_of_newcomers_only_or_of_established_players_only_says_nothing_of_it(client, established, people):
    alice, bob = established
    among_established = finished_game([(alice, 1), (bob, 2)], minutes=10)
    among_new = finished_game([(make_user("nina"), 1), (make_user("otto"), 2)], minutes=11)
    for game in (among_established, among_new):
        do_rate_game(game.pk)
        assert _notice(client, game) is None


def test_a_player_established_by_this_very_game_counted_as_new_in_it(client, established, people):
    # Carol had two games against two people before: established. Dave had one: new here, and
    # established after it (his second game), which a later reader must not mistake for then.
    alice, carol, dave = people[0], people[2], people[3]
    do_rate_game(finished_game([(dave, 1), (alice, 2)], minutes=10).pk)
    game = finished_game([(carol, 1), (dave, 2)], minutes=11)
    changes = {change.player_id: change for change in do_rate_game(game.pk)}
    assert changes[carol.pk].delta == 0
    assert _notice(client, game).startswith("New to ratings: Dave. ")
    from tournaments.ratings.leaderboards import established_rating

    assert established_rating(dave, "wizard") is not None  # established now, by this game
