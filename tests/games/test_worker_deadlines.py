"""A real worker on the real broker closes a short deadline from its ETA task, not eager mode."""

import time

import pytest
from celery.contrib.testing.worker import start_worker

from games.models import Action, Game
from tests.games.conftest import start_game
from wildcards_site.celery import app


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_live_worker_closes_a_short_deadline_on_time(players):
    assert not app.conf.task_always_eager
    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
        game = start_game(players, phase_seconds=2)
        deadline = time.monotonic() + 40
        while time.monotonic() < deadline:
            if Action.objects.filter(game=game, channel=Action.Channel.TIMEOUT).count() >= 3:
                break
            time.sleep(0.2)
    game = Game.objects.get(pk=game.pk)
    assert Action.objects.filter(game=game, channel=Action.Channel.TIMEOUT).count() >= 3
    assert game.state["phase"] in ("claim", "bid", "over")
    assert game.version >= 3
