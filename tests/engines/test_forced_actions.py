"""An engine's `forced_action` (optional) names a seat's only legal move, never a move with a
choice: checked at every state of random games, against `legal_actions`. Wizard and Wild Cards
have it (Wild Cards makes most moves without a choice itself); CuBirds and Emu Ranchers force
none that the whole table could tell."""

from __future__ import annotations

import random

import pytest

from games.engines import get_engine

CASES = [
    ("wizard", 3, {}),
    ("wizard", 4, {"hidden_bids": True}),
    ("wizard", 2, {"two_players": True}),
    ("wizard", 3, {"monocolor": True}),
    ("wizard", 3, {"clairvoyance": True}),
    ("wildcards", 3, {"edition": "2022"}),
    ("wildcards", 4, {"edition": "2020"}),
    ("wildcards", 2, {"edition": "2022", "leo": True}),
]


@pytest.mark.parametrize(("engine_name", "num_players", "options"), CASES)
def test_a_forced_action_is_the_seats_only_legal_action(engine_name, num_players, options):
    engine = get_engine(engine_name)
    forced_action = engine.forced_action
    forced_seen = 0
    # An empty hand at a bid is rarer than a round's last card: Wild Cards plays more games.
    for seed in range(3 if engine_name == "wizard" else 20):
        rng = random.Random(seed)
        state = engine.new_game(num_players, seed, engine.validate_options(num_players, options))
        while not engine.is_over(state):
            for seat in range(num_players):
                forced = forced_action(state, seat)
                if forced is not None:
                    assert engine.legal_actions(state, seat) == [forced], f"seed {seed}: {forced} had a choice"
                    forced_seen += 1
            actor = rng.choice(engine.to_act(state))
            state = engine.apply(state, actor, rng.choice(engine.legal_actions(state, actor)))
    assert forced_seen, "no move was ever forced"


def test_wizard_forces_each_seats_last_card_of_a_round_and_nothing_else():
    engine = get_engine("wizard")
    rng = random.Random(7)
    state = engine.new_game(4, 7)
    while not engine.is_over(state):
        for seat in engine.to_act(state):
            last_card = state["phase"] == "play" and len(state["hands"][seat]) == 1
            assert (engine.forced_action(state, seat) is not None) == last_card
        actor = rng.choice(engine.to_act(state))
        state = engine.apply(state, actor, rng.choice(engine.legal_actions(state, actor)))
