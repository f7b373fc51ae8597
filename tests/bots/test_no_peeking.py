"""No bot sees hidden cards: twin tests in which everything the seat cannot see changes.

At decision points of real games, the bot chooses once on the state and once on its twin
(`tests/hidden_information/twins.py`: other hands, the deck order, the discard pile, sealed
bids and payments dealt anew) with the seed changed too, its own random numbers being the
same: the move must be the same. Two test doubles show that the test can fail: a bot that
peeks at another hand, and a search whose sampler keeps the real state's seed (so its
rollouts are dealt the real future deals).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from games.bots import GAMES, choose, legal_from_view, search
from games.engines import get_engine
from tests.hidden_information.twins import TWINS

Bot = Callable[[object, dict, int, random.Random], dict]
GAMES_TO_TEST = [
    ("wizard", 3, {}),
    ("wizard", 4, {"hidden_bids": True}),
    ("wizard", 2, {}),
    ("cubirds", 2, {}),
    ("cubirds", 4, {}),
    ("emu_ranchers", 2, {"years": 2, "pawns": True}),
    ("wildcards", 3, {}),
    ("wildcards", 4, {"edition": "2020"}),
]


def decision_points(game: str, players: int, options: dict, count: int, seed: int = 0):
    """(state, seat) at `count` moments spread over Standard games, where the seat has a choice."""
    engine = get_engine(game)
    rng = random.Random(seed)
    points = []
    game_number = 0
    while len(points) < count:
        state = engine.new_game(players, f"twins-{seed}-{game_number}", options)
        game_number += 1
        step = 0
        while not engine.is_over(state) and len(points) < count:
            seats = engine.to_act(state)
            seat = seats[rng.randrange(len(seats))]
            if step % 7 == 3 and len(engine.legal_actions(state, seat)) > 1:
                points.append((state, seat))
            state = engine.apply(state, seat, choose(engine, state, seat, "standard", rng))
            step += 1
    return points


def differences(bot: Bot, game: str, players: int, options: dict, count: int) -> int:
    """How many decision points gave a different move on the twin."""
    engine = get_engine(game)
    differ = 0
    for index, (state, seat) in enumerate(decision_points(game, players, options, count)):
        twin = TWINS[game](state, seat, random.Random(1000 + index), None)
        twin["seed"] = f"twin-seed-{index}"
        assert engine.view(twin, seat) == engine.view(state, seat), "not a twin: the seat's view changed"
        first = bot(engine, state, seat, random.Random(index))
        second = bot(engine, twin, seat, random.Random(index))
        differ += first != second
    return differ


def _level(level: str, budget: int | None) -> Bot:
    return lambda engine, state, seat, rng: choose(engine, state, seat, level, rng, budget)


@pytest.mark.parametrize("variant", GAMES_TO_TEST, ids=lambda v: f"{v[0]}-{v[1]}p")
@pytest.mark.parametrize(("level", "budget"), [("beginner", None), ("standard", None), ("good", 12), ("strong", 16)])
def test_it_makes_the_same_move_whatever_the_seat_cannot_see(variant, level, budget):
    game, players, options = variant
    assert differences(_level(level, budget), game, players, options, count=12) == 0


# -- test doubles that must fail the twin test ------------------------------------------


def peeking_bot(engine, state, seat, rng):
    """Standard, except that it looks at the next player's hand (the bug the test must catch)."""
    legal = engine.legal_actions(state, seat)
    neighbour = state["hands"][(seat + 1) % state["num_players"]]
    return dict(legal[len(repr(neighbour)) % len(legal)])


def seed_keeping_search(engine, state, seat, rng, method=search.flat_monte_carlo):
    """Good's search, with a sampler that keeps the real seed: its rollouts play the real future deals."""
    game = GAMES[engine.name]

    class KeepsSeed:
        rollout_action = staticmethod(game.rollout_action)
        evaluate = staticmethod(game.evaluate)

        @staticmethod
        def sample(view, seat, rng):
            return {**game.sample(view, seat, rng), "seed": state["seed"]}

        @staticmethod
        def horizon_reached(state, start):
            return False  # play on to the end of the game, through the deals still to come

    view = engine.view(state, seat)
    legal = legal_from_view(engine, view, seat)
    return method(engine, KeepsSeed, view, seat, legal, rng, rollouts=12)


def test_the_twin_test_catches_a_bot_that_peeks_at_a_hand():
    assert differences(peeking_bot, "wizard", 3, {}, count=12) > 0
    assert differences(peeking_bot, "cubirds", 2, {}, count=12) > 0


@pytest.mark.parametrize("method", [search.flat_monte_carlo, search.sequential_halving], ids=lambda m: m.__name__)
def test_the_twin_test_catches_a_search_that_keeps_the_seed(method):
    def bot(engine, state, seat, rng):
        return seed_keeping_search(engine, state, seat, rng, method)

    assert differences(bot, "wizard", 3, {}, count=12) > 0


def test_the_real_search_with_the_same_long_rollouts_passes_the_twin_test():
    """The seed-keeping double differs from Good only in the seed: with a fresh one it passes."""

    def fresh_seed_search(engine, state, seat, rng):
        game = GAMES[engine.name]

        class LongRollouts:
            rollout_action = staticmethod(game.rollout_action)
            evaluate = staticmethod(game.evaluate)
            sample = staticmethod(game.sample)

            @staticmethod
            def horizon_reached(state, start):
                return False

        view = engine.view(state, seat)
        legal = legal_from_view(engine, view, seat)
        return search.flat_monte_carlo(engine, LongRollouts, view, seat, legal, rng, rollouts=12)

    assert differences(fresh_seed_search, "wizard", 3, {}, count=12) == 0
