"""Two games of one player finishing at the same moment, on PostgreSQL with real transactions."""

import pytest
from django.core.management import call_command
from django.db import connection  # noqa: F401 - connection is read by skipif
from django.utils import timezone

from games.models import Game
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


@pytest.mark.parametrize("pool", [None, "wizard"])
def test_a_game_rated_while_the_ratings_are_rebuilt_keeps_its_rating(people, monkeypatch, capsys, pool):
    """The rebuild reads every game, then replaces every rating: a game rated in between must not
    be wiped by the replacement (it would stay unrated until the next sweep)."""
    import threading
    import time

    from django.db import connections

    from tournaments.management.commands import recompute_ratings
    from tournaments.ratings import recompute
    from tournaments.ratings import services as rating_services

    alice, bob, carol = people[:3]
    do_rate_game(finished_game([(alice, 1), (bob, 2)], minutes=0).pk)
    late: list[int] = []
    real_compute = recompute.compute

    def compute_then_a_game_finishes(*args, **kwargs):
        result = real_compute(*args, **kwargs)
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            rebuilder = cursor.fetchone()[0]

        def finish_and_rate() -> None:
            try:
                game = finished_game([(alice, 2), (carol, 1)], minutes=5)
                # It finishes now, during the rebuild (its finish is stamped at the finishing move).
                Game.objects.filter(pk=game.pk).update(finished_at=timezone.now())
                late.append(game.pk)
                do_rate_game(game.pk)
            finally:
                connections.close_all()

        rater = threading.Thread(target=finish_and_rate)
        rater.start()
        # Until the rating is done, or waits for a lock the rebuild holds.
        deadline = time.monotonic() + 30
        while rater.is_alive() and time.monotonic() < deadline:
            with connection.cursor() as cursor:
                # Inside a transaction pg_stat_activity is read once and kept: read it anew.
                cursor.execute("SELECT pg_stat_clear_snapshot()")
                cursor.execute(
                    "SELECT count(*) FROM pg_stat_activity WHERE %s = ANY(pg_blocking_pids(pid))", [rebuilder]
                )
                if cursor.fetchone()[0]:
                    break
            rater.join(0.02)
        threads.append(rater)
        return result

    threads: list[threading.Thread] = []
    monkeypatch.setattr(recompute, "compute", compute_then_a_game_finishes)
    monkeypatch.setattr(recompute_ratings, "compute", compute_then_a_game_finishes, raising=False)
    monkeypatch.setattr(rating_services, "compute", compute_then_a_game_finishes, raising=False)
    call_command("recompute_ratings", "--quiet-progress", *(["--pool", pool] if pool else []))
    for thread in threads:
        thread.join(30)
    assert late and RatingChange.objects.filter(game_id=late[0]).count() == 2
    assert Rating.objects.get(player=carol).games == 1
    monkeypatch.undo()
    capsys.readouterr()
    call_command("recompute_ratings", "--check", "--quiet-progress")
    assert "No differences" in capsys.readouterr().out
