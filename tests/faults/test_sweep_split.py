"""A big deadline sweep is split into batches that every worker may take; each wait still closes once."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.db.models import Count, Q
from django.utils import timezone

from bench._faults_check import expected_defaults
from games import tasks
from games.models import Action, Deadline, Game
from tests.conftest import make_user
from tests.games.conftest import start_game


def _overdue_games(count: int) -> dict[int, int]:
    """`count` Wizard and Wild Cards games with every open wait overdue; maps each to the defaults one close plays."""
    expected = {}
    for number in range(count):
        users = [make_user(f"split{number}x{seat}") for seat in range(3)]
        game = start_game(users, engine="wizard" if number % 2 else "wildcards")
        expected[game.pk] = expected_defaults(game)
    Deadline.objects.filter(closed_at__isnull=True).update(closes_at=timezone.now() - timedelta(seconds=1))
    return expected


def _timeouts() -> dict[int, int]:
    return dict(
        Game.objects.annotate(n=Count("actions", filter=Q(actions__channel=Action.Channel.TIMEOUT))).values_list(
            "pk", "n"
        )
    )


@pytest.mark.worker
def test_it_closes_each_overdue_wait_once_when_two_sweeps_hand_out_the_same_batches(live_worker, monkeypatch):
    monkeypatch.setattr(tasks, "SWEEP_BATCH", 2)
    expected = _overdue_games(7)
    waits = list(Deadline.objects.filter(closed_at__isnull=True).values_list("pk", flat=True))
    # Two beats by mistake: two sweeps, each handing out the same three extra batches.
    tasks.sweep_deadlines.delay()
    tasks.sweep_deadlines.delay()
    for _ in range(300):
        if not Deadline.objects.filter(pk__in=waits, closed_at__isnull=True).exists():
            break
        time.sleep(0.1)
    time.sleep(0.5)  # let the second sweep's batches run too
    assert not Deadline.objects.filter(pk__in=waits, closed_at__isnull=True).exists()
    assert set(Deadline.objects.filter(pk__in=waits).values_list("outcome", flat=True)) == {Deadline.Outcome.TIMEOUT}
    assert _timeouts() == expected


@pytest.mark.django_db
def test_it_closes_the_batches_itself_when_the_broker_refuses_them(monkeypatch):
    monkeypatch.setattr(tasks, "SWEEP_BATCH", 1)

    def refuse(*args, **kwargs):
        raise ConnectionError("broker down")

    from wildcards_site.celery import app

    monkeypatch.setattr(app, "send_task", refuse)
    expected = _overdue_games(3)
    assert tasks.sweep_deadlines() == sum(expected.values())
    assert not Deadline.objects.filter(closed_at__isnull=True, closes_at__lte=timezone.now()).exists()
    assert _timeouts() == expected
