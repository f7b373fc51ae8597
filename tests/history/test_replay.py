import random

import pytest

from games.engines import get_engine
from games.history.replay_steps import CHECKPOINT_EVERY, Replay
from tests.history.conftest import finished_game, new_game, play_on

pytestmark = pytest.mark.django_db

# Each registered engine, with how many people and bots play it here.
ENGINES = [("wildcards", 2, 1), ("wizard", 2, 1), ("cubirds", 2, 1), ("emu_ranchers", 1, 1)]


@pytest.mark.parametrize(("engine", "people", "bots"), ENGINES)
def test_it_replays_a_finished_game_to_its_stored_state_and_result(players, engine, people, bots):
    game = finished_game(players[:people], engine, bots=bots, seed=f"replay-{engine}")
    assert game.status == "finished"
    replay = Replay.of(game)
    final = replay.state_at(replay.last_step)
    assert final == game.state
    rules = get_engine(engine)
    seats = {seat.position: (seat.score, seat.rank) for seat in game.seats.all()}
    assert {row["seat"]: (row["score"], row["rank"]) for row in rules.result(final)} == seats


@pytest.mark.parametrize(("engine", "people", "bots"), ENGINES)
def test_it_gives_the_state_after_each_action_at_each_step(players, engine, people, bots):
    game = finished_game(players[:people], engine, bots=bots, seed=f"steps-{engine}")
    rules = get_engine(engine)
    expected = rules.new_game(game.num_seats, game.seed, game.options)
    states = [expected]
    for action in game.actions.order_by("seq"):
        expected = rules.apply(expected, action.seat, action.payload)
        states.append(expected)
    replay = Replay.of(game)
    # Jump around: backwards, forwards, across checkpoints, and from a fresh replay using the cache.
    order = list(range(len(states)))
    random.Random(3).shuffle(order)
    for step in order[:40] + [len(states) - 1, 0]:
        assert replay.state_at(step) == states[step]
        assert Replay.of(game).state_at(step) == states[step]


def test_it_steps_forward_with_one_apply_and_jumps_with_few(players, monkeypatch):
    game = finished_game(players[:2], "wildcards", bots=1, seed="cheap")
    replay = Replay.of(game)
    middle = replay.last_step // 2
    replay.state_at(replay.last_step)  # the first visit walks the log once, leaving checkpoints
    replay.state_at(middle)
    rules = get_engine("wildcards")
    calls = []
    original = rules.apply
    monkeypatch.setattr(rules, "apply", lambda *args: calls.append(1) or original(*args))
    fresh = Replay.of(game)  # a new request: starts from the cached state of the step before
    fresh.state_at(middle + 1)
    assert len(calls) == 1
    for step in (3, replay.last_step - 1, middle - 5):
        calls.clear()
        Replay.of(game).state_at(step)
        assert len(calls) < CHECKPOINT_EVERY


def test_it_refuses_a_step_outside_the_log(players):
    game = play_on(new_game(players, "secret"), random.Random(1), stop_at=4)
    replay = Replay.of(game)
    with pytest.raises(IndexError):
        replay.state_at(replay.last_step + 1)
    with pytest.raises(IndexError):
        replay.state_at(-1)
