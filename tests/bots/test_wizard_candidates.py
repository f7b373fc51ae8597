"""The moves Wizard's Good weighs: Standard's first, near bids, one card of each kind."""

from __future__ import annotations

import random

from games.bots import choose, legal_from_view, wizard
from games.engines import get_engine

ENGINE = get_engine("wizard")


def _state_at(phase: str, round_number: int = 5, options: dict | None = None) -> dict:
    """A 3-player game played by Standard up to `phase` of `round_number`, with seat 0 to act."""
    state = ENGINE.new_game(3, "candidates", options or {})
    rng = random.Random(0)
    while not (state["round"] == round_number and state["phase"] == phase and ENGINE.to_act(state) == [0]):
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, seat, choose(ENGINE, state, seat, "standard", rng))
    return state


def _candidates(state: dict) -> list[dict]:
    view = ENGINE.view(state, 0)
    return wizard.candidates(ENGINE, view, 0, legal_from_view(ENGINE, view, 0))


def test_it_weighs_standards_bid_first_and_the_bids_near_it():
    state = _state_at("bid")
    view = ENGINE.view(state, 0)
    legal = legal_from_view(ENGINE, view, 0)
    first = wizard.standard(ENGINE, view, 0, legal)
    bids = [action["bid"] for action in _candidates(state)]
    assert bids[0] == first["bid"]
    assert sorted(bids) == [bid for bid in range(6) if abs(bid - first["bid"]) <= wizard.BID_SPREAD]


def test_it_weighs_one_card_of_each_kind():
    state = _state_at("play")
    assert state["trick"] == [], "seat 0 leads: every card in hand is legal"
    # red-5 and red-7 with red-6 played already: one kind. red-9 (red-8 unseen) another.
    hand = ["red-5", "red-7", "red-9", "jester-1", "jester-2"]
    taken = set(hand) | {"red-6", "red-8"}
    state = {  # the cards in `taken` leave the other hands (red-8 goes out of the game unseen)
        **state,
        "hands": [hand, *(sorted(set(h) - taken) for h in state["hands"][1:])],
        "played": ["red-6"],
        "trump_card": None if state["trump_card"] in taken else state["trump_card"],
    }
    cards = [action["card"] for action in _candidates(state)]
    kinds = [{"red-5", "red-7"}, {"red-9"}, {"jester-1", "jester-2"}]
    assert len(cards) == len(kinds)
    assert all(len(kind & set(cards)) == 1 for kind in kinds), cards


def test_in_monocolor_it_weighs_every_card():
    """Monocolor ranks the cards of every suit together: a gap in one suit may hold another's card."""
    state = _state_at("play", options={"monocolor": True})
    view = ENGINE.view(state, 0)
    legal = legal_from_view(ENGINE, view, 0)
    assert len(legal) > 1
    assert sorted(a["card"] for a in _candidates(state)) == sorted(a["card"] for a in legal)
