"""Two games of one player finishing at the same moment, on PostgreSQL with real transactions."""

import pytest
from django.core.management import call_command
from django.db import connection  # noqa: F401 - connection is read by skipif

from tests.racing import race, raised
from tests.ratings.conftest import finished_game
from tournaments.ratings.models import Rating, RatingChange
from tournaments.ratings.services import do_rate_game

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif("connection.vendor != 'postgresql'", reason="advisory locks need PostgreSQL"),
]


def test_two_games_of_one_player_finishing_together_each_apply_once(people):
    alice, bob, carol = people[:3]
    first = finished_game([(alice, 1), (bob, 2)], minutes=0)
    second = finished_game([(alice, 1), (carol, 2)], minutes=0)
    calls = [lambda: do_rate_game(first.pk), lambda: do_rate_game(second.pk)] * 3
    assert raised(race(calls)) == []
    assert RatingChange.objects.count() == 4
    changes = list(RatingChange.objects.filter(player=alice).order_by("after"))
    # The second game applied on top of the first, not from the same starting point.
    assert changes[0].before == pytest.approx(1500)
    assert changes[1].before == pytest.approx(changes[0].after)
    assert Rating.objects.get(player=alice).games == 2


def test_the_same_game_rated_from_many_threads_applies_once(people):
    alice, bob = people[:2]
    game = finished_game([(alice, 1), (bob, 2)])
    assert raised(race([lambda: do_rate_game(game.pk)] * 6)) == []
    assert RatingChange.objects.filter(game=game).count() == 2
    assert Rating.objects.get(player=alice).rating == pytest.approx(1520)


def test_recompute_check_agrees_after_racing_updates(people, capsys):
    alice, bob, carol = people[:3]
    games = [finished_game([(alice, 1), (bob, 2), (carol, 3)], minutes=m) for m in range(4)]
    assert raised(race([lambda g=g: do_rate_game(g.pk) for g in games])) == []
    # Whatever order the threads got the lock in, the stored result is the one of finish order.
    call_command("recompute_ratings", "--check", "--quiet-progress")
    assert "No differences" in capsys.readouterr().out
