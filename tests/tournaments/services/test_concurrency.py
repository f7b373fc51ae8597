"""The next round is created once, whoever asks: the finishing task on a real worker, the sweep, or both."""

import threading
import time

import pytest
from django.db import connection

from tests.racing import race
from tests.tournaments.helpers import current_tables, make_players, play_out
from tournaments.models import Round, Tournament
from tournaments.services import (
    do_advance_round,
    do_create_tournament,
    do_prepare,
    do_register,
    do_start,
    sweep_tournaments,
)

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif("connection.vendor != 'postgresql'", reason="row locks need PostgreSQL"),
]


def three_player_swiss(rounds: int) -> Tournament:
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "Race", "wildcards", "swiss", seats_preferred=3, seats_min=3, seats_max=3, rounds=rounds
    )
    for player in make_players(3):
        do_register(tournament.pk, player)
    do_start(tournament.pk, organiser)
    return tournament


def test_the_finishing_task_and_the_sweep_racing_create_one_round(monkeypatch):
    # The task is not queued here: the racers below stand for it, so nothing else interferes.
    monkeypatch.setattr("tournaments.signals.queue_task", lambda name, args: None)
    tournament = three_player_swiss(rounds=3)
    for table in current_tables(tournament):
        play_out(table.game)
    results = race([lambda: do_advance_round(tournament.pk)] * 3 + [sweep_tournaments] * 2)
    assert not [r for r in results if isinstance(r, Exception)]
    assert Round.objects.filter(tournament=tournament).count() == 2
    assert Round.objects.filter(tournament=tournament, number=2).get().tables.count() == 1


def test_two_tasks_preparing_one_round_robin_at_once_create_one_round(monkeypatch):
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "RR", "wildcards", "round_robin", seats_preferred=3, seats_min=3, seats_max=3
    )
    for player in make_players(9):
        do_register(tournament.pk, player)
    monkeypatch.setattr("tournaments.services.running.queue_task", lambda name, args: None)
    do_start(tournament.pk, organiser)
    from tournaments.services import preparing

    computed = threading.Barrier(2)
    compute = preparing.round_robin_schedule

    def both_computing(*args):
        computed.wait(10)  # both tasks have seen it preparing before either takes the lock
        return compute(*args)

    monkeypatch.setattr(preparing, "round_robin_schedule", both_computing)
    results = race([lambda: do_prepare(tournament.pk)] * 2)
    assert not [r for r in results if isinstance(r, Exception)]
    assert sorted(r is None for r in results) == [False, True]
    assert Round.objects.filter(tournament=tournament).count() == 1
    assert Round.objects.get(tournament=tournament).tables.count() == 3


@pytest.mark.worker
def test_a_finished_table_makes_the_worker_create_the_next_round(live_worker):
    tournament = three_player_swiss(rounds=2)
    for table in current_tables(tournament):
        play_out(table.game)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not Round.objects.filter(tournament=tournament, number=2).exists():
        time.sleep(0.2)
    assert Round.objects.filter(tournament=tournament, number=2).exists()
    assert Round.objects.filter(tournament=tournament).count() == 2


def test_a_table_that_finishes_while_the_event_is_cancelled_stays_rated_as_it_was_rated():
    # The cancel picks its live tables, then waits for the row a finishing move holds; once that
    # move commits (and the game may be rated), the cancel does not mark the game unrated, or its
    # rating changes would stand on a game saying "not rated".
    from django.db import connections, transaction

    from games.models import Game
    from tournaments.services import do_cancel_tournament

    tournament = three_player_swiss(rounds=2)
    (table,) = current_tables(tournament)
    game_id = table.game_id
    organiser = tournament.organisers.first()
    locked, finish = threading.Event(), threading.Event()
    holder: list[int] = []  # the finishing move's session

    def finishing_move() -> None:
        try:
            with transaction.atomic():
                Game.objects.select_for_update().get(pk=game_id)
                with connections["default"].cursor() as cursor:
                    cursor.execute("SELECT pg_backend_pid()")
                    holder.append(cursor.fetchone()[0])
                Game.objects.filter(pk=game_id).update(status=Game.Status.FINISHED)
                locked.set()
                finish.wait(30)
        finally:
            connections.close_all()

    def cancelling() -> None:
        try:
            do_cancel_tournament(tournament.pk, organiser)
        finally:
            connections.close_all()

    mover = threading.Thread(target=finishing_move)
    mover.start()
    assert locked.wait(30)
    canceller = threading.Thread(target=cancelling)
    canceller.start()
    waiting_on(holder[0], timeout=30)  # the cancel now waits for the game's row
    finish.set()
    mover.join(30)
    canceller.join(30)
    game = Game.objects.get(pk=game_id)
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.CANCELLED
    assert game.status == Game.Status.FINISHED and game.rated


def waiting_on(holder: int, timeout: float) -> None:
    """Returns once another session waits for a lock `holder` (a backend pid) holds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE %s = ANY(pg_blocking_pids(pid))", [holder])
            if cursor.fetchone()[0]:
                return
        time.sleep(0.02)
    raise AssertionError("nobody waited for the finishing move's lock")
