"""Wild Cards' answers ahead against the rules themselves, over whole random games.

While the acquisition waits on those bidding higher, a seat may store its take (three choices)
and its payment card by card; a seat that bid its Refill card, its refill step by step. Checked
at each seat's call, with the engine's `legal_actions` and a count by hand as oracles: every
take offered then is, once `ahead.move` has swapped in another copy where copies are
interchangeable, legal exactly when an animal of that species (with Leo still to take: that very
card) is still on display; every payment card and discard offered is legal exactly when the hand
still holds a card of its kind; the call's cases are ones offered.
"""

from __future__ import annotations

import random

import pytest

from games.engines import IllegalAction, get_engine
from games.engines.wildcards import ahead
from games.engines.wildcards.cards import ANIMAL_SPECIES, KIND

ENGINE = get_engine("wildcards")


def _legal(state, seat, action) -> bool:
    try:
        ENGINE.apply(state, seat, action)
    except IllegalAction:
        return False
    return True


@pytest.mark.parametrize(
    ("seed", "players", "options"),
    [(0, 3, {}), (1, 4, {}), (2, 5, {}), (3, 2, {"leo": True}), (4, 3, {"leo": True}), (5, 3, {"edition": "2020"})],
)
def test_answers_offered_ahead_are_legal_at_the_call_exactly_when_their_animal_or_card_is_still_there(
    seed, players, options
):
    rng = random.Random(seed)
    counts = {"takes": 0, "pays": 0, "discards": 0, "gone": 0}
    for game in range(4):
        _play(ENGINE.new_game(players, seed=f"wc-ahead-{seed}-{game}", options=options), players, rng, counts)
    assert counts["takes"] > 40 and counts["pays"] > 20 and counts["discards"] > 20 and counts["gone"] > 0, counts


def _play(state, players: int, rng, counts: dict) -> None:
    offered: dict[tuple[int, str, str], list[dict]] = {}
    while not ENGINE.is_over(state):
        for seat in range(players):
            for case in ENGINE.ahead_cases(state, seat):
                offered[seat, case["phase"], case["case"]] = case["moves"]
        called = ENGINE.to_act(state)
        for seat in called:
            facts = ENGINE.ahead_facts(state, seat)
            later = {case["phase"] for case in ENGINE.ahead_cases(state, seat)}
            # A seat called now answers its call now; ahead, only its refill that its bid may bring.
            assert all(phase.endswith(":refill") for phase in later) and (facts is None or facts[0] not in later)
            if facts is None:
                continue
            phase, holding = facts
            asked = {case for who, at, case in offered if (who, at) == (seat, phase)}
            beyond = {f"refill{step}" for step in range(ahead.REFILL_STEPS + 1, 12)}  # asked, never answered ahead
            if asked:
                assert set(holding) - beyond <= asked, "the call's cases are the ones offered ahead"
            for case in holding:
                for action in offered.get((seat, phase, case), []):
                    made = ahead.move(state, seat, action)
                    if action["type"] == "take":
                        counts["takes"] += 1
                        leo_after = state["leo"] is not None and state["leo"] in state["order"][state["turn"] + 1 :]
                        if leo_after:
                            there = action["animal"] in state["display"]
                        else:
                            species = ANIMAL_SPECIES[action["animal"]]
                            there = any(ANIMAL_SPECIES[a] == species for a in state["display"])
                        counts["gone"] += not there
                        assert _legal(state, seat, made) == there, (phase, case, action)
                    elif action["type"] in ("pay", "discard"):
                        counts["pays" if action["type"] == "pay" else "discards"] += 1
                        kind = KIND[action["card"]]
                        assert _legal(state, seat, made) == any(KIND[c] == kind for c in state["hands"][seat])
                    else:
                        assert action in ({"type": "pass"}, {"type": "done"}) and _legal(state, seat, made)
        seat = called[0]
        state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
