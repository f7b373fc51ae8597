"""Every finished rated game is rated exactly once, even when rating it at its finish failed."""

import logging
import random
from datetime import timedelta

import pytest
from django.conf import settings
from django.core.management import call_command
from django.utils import timezone

from games.models import Game
from tests.conftest import make_user, register_engine
from tests.games.toy_engine import ToyEngine
from tests.history.conftest import new_game, play_on
from tests.ratings.conftest import finished_game
from tournaments.ratings import receivers, sweep
from tournaments.ratings.models import Rating, RatingChange
from tournaments.ratings.tasks import rate_game, sweep_ratings

pytestmark = pytest.mark.django_db


@pytest.fixture
def rating_fails_at_the_finish(monkeypatch):
    """The finish's rating raises (a locked database) and its retry never runs (a lost task)."""
    queued = []

    def locked(game_id):
        raise RuntimeError("database is locked")

    monkeypatch.setattr(receivers, "do_rate_game", locked)
    monkeypatch.setattr(rate_game, "delay", lambda game_id: queued.append(game_id))
    return queued


def test_it_rates_a_game_whose_rating_failed_at_the_finish_once_and_a_second_sweep_changes_nothing(
    monkeypatch, rating_fails_at_the_finish, django_capture_on_commit_callbacks, capsys
):
    register_engine(monkeypatch, ToyEngine())
    ann, ben = make_user("ann"), make_user("ben")
    with django_capture_on_commit_callbacks(execute=True):
        game = play_on(new_game([ann, ben], "toy", seed="lost"), random.Random(3))
    assert rating_fails_at_the_finish == [game.pk]  # the retry was queued, and lost
    assert not RatingChange.objects.exists()
    assert sweep_ratings.apply().get() == 1
    assert RatingChange.objects.filter(game=game).count() == 2
    stored = list(Rating.objects.order_by("player_id").values_list("player_id", "rating", "games"))
    assert [games for _player, _rating, games in stored] == [1, 1]
    assert sweep_ratings.apply().get() == 0
    assert list(Rating.objects.order_by("player_id").values_list("player_id", "rating", "games")) == stored
    assert RatingChange.objects.count() == 2
    call_command("recompute_ratings", "--check", "--quiet-progress")
    assert "No differences: 1 games" in capsys.readouterr().out


def test_one_game_that_fails_does_not_stop_the_others_and_is_logged_with_its_traceback(people, monkeypatch, caplog):
    alice, bob = people[:2]
    games = [finished_game([(alice, 1), (bob, 2)], minutes=minute) for minute in range(4)]
    broken = games[1].pk
    real = sweep.do_rate_game

    def flaky(game_id):
        if game_id == broken:
            raise RuntimeError("connection lost")
        return real(game_id)

    monkeypatch.setattr(sweep, "do_rate_game", flaky)
    with caplog.at_level(logging.ERROR, logger="tournaments.ratings.sweep"):
        assert sweep.sweep_unrated_games(everything=True) == 3
    assert set(RatingChange.objects.values_list("game_id", flat=True)) == {g.pk for g in games} - {broken}
    failure = next(record for record in caplog.records if str(broken) in record.getMessage())
    assert failure.exc_info and "connection lost" in caplog.text
    monkeypatch.setattr(sweep, "do_rate_game", real)
    # The next sweep rates the game that failed, in finish order with the others (a rebuild).
    assert sweep.sweep_unrated_games(everything=True) == 1
    assert RatingChange.objects.count() == 8 and Rating.objects.get(player=alice).games == 4


def test_it_rates_the_oldest_first_in_bounded_batches(people):
    alice, bob, carol = people[:3]
    games = [finished_game([(alice, 1), (bob, 2), (carol, 3)], minutes=minute) for minute in range(7)]
    assert [game_id for _at, game_id in sweep.missed_games(limit=3)] == [g.pk for g in games[:3]]
    assert sweep.sweep_unrated_games(batch=2, batches=2, everything=True) == 4  # at most batch x batches a sweep
    assert set(RatingChange.objects.values_list("game_id", flat=True)) == {g.pk for g in games[:4]}
    assert sweep.sweep_unrated_games(batch=2, batches=2, everything=True) == 3
    assert sweep.missed_games() == []


def test_it_leaves_games_that_are_never_rated_out_of_the_sweep(people):
    alice, bob = people[:2]
    finished_game([(alice, 1), (None, 2)])  # one person against a bot
    finished_game([(alice, 1), (bob, 2)], rated=False, minutes=1)
    finished_game([(alice, 1), (bob, 2)], left=(bob,), idle=(bob,), minutes=2)  # bob quit before moving
    assert sweep.missed_games() == []
    assert sweep.sweep_unrated_games(everything=True) == 0


def test_it_rates_those_who_played_a_larger_table_one_player_quit_early(people):
    alice, bob, carol = people[:3]
    game = finished_game([(alice, 1), (bob, 2), (carol, 3)], left=(carol,), idle=(carol,))
    assert sweep.missed_games(days=None) == [(game.finished_at, game.pk)]
    assert sweep.sweep_unrated_games(everything=True) == 1
    assert sweep.missed_games() == []


def test_the_frequent_sweep_reads_the_recent_days_and_the_daily_one_the_whole_history(people):
    alice, bob = people[:2]
    old = finished_game([(alice, 1), (bob, 2)])  # on 2026-01-01
    recent = finished_game([(alice, 2), (bob, 1)], minutes=1)
    Game.objects.filter(pk=recent.pk).update(finished_at=timezone.now() - timedelta(days=1))
    assert [game_id for _at, game_id in sweep.missed_games(days=7)] == [recent.pk]
    assert sweep_ratings.apply().get() == 1
    assert sweep_ratings.apply(kwargs={"everything": True}).get() == 1  # the old one: a rebuild puts it first
    assert set(RatingChange.objects.values_list("game_id", flat=True)) == {old.pk, recent.pk}
    assert RatingChange.objects.get(game=old, player=alice).before == pytest.approx(1500)


def test_the_beat_runs_the_sweep_every_few_minutes_and_over_everything_daily():
    frequent = settings.CELERY_BEAT_SCHEDULE["rate-finished-games"]
    assert frequent["task"] == sweep_ratings.name == "tournaments.ratings.tasks.sweep_ratings"
    assert frequent["schedule"] == settings.RATING_SWEEP_SECONDS <= 600
    daily = settings.CELERY_BEAT_SCHEDULE["rate-finished-games-all"]
    assert daily["task"] == sweep_ratings.name and daily["kwargs"] == {"everything": True}
    assert daily["schedule"] <= 86400


def test_games_that_are_never_rated_do_not_hide_a_missed_one_behind_them(people, monkeypatch):
    alice, bob = people[:2]
    monkeypatch.setattr(sweep, "PAGE", 2)  # the unrated games are read two at a time
    for minute in range(5):
        finished_game([(alice, 1), (None, 2)], minutes=minute)  # never rated: one person
    missed = finished_game([(alice, 1), (bob, 2)], minutes=10)
    assert sweep.missed_games(limit=1) == [(missed.finished_at, missed.pk)]
    assert sweep.sweep_unrated_games(batch=1, batches=1, everything=True) == 1
