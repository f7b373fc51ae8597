"""Legal actions are shared, read-only dicts: equal to plain ones, copied as plain data."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from games.engines.wildcards import ENGINE
from games.engines.wildcards.cards import EAGLE


def _eagle_bid_state():
    state = ENGINE.new_game(4, 3)
    state["leaders"] = state["leaders"][:]
    state["leaders"][EAGLE] = 0  # seat 0 holds the eagle Leader: eagle_bid is listed
    return state


def test_listed_actions_refuse_changes_and_copies_are_plain():
    state = _eagle_bid_state()
    legal = ENGINE.legal_actions(state, 0)
    bid = legal[0]
    eagle = next(action for action in legal if action["type"] == "eagle_bid")
    for change in (
        lambda: bid.__setitem__("card", 1),
        lambda: bid.update(card=1),
        lambda: bid.pop("card"),
        lambda: bid.clear(),
        lambda: eagle["cards"].append(1),
        lambda: eagle["cards"].__setitem__(0, 1),
    ):
        with pytest.raises(TypeError):
            change()
    assert ENGINE.legal_actions(state, 0) == legal
    for same in (copy.deepcopy(eagle), pickle.loads(pickle.dumps(eagle)), json.loads(json.dumps(eagle)), dict(eagle)):
        assert same == eagle
        assert type(same) is dict
        same["type"] = "changed"  # a copy is the caller's own
    assert type(copy.deepcopy(eagle)["cards"]) is list
    assert json.dumps(eagle) == json.dumps({"type": "eagle_bid", "cards": list(eagle["cards"])})


def test_listed_actions_apply_like_their_plain_copies():
    state = _eagle_bid_state()
    for action in ENGINE.legal_actions(state, 0):
        assert ENGINE.apply(state, 0, action) == ENGINE.apply(state, 0, json.loads(json.dumps(action)))


def test_an_unknown_move_is_told_the_moves_this_seat_may_make_not_every_move_of_the_phase():
    # A player without the Eagle who sends "BID" does not read "possible: bid, eagle_bid".
    from games.engines.base import IllegalAction

    state = _eagle_bid_state()
    with pytest.raises(IllegalAction) as without:
        ENGINE.apply(state, 1, {"type": "BID", "card": 0})
    assert without.value.params["possible"] == "bid"
    with pytest.raises(IllegalAction) as holder:
        ENGINE.apply(state, 0, {"type": "BID", "card": 0})
    assert holder.value.params["possible"] == "bid, eagle_bid"
