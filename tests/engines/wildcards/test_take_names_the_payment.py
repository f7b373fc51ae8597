"""A take's log entry names the cards paid for it (RULES-NOTES: payments lie face up, then go
to the open discard pile), so a player reading the round afterwards knows what each taker paid."""

from __future__ import annotations

from games.engines.wildcards import ENGINE

from .scenario import animal_id, bid, card_id, make_state, pay


def _takes(state: dict) -> list[dict]:
    return [entry for entry in state["log"] if entry["event"] == "take"]


def test_a_take_logs_the_cards_paid_in_the_order_laid():
    state = make_state(
        3,
        "2022",
        hands={0: ["forest 3", "forest 1", "wild 1", "mountains 2"], 1: ["savannah 1", "forest 2"]},
        display=["peacock", "lion"],
    )
    state = bid(bid(bid(state, 0, "forest 3"), 1, "savannah 1"), 2, "refill")
    state = ENGINE.apply(state, 2, {"type": "done"})
    state = ENGINE.apply(state, 0, {"type": "take", "animal": animal_id(state, "peacock")})
    state = pay(state, 0, "wild 1", "forest 1")
    [take] = _takes(state)
    assert take["paid"] == ["wild 1", "forest 1"] and take["bonus"] == 2
    # Every seat and a spectator read the same entry: nothing in it was hidden.
    for viewer in (None, 0, 1, 2):
        assert [e for e in ENGINE.view(state, viewer)["log"] if e["event"] == "take"][0]["paid"] == [
            "wild 1",
            "forest 1",
        ]


def test_a_bid_of_one_takes_for_nothing_more():
    state = make_state(3, "2022", hands={0: ["forest 1", "mountains 2"]}, display=["peacock"])
    state = bid(bid(bid(state, 0, "forest 1"), 1, "refill"), 2, "refill")
    for seat in (1, 2):
        state = ENGINE.apply(state, seat, {"type": "done"})
    # The take ends the round: its log is read from the state the round ends on.
    ended = ENGINE.apply_steps(state, 0, {"type": "take", "animal": animal_id(state, "peacock")})[-2]
    assert _takes(ended)[0]["paid"] == []


def test_a_face_down_tie_payment_is_named_once_the_animal_is_taken():
    rasha, matea = 0, 1
    state = make_state(
        3,
        "2022",
        hands={
            rasha: ["forest 3", "savannah 3", "mountains 2", "forest 1"],
            matea: ["mountains 3", "forest 2", "savannah 1", "mountains 1"],
        },
        display=["eagle", "lion"],
    )
    state = bid(bid(bid(state, rasha, "forest 3"), matea, "mountains 3"), 2, "refill")
    state = ENGINE.apply(state, 2, {"type": "done"})
    for label in ("savannah 3", "mountains 2"):
        state = ENGINE.apply(state, rasha, {"type": "tie_pay", "card": card_id(state, rasha, label)})
    for label in ("forest 2", "savannah 1"):
        state = ENGINE.apply(state, matea, {"type": "tie_pay", "card": card_id(state, matea, label)})
    state = ENGINE.apply(state, rasha, {"type": "take", "animal": animal_id(state, "eagle")})
    assert _takes(state)[0]["paid"] == ["savannah 3", "mountains 2"]


def test_leo_pays_nothing_and_his_take_says_nothing_paid():
    state = make_state(2, "2022", leo=True, display=["peacock", "lion", "eagle"])
    # Leo's take is logged by the engine when his turn comes; no "paid" is written for him.
    for _ in range(200):
        if ENGINE.is_over(state) or any(e["event"] == "take" and e["player"] == "leo" for e in state["log"]):
            break
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, seat, ENGINE.auto_action(state, seat))
    leo_takes = [e for e in state["log"] if e["event"] == "take" and e["player"] == "leo"]
    assert leo_takes and "paid" not in leo_takes[0]
