"""recompute_ratings rebuilds what the live updates stored, and --check finds any difference."""

import random

import pytest
from django.core.management import CommandError, call_command
from django.db import IntegrityError

from tests.conftest import make_user, register_engine
from tests.games.toy_engine import ToyEngine
from tests.history.conftest import new_game, play_on
from tests.ratings.conftest import finished_game
from tournaments.ratings.models import Rating, RatingChange
from tournaments.ratings.services import do_rate_game

pytestmark = pytest.mark.django_db


def check(capsys) -> str:
    call_command("recompute_ratings", "--check", "--quiet-progress")
    return capsys.readouterr().out


def random_games(people, count: int, rng: random.Random):
    games = []
    for minute in range(count):
        size = rng.randint(2, 5)
        table = rng.sample([*people, None, None], size)
        if sum(user is not None for user in table) == 0:
            table[0] = people[0]
        ranks = [rng.randint(1, size) for _ in table]
        left = tuple(u for u in table if u is not None and rng.random() < 0.1)
        engine = rng.choice(["wizard", "cubirds"])
        games.append(finished_game(list(zip(table, ranks, strict=True)), engine=engine, minutes=minute, left=left))
    return games


def test_check_finds_no_difference_after_a_few_hundred_games_rated_in_any_order(people, capsys):
    rng = random.Random(16)
    games = random_games(people, 300, rng)
    order = list(games)
    # Mostly finish order, with a few late commits that force a rebuild.
    for i in range(0, len(order) - 1, 37):
        order[i], order[i + 1] = order[i + 1], order[i]
    for game in order:
        do_rate_game(game.pk)
    assert "No differences: 300 games" in check(capsys)


def test_a_game_committed_after_a_later_one_still_counts_in_finish_order(people, capsys):
    alice, bob = people[:2]
    early = finished_game([(alice, 1), (bob, 2)], minutes=0)
    late = finished_game([(alice, 2), (bob, 1)], minutes=1)
    do_rate_game(late.pk)
    do_rate_game(early.pk)
    assert RatingChange.objects.get(game=early, player=alice).before == pytest.approx(1500)
    assert RatingChange.objects.get(game=late, player=alice).before == pytest.approx(1520)
    assert "No differences" in check(capsys)


def test_check_reports_a_tampered_rating_and_recompute_repairs_it(people, capsys):
    alice, bob = people[:2]
    do_rate_game(finished_game([(alice, 1), (bob, 2)]).pk)
    Rating.objects.filter(player=alice).update(rating=1000)
    with pytest.raises(CommandError, match="differences"):
        check(capsys)
    assert "player" in capsys.readouterr().out
    call_command("recompute_ratings", "--quiet-progress")
    assert Rating.objects.get(player=alice).rating == pytest.approx(1520)
    assert "No differences" in check(capsys)


def test_recompute_of_one_pool_leaves_the_others(people, capsys):
    alice, bob = people[:2]
    do_rate_game(finished_game([(alice, 1), (bob, 2)], engine="wizard").pk)
    do_rate_game(finished_game([(alice, 1), (bob, 2)], engine="cubirds", minutes=1).pk)
    Rating.objects.filter(player=alice, pool="cubirds").update(rating=1000)
    call_command("recompute_ratings", "--pool", "wizard", "--quiet-progress")
    assert Rating.objects.get(player=alice, pool="cubirds").rating == 1000
    call_command("recompute_ratings", "--pool", "cubirds", "--quiet-progress")
    assert Rating.objects.get(player=alice, pool="cubirds").rating == pytest.approx(1520)


def test_games_played_through_the_services_are_rated_on_finish(monkeypatch, django_capture_on_commit_callbacks, capsys):
    register_engine(monkeypatch, ToyEngine())
    users = [make_user(name) for name in ("ann", "ben", "cid")]
    rng = random.Random(5)
    for seed in range(12):
        with django_capture_on_commit_callbacks(execute=True):
            game = new_game(rng.sample(users, 2), "toy", bots=1, seed=f"g{seed}")
            play_on(game, rng)
    assert RatingChange.objects.values("game").distinct().count() == 12
    assert sum(r.games for r in Rating.objects.filter(pool="toy")) == 24
    assert "No differences: 12 games" in check(capsys)


def test_an_unrated_game_played_through_the_services_changes_nothing(monkeypatch, django_capture_on_commit_callbacks):
    register_engine(monkeypatch, ToyEngine())
    users = [make_user(name) for name in ("ann", "ben")]
    with django_capture_on_commit_callbacks(execute=True):
        play_on(new_game(users, "toy", seed="u", rated=False), random.Random(1))
    assert not RatingChange.objects.exists()


def _indexes(table: str) -> set[tuple[str, str]]:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT indexname, indexdef FROM pg_indexes WHERE tablename = %s", [table])
        return set(cursor.fetchall())


def test_a_full_rebuild_loads_without_indexes_and_gives_every_one_back(people, capsys):
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("the rebuild drops and makes indexes only on PostgreSQL")
    before = {table: _indexes(table) for table in (RatingChange._meta.db_table, Rating._meta.db_table)}
    assert len(before[RatingChange._meta.db_table]) >= 4
    for game in random_games(people, 40, random.Random(3)):
        do_rate_game(game.pk)
    call_command("recompute_ratings", "--quiet-progress")
    assert {table: _indexes(table) for table in before} == before
    assert "No differences: 40 games" in check(capsys)
    alice = people[0]
    with pytest.raises(IntegrityError, match="rating_change_once"):  # the constraint is back and enforced
        first = RatingChange.objects.filter(player=alice).first()
        first.pk = None
        first.save()


def test_check_finds_no_difference_after_two_hundred_games_played_by_bots_through_the_services(
    monkeypatch, django_capture_on_commit_callbacks, capsys
):
    register_engine(monkeypatch, ToyEngine())
    users = [make_user(f"player{i}") for i in range(8)]
    rng = random.Random(200)
    for seed in range(200):
        size = rng.randint(2, 3)
        with django_capture_on_commit_callbacks(execute=True):
            game = new_game(rng.sample(users, size), "toy", bots=rng.randint(0, 1), seed=f"b{seed}")
            play_on(game, rng)
    assert RatingChange.objects.values("game").distinct().count() == 200
    assert "No differences: 200 games" in check(capsys)


def test_a_wild_cards_game_with_leo_rates_only_its_two_players_against_each_other(
    django_capture_on_commit_callbacks, capsys
):
    ann, ben = make_user("ann"), make_user("ben")
    with django_capture_on_commit_callbacks(execute=True):
        game = new_game([ann, ben], "wildcards", options={"edition": "2022", "leo": True}, seed="leo-1")
        assert game.state["leo"] is not None
        play_on(game, random.Random(7))
    game.refresh_from_db()
    changes = {change.player_id: change for change in RatingChange.objects.filter(game=game)}
    assert set(changes) == {ann.pk, ben.pk}
    ranks = {seat.user_id: seat.rank for seat in game.seats.all()}
    winner, loser = sorted(changes, key=lambda player: ranks[player])
    if ranks[winner] == ranks[loser]:
        assert changes[winner].delta == pytest.approx(0)
    else:  # one pair, two players new to the pool: K 40 / (2 - 1) * (1 - 0.5), Leo's place left out
        assert changes[winner].delta == pytest.approx(20)
        assert changes[loser].delta == pytest.approx(-20)
    assert "No differences: 1 games" in check(capsys)
