"""Emu Ranchers' answers ahead against the rules themselves, over whole random games.

The oracle is the engine's own `legal_actions` at the call: a next turn stored while the other
player played must, when its case still holds, be among the moves the rules then allow, and
every case offered must offer exactly them.
"""

from __future__ import annotations

import json
import random

import pytest

from games.engines import get_engine

ENGINE = get_engine("emu_ranchers")


def _keys(moves) -> set[str]:
    return {json.dumps(move, sort_keys=True) for move in moves}


@pytest.mark.parametrize("seed", range(6))
def test_a_next_turn_offered_ahead_is_what_the_rules_allow_when_its_case_holds(seed):
    rng = random.Random(seed)
    state = ENGINE.new_game(2, seed=f"emu-ahead-{seed}", options={"years": 2, "pawns": seed % 2 == 0})
    offered: dict[tuple[int, str, str], set[str]] = {}
    checked = stale = 0
    while not ENGINE.is_over(state):
        for seat in (0, 1):
            for case in ENGINE.ahead_cases(state, seat):
                offered[seat, case["phase"], case["case"]] = _keys(case["moves"])
        seat = ENGINE.to_act(state)[0]
        facts = ENGINE.ahead_facts(state, seat)
        legal = ENGINE.legal_actions(state, seat)
        if facts is not None:
            phase, holding = facts
            taking = _keys(a for a in legal if a.get("draw") == "discard")
            rest = _keys(a for a in legal if a.get("draw") != "discard")
            for (who, at, case), moves in offered.items():
                if who != seat or at != phase:
                    continue
                if case in holding:
                    checked += 1
                    assert moves == (rest if case == "any" else taking), (phase, case)
                else:
                    stale += 1
                    assert case.startswith("top:") and ENGINE.ahead_stale(state, seat, case) is not None
        state = ENGINE.apply(state, seat, rng.choice(legal))
    assert checked > 20 and stale > 0
