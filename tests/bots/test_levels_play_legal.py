"""Every level plays legal moves to the end of every game, variant and player count.

A move is legal when the engine applies it (it raises IllegalAction otherwise) and, outside
Wild Cards (whose menu offers one card of each kind, any of them being accepted), when it
is on the seat's menu. The searching levels get small budgets here: the moves are what is
tested, their strength is measured by `python -m bench bots`.
"""

from __future__ import annotations

import random

import pytest

from games.bots import LEVELS, choose
from games.engines import get_engine
from tests.bots.variants import VARIANTS, variant_id

BUDGETS = {"beginner": None, "standard": None, "good": 3, "strong": 4}


def _play(game: str, players: int, options: dict, levels: list[str], seed: int) -> dict:
    engine = get_engine(game)
    state = engine.new_game(players, f"legal-{seed}", options)
    rng = random.Random(seed)
    moves = 0
    while not engine.is_over(state):
        seat = engine.to_act(state)[rng.randrange(len(engine.to_act(state)))]
        level = levels[seat % len(levels)]
        action = choose(engine, state, seat, level, rng, BUDGETS[level])
        if game != "wildcards":
            assert action in engine.legal_actions(state, seat), (level, action)
        state = engine.apply(state, seat, action)
        moves += 1
        assert moves < 20_000
    return state


@pytest.mark.parametrize("variant", VARIANTS, ids=variant_id)
def test_it_plays_every_fast_level_to_the_end(variant):
    game, players, options = variant
    state = _play(game, players, options, ["beginner", "standard"], seed=1)
    assert get_engine(game).is_over(state)


@pytest.mark.parametrize("variant", VARIANTS, ids=variant_id)
@pytest.mark.parametrize("level", ["good", "strong"])
def test_it_plays_the_searching_levels_to_the_end(variant, level):
    game, players, options = variant
    if game == "wizard":
        # A whole Wizard game of searched moves is slow: search at one seat, the shortest games.
        options = {**options}
    # Beginners at the other seats play as people do, not always as Standard would: the
    # searches' samplers must cope with plays their model does not explain.
    state = _play(game, players, options, [level] + ["beginner"] * (players - 1), seed=2)
    assert get_engine(game).is_over(state)


def test_it_refuses_an_unknown_level():
    engine = get_engine("cubirds")
    state = engine.new_game(2, 1)
    with pytest.raises(ValueError, match="unknown bot level"):
        choose(engine, state, 0, "grandmaster", random.Random(1))
    assert LEVELS == ("beginner", "standard", "good", "strong")


@pytest.mark.parametrize("variant", [v for v in VARIANTS if v[0] == "wizard"], ids=variant_id)
def test_it_lists_the_wizard_menu_from_the_view_as_the_engine_does(variant):
    from games.bots import legal_from_view

    _game, players, options = variant
    engine = get_engine("wizard")
    state = engine.new_game(players, "menu", options)
    rng = random.Random(3)
    while not engine.is_over(state):
        for seat in range(players):
            assert legal_from_view(engine, engine.view(state, seat), seat) == engine.legal_actions(state, seat)
        seats = engine.to_act(state)
        seat = seats[rng.randrange(len(seats))]
        legal = engine.legal_actions(state, seat)
        state = engine.apply(state, seat, legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("level", ["good", "strong"])
def test_the_searching_levels_play_wizard_to_the_end_against_random_play(players, level):
    # Random plays are the ones Standard explains least (people's, now and then): the samplers
    # that fit what they saw must cope with them at every stage of the game, the last round too.
    engine = get_engine("wizard")
    for seed in range(3):
        state = engine.new_game(players, f"random-{seed}", {})
        rng = random.Random(seed)
        while not engine.is_over(state):
            seat = engine.to_act(state)[0]
            legal = engine.legal_actions(state, seat)
            if seat == 0:
                action = choose(engine, state, seat, level, rng, BUDGETS[level])
                assert action in legal
            else:
                action = legal[rng.randrange(len(legal))]
            state = engine.apply(state, seat, action)
