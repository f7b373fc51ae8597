"""CuBirds' answers ahead against the rules themselves, over whole random games.

The oracles are the engine's own `legal_actions` at the call and the rows as they lay when a
case was offered (kept here, not read back from the case's name): a lay stored for a row must,
while that row holds the same birds, be what the rules then allow into it; a row whose birds
changed must never hold; the draw's and family's cases must offer what the step allows.
"""

from __future__ import annotations

import json
import random

import pytest

from games.engines import get_engine
from games.engines.cubirds.cards import CARD_SPECIES, SMALL

ENGINE = get_engine("cubirds")


def _keys(moves) -> set[str]:
    return {json.dumps(move, sort_keys=True) for move in moves}


def _birds(row: list[str]) -> tuple[str, ...]:
    return tuple(CARD_SPECIES[card] for card in row)


@pytest.mark.parametrize(("seed", "players"), [(0, 2), (1, 3), (2, 4), (3, 5), (4, 4), (5, 3)])
def test_a_next_turn_offered_ahead_is_what_the_rules_allow_when_its_case_holds(seed, players):
    rng = random.Random(seed)
    state = ENGINE.new_game(players, seed=f"cubirds-ahead-{seed}")
    # (seat, phase, case) -> (moves offered, the row's birds then, for a lay)
    offered: dict[tuple[int, str, str], tuple[set[str], tuple[str, ...] | None]] = {}
    held = changed = steps = 0
    deals_seen: dict[str, int] = {}
    while not ENGINE.is_over(state):
        seat = ENGINE.to_act(state)[0]
        assert ENGINE.ahead_cases(state, seat) == [], "a seat called now answers now, not ahead"
        for other in range(players):
            for case in ENGINE.ahead_cases(state, other):
                row = int(case["case"][3]) if case["case"].startswith("row") else None
                birds = _birds(state["rows"][row]) if row is not None else None
                offered[other, case["phase"], case["case"]] = (_keys(case["moves"]), birds)
                deals_seen[case["phase"]] = state["deals"]
        phase, holding = ENGINE.ahead_facts(state, seat)
        legal = ENGINE.legal_actions(state, seat)
        for (who, at, case), (moves, birds) in offered.items():
            if who != seat or at != phase:
                continue
            assert deals_seen[at] == state["deals"], "an answer from before a re-deal never reaches its call"
            if state["step"] == "lay" and case.startswith("row"):
                row = int(case[3])
                if _birds(state["rows"][row]) == birds:
                    held += 1
                    assert case in holding
                    assert moves == _keys(a for a in legal if a["row"] == row)
                else:
                    changed += 1
                    assert case not in holding
                    assert ENGINE.ahead_stale(state, seat, case) is not None
            elif case in holding:
                steps += 1
                if case == "draw":
                    assert moves == _keys(legal)
                else:
                    # "No family" always holds; a family named then holds while the hand still
                    # has a small family of it (it may have been laid since), counted here by hand.
                    assert json.dumps({"type": "no_family"}) in moves & _keys(legal)
                    hand = [CARD_SPECIES[c] for c in state["hands"][seat]]
                    for move in map(json.loads, moves - {json.dumps({"type": "no_family"})}):
                        enough = hand.count(move["species"]) >= SMALL[move["species"]]
                        assert (json.dumps(move, sort_keys=True) in _keys(legal)) == enough
        state = ENGINE.apply(state, seat, rng.choice(legal))
    assert held > 10 and changed > 0 and steps > 5


def test_a_row_of_the_same_birds_is_the_same_case_whatever_the_cards():
    from games.engines.cubirds.ahead import row_case

    state = ENGINE.new_game(3, seed="rows")
    twin = {**state, "rows": [list(row) for row in state["rows"]]}
    first = state["rows"][0][0]
    same = next(c for c in CARD_SPECIES if CARD_SPECIES[c] == CARD_SPECIES[first] and c != first)
    twin["rows"][0][0] = same
    assert row_case(twin, 0) == row_case(state, 0)
    other = next(c for c in CARD_SPECIES if CARD_SPECIES[c] != CARD_SPECIES[first])
    twin["rows"][0][0] = other
    assert row_case(twin, 0) != row_case(state, 0)
