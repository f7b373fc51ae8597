"""`apply_steps`: the states the table passes through in one action, for telling what happened.

It must end where `apply` ends (stored games replay to the very same states), leave its input
unchanged, and, when an action ends a round, show the round's last turn and the round cleared
away with its whole log before the next round's log replaces it.
"""

from __future__ import annotations

import copy
import random

import pytest

from games.engines.wildcards import ENGINE

from .scenario import bid, card_id, make_state, pay


@pytest.mark.parametrize(
    ("players", "options"),
    [(3, {"edition": "2022"}), (4, {"edition": "2020"}), (2, {"edition": "2022", "leo": True}), (5, {})],
)
def test_it_ends_where_apply_ends_and_changes_nothing_it_is_given(players, options):
    for seed in range(4):
        rng = random.Random(seed)
        state = ENGINE.new_game(players, seed, ENGINE.validate_options(players, options))
        while not ENGINE.is_over(state):
            seat = rng.choice(ENGINE.to_act(state))
            action = rng.choice(ENGINE.legal_actions(state, seat))
            kept = copy.deepcopy(state)
            steps = ENGINE.apply_steps(state, seat, action)
            after = ENGINE.apply(state, seat, action)
            assert state == kept
            assert steps[-1] == after
            if after["round"] != state["round"] or after["over"]:
                played, cleared = steps[0], steps[1]
                assert played["phase"] == "round_over" and len(steps) == (2 if after["over"] else 3)
                assert cleared["log"][: len(state["log"])] == state["log"]  # the round's log, kept whole
            else:
                assert len(steps) == 1
            state = after


def test_the_full_round_example_ends_with_the_last_pass_and_the_ibex_in_the_rounds_log():
    # 003 "Full round example" (see test_rulebook_examples): the second player's payment ends
    # the round; the third passes (display empty) and the ibex holder takes the bid card back.
    state = make_state(
        3,
        "2022",
        hands={
            0: ["mountains 4", "forest 1", "forest 2", "savannah 1", "savannah 2"],
            1: ["forest 2", "mountains 1", "savannah 3", "forest 4", "mountains 2"],
            2: ["savannah 1", "forest 3", "mountains 3", "wild 1", "forest 1", "forest 2", "savannah 2"],
        },
        display=["ibex", "ibex"],
    )
    state = bid(bid(bid(state, 0, "mountains 4"), 1, "forest 2"), 2, "savannah 1")
    state = ENGINE.apply(state, 0, {"type": "take", "animal": state["display"][0]})
    state = pay(state, 0, "forest 1", "forest 2", "savannah 1")
    state = ENGINE.apply(state, 1, {"type": "take", "animal": state["display"][0]})
    last = card_id(state, 1, "mountains 1")
    played, cleared, new_round = ENGINE.apply_steps(state, 1, {"type": "pay", "card": last})
    assert [len(cards) for cards in played["table"]] == [3, 1, 0]  # the payments still on the table
    assert [entry["event"] for entry in cleared["log"][len(state["log"]) :]] == ["take", "leader", "pass", "ibex"]
    assert cleared["table"] == [[], [], []] and len(cleared["display"]) == 2  # the next display is out
    assert [entry["event"] for entry in new_round["log"]] == ["round"] and new_round["round"] == 2
