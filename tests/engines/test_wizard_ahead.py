"""Wizard's answers ahead against the rules themselves: whole random games, every variant.

The oracle is the engine's own `legal_actions` when the seat is called, never the helpers of
`ahead.py`: every case offered before the call must, when it holds, offer exactly the cards
the rules then allow (a suit's case), every card held (whatever is led), every legal bid.
"""

from __future__ import annotations

import json
import random

import pytest

from games.engines import get_engine

ENGINE = get_engine("wizard")
VARIANTS = [
    {},
    {"bid_sum_restriction": True},
    {"clairvoyance": True},
    {"dark_wizard": True},
    {"hidden_bids": True},
]


def _cards(moves) -> set[str]:
    return {json.dumps(move, sort_keys=True) for move in moves}


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: ",".join(o) or "plain")
@pytest.mark.parametrize("players", [3, 4, 6])
def test_every_case_offered_ahead_offers_what_the_rules_allow_when_it_holds(players, options):
    rng = random.Random(f"{players}{options}")
    state = ENGINE.new_game(players, seed=f"ahead-{players}-{sorted(options)}", options=options)
    offered: dict[tuple[int, str, str], set[str]] = {}
    checked = 0
    while not ENGINE.is_over(state):
        to_act = ENGINE.to_act(state)
        for seat in range(players):
            view = ENGINE.view(state, seat)
            for case in ENGINE.ahead_cases(state, seat):
                assert seat not in to_act or case["phase"] != ENGINE.ahead_facts(state, seat)[0]
                # A case names only what the seat sees: cards of its own hand, and only while it sees it.
                cards = {move["card"] for move in case["moves"] if move["type"] == "play"}
                assert cards <= set(view["hand"] or ()), (case, view["hand"])
                offered[seat, case["phase"], case["case"]] = _cards(case["moves"])
        seat = to_act[0]
        facts = ENGINE.ahead_facts(state, seat)
        legal = ENGINE.legal_actions(state, seat)
        if facts is not None:
            phase, holding = facts
            for case in holding:
                moves = offered.get((seat, phase, case))
                if moves is None:
                    continue
                checked += 1
                if case == "any" and state["phase"] == "play":
                    held = {json.dumps({"type": "play", "card": c}, sort_keys=True) for c in state["hands"][seat]}
                    assert moves == held
                elif case.startswith("sum:") or case == "any":
                    assert _cards(legal) <= moves  # a bid: the rules may forbid one of them now
                elif case == "lead":
                    # Offered while the seat still held the card it then played to the trick before.
                    assert _cards(legal) <= moves and len(moves - _cards(legal)) <= 1
                else:
                    assert moves == _cards(legal), (phase, case)
        state = ENGINE.apply(state, seat, rng.choice(legal))
    assert checked > 50


def test_a_follower_is_offered_a_case_for_each_suit_a_wizard_and_a_jester():
    state = ENGINE.new_game(4, seed="cases")
    while not (state["phase"] == "play" and not state["trick"] and state["hand_size"] >= 3):
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, seat, ENGINE.auto_action(state, seat))
    follower = (state["turn"] + 1) % 4
    this_trick = [c["case"] for c in ENGINE.ahead_cases(state, follower) if c["phase"].endswith(":t0")]
    assert this_trick == ["blue", "green", "red", "yellow", "wizard", "jester", "any"]
    leader_cases = [(c["phase"], c["case"]) for c in ENGINE.ahead_cases(state, state["turn"])]
    assert leader_cases == [(f"r{state['round']}:t1", "lead")]  # the leader is called: only its next lead


def test_sealed_bids_are_not_answered_ahead():
    state = ENGINE.new_game(3, seed="sealed", options={"hidden_bids": True})
    while state["phase"] != "bid":
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, seat, ENGINE.auto_action(state, seat))
    for seat in range(3):
        assert all(not c["phase"].endswith(":bid") for c in ENGINE.ahead_cases(state, seat))
        assert ENGINE.ahead_facts(state, seat) is None


@pytest.mark.parametrize("players", [3, 4, 6])
def test_no_case_is_offered_for_a_card_the_site_plays_itself_or_a_lead_that_cannot_come(players):
    """A seat's last card of a round is played for it (`forced_action`): an answer ahead for it
    could never be used. Nor could one for the next lead once another seat has played a Wizard to
    the trick (the first Wizard wins it). A player answered round 1's one card for seven cases."""
    rng = random.Random(players)
    state = ENGINE.new_game(players, seed=f"forced-{players}")
    offered: set[tuple[int, str]] = set()
    forced_seen = 0
    while not ENGINE.is_over(state):
        trick = state.get("trick") or []
        first_wizard = next((who for who, card in trick if card.startswith("wizard")), None)
        for seat in range(players):
            for case in ENGINE.ahead_cases(state, seat):
                offered.add((seat, case["phase"]))
                if case["case"] == "lead" and state["phase"] == "play":
                    assert first_wizard in (None, seat), (seat, trick, case["phase"])
        seat = ENGINE.to_act(state)[0]
        forced = ENGINE.forced_action(state, seat)
        if forced is not None:
            forced_seen += 1
            assert (seat, ENGINE.ahead_facts(state, seat)[0]) not in offered
            state = ENGINE.apply(state, seat, forced)
            continue
        state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
    assert forced_seen >= players * 2
