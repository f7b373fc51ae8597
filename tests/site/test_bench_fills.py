"""The benchmarks that fill the database with raw SQL still fill it as the models now stand: a
column made NOT NULL without a database default (a seat's `bot_level`, a game's `rated`) had
left `python -m bench ratings` and `bench history` failing on their first insert, unnoticed.
A few rows each, then what the benchmark reads from them."""

import pytest
from django.db import connection

from games.models import Game, Seat
from tournaments.ratings.models import RatingChange

pytestmark = pytest.mark.django_db

postgres_only = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="the fills use PostgreSQL's generate_series and arrays"
)


@postgres_only
def test_the_ratings_bench_fills_games_its_recompute_rates(capsys):
    from bench.ratings import _fill, _recompute

    _fill(players=50, games=40)
    assert Game.objects.filter(status=Game.Status.FINISHED, rated=True).count() == 40
    assert Seat.objects.filter(user__isnull=False, bot_level="", substitute=False).count() >= 80
    _recompute(40)
    assert RatingChange.objects.values("game_id").distinct().count() == 40
    assert "games/s" in capsys.readouterr().out


@postgres_only
def test_the_history_bench_fills_games_its_pages_list(capsys):
    from bench.history import _bench_history

    _bench_history(60)
    assert Game.objects.filter(status=Game.Status.FINISHED).count() == 60
    assert Seat.objects.count() == 180
    out = capsys.readouterr().out
    assert "history list with 60 finished games" in out and "player + game + date" in out
