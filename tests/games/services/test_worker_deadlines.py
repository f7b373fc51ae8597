"""A real worker on the real broker closes a short deadline from its ETA task, not eager mode."""

import time

import pytest

from games.models import Action, Game
from tests.games.conftest import start_game


@pytest.mark.worker
def test_a_live_worker_closes_a_short_deadline_on_time(live_worker, players):
    game = start_game(players, phase_seconds=2)
    deadline = time.monotonic() + 40
    while time.monotonic() < deadline:
        if Action.objects.filter(game=game, channel=Action.Channel.TIMEOUT).count() >= 3:
            break
        time.sleep(0.2)
    game = Game.objects.get(pk=game.pk)
    assert Action.objects.filter(game=game, channel=Action.Channel.TIMEOUT).count() >= 3
    assert game.version >= 3
