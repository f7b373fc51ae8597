"""An empty hand's Refill bid is forced for the Eagle's holder too (with no Habitat card
there is no second card to bid), and Wild Cards' `forced_action` (games/engines/wildcards/legal.py)
plays it rather than wait for its player."""

import random

from games.engines import get_engine
from games.engines.wildcards.cards import EAGLE


def test_the_eagle_holders_empty_hand_bid_is_forced_too():
    engine = get_engine("wildcards")
    for seed in range(200):
        rng = random.Random(seed)
        state = engine.new_game(3, seed, engine.validate_options(3, {"edition": "2022"}))
        while not engine.is_over(state):
            if state["phase"] == "bid":
                holder = state["leaders"][EAGLE]
                if 0 <= holder < 3 and holder in state["to_act"] and not state["hands"][holder]:
                    assert engine.legal_actions(state, holder) == [{"type": "bid", "card": "refill"}]
                    assert engine.forced_action(state, holder) is not None
                    return
            actor = rng.choice(engine.to_act(state))
            state = engine.apply(state, actor, rng.choice(engine.legal_actions(state, actor)))
    raise AssertionError("no empty-handed Eagle holder at a bid in 200 games")
