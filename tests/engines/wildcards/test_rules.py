"""Leader powers, ties, Leo, the Talisman, passing, the end, options and illegal actions."""

from __future__ import annotations

import json

import pytest

from games.engines.base import IllegalAction, IllegalOptions
from games.engines.wildcards import ENGINE
from games.engines.wildcards.cards import REFILL

from .scenario import animal_id, bid, card_id, count, labels, leader, make_state


def _bid_all(state, bids: dict):
    for seat, label in bids.items():
        state = bid(state, seat, label)
    return state


def test_the_lion_holder_always_wins_a_tie():
    state = make_state(
        3,
        "2020",
        hands={0: ["forest 2", "forest 1"], 1: ["savannah 2", "savannah 4"]},
        display=["lion", "eagle"],
        collections={1: {"lion": 1}},
        leaders={"lion": 1},
    )
    state = _bid_all(state, {0: "forest 2", 1: "savannah 2", 2: "refill"})
    state = ENGINE.apply(state, 2, {"type": "done"})
    assert state["order"] == [1, 0] and state["phase"] == "acquire"  # no face-down payment needed


def test_leo_wins_ties_unless_a_human_in_the_tie_holds_the_lion():
    state = make_state(
        2, "2022", leo=True, hands={0: ["forest 2", "forest 1"], 1: ["forest 1", "wild 1"]}, display=["lion", "eagle"]
    )
    state["leo_sealed"] = card_id({"hands": [state["deck"]]}, 0, "mountains 2")
    state["deck"].remove(state["leo_sealed"])
    state = _bid_all(state, {0: "forest 2", 1: "refill"})
    state = ENGINE.apply(state, 1, {"type": "done"})
    assert state["order"] == [2, 0] and state["to_act"] == [0]
    assert count(state, 2, "lion") == 1  # Leo went first and took the card closest to the deck

    state = make_state(
        2,
        "2022",
        leo=True,
        hands={0: ["forest 2", "forest 1"]},
        display=["lion", "eagle"],
        collections={0: {"lion": 1}},
        leaders={"lion": 0},
    )
    state["leo_sealed"] = card_id({"hands": [state["deck"]]}, 0, "mountains 2")
    state["deck"].remove(state["leo_sealed"])
    state = _bid_all(state, {0: "forest 2", 1: "refill"})
    state = ENGINE.apply(state, 1, {"type": "done"})
    assert state["order"] == [0, 2]


def test_the_talisman_decides_an_equal_payment_and_moves_on():
    # 2022: the first tied player clockwise after the holder wins; the Talisman moves in phase 4.
    hands = {
        0: ["forest 2", "forest 1", "forest 3"],
        1: ["savannah 2", "savannah 1", "forest 4"],
        2: ["mountains 2", "mountains 1", "forest 4"],
    }
    state = make_state(3, "2022", hands=hands, display=["lion", "eagle"], talisman=1)
    state = _bid_all(state, {0: "forest 2", 1: "savannah 2", 2: "mountains 2"})
    for seat, label in ((0, "forest 1"), (1, "savannah 1"), (2, "mountains 1")):
        state = ENGINE.apply(state, seat, {"type": "tie_pay", "card": card_id(state, seat, label)})
    assert state["order"] == [2, 0, 1] and state["talisman_used"]
    for _ in range(2):
        seat = state["to_act"][0]
        state = ENGINE.apply(state, seat, {"type": "take", "animal": state["display"][0]})
    assert state["round"] == 2 and state["talisman"] == 2


def test_the_2020_tie_is_broken_by_repeated_reveals_that_are_discarded():
    hands = {
        0: ["forest 2", "forest 1", "forest 3", "savannah 4"],
        1: ["savannah 2", "savannah 1", "mountains 3", "savannah 3"],
    }
    state = make_state(3, "2020", hands=hands, display=["lion", "eagle"])
    state = _bid_all(state, {0: "forest 2", 1: "savannah 2", 2: "refill"})
    state = ENGINE.apply(state, 2, {"type": "done"})
    state = ENGINE.apply(state, 0, {"type": "tie_pay", "card": card_id(state, 0, "forest 1")})
    state = ENGINE.apply(state, 1, {"type": "tie_pay", "card": card_id(state, 1, "savannah 1")})
    assert state["phase"] == "tie_reveal" and sorted(state["to_act"]) == [0, 1]
    state = ENGINE.apply(state, 0, {"type": "reveal", "card": card_id(state, 0, "forest 3")})
    assert ENGINE.view(state, 1)["tie_reveal"] is None and ENGINE.view(state, 0)["tie_reveal"]["value"] == 3
    state = ENGINE.apply(state, 1, {"type": "reveal", "card": card_id(state, 1, "mountains 3")})
    assert state["phase"] == "tie_reveal"  # 3 against 3: reveal again
    state = ENGINE.apply(state, 0, {"type": "reveal", "card": card_id(state, 0, "savannah 4")})
    state = ENGINE.apply(state, 1, {"type": "reveal", "card": card_id(state, 1, "savannah 3")})
    assert state["order"] == [0, 1] and state["phase"] == "acquire"
    assert len(state["discard"]) == 4 and labels(state, 0) == [] and labels(state, 1) == []


def test_the_eagle_bids_two_cards_and_chooses_after_the_reveal():
    state = make_state(
        3,
        "2022",
        hands={0: ["forest 4", "forest 1", "savannah 2", "mountains 1"]},
        display=["lion", "eagle"],
        collections={0: {"eagle": 1}},
        leaders={"eagle": 0},
    )
    four = card_id(state, 0, "forest 4")
    state = ENGINE.apply(state, 0, {"type": "eagle_bid", "cards": [four, "refill"]})
    state = bid(state, 1, "refill")
    state = ENGINE.apply(state, 2, {"type": "bid", "card": state["hands"][2][0]})
    assert state["phase"] == "eagle" and state["to_act"] == [0]
    spectator = ENGINE.view(state, None)
    assert spectator["players"][0]["bid"] is None and spectator["players"][0]["bid_cards_face_down"] == 2
    assert spectator["players"][2]["bid"] is not None
    state = ENGINE.apply(state, 0, {"type": "eagle_choose", "card": "refill"})
    assert four in state["hands"][0] and state["bids"][0] == REFILL


def test_the_ibex_holder_keeps_a_bid_card_but_not_a_wild_one():
    for label, kept in (("forest 2", True), ("wild 1", False)):
        state = make_state(
            3,
            "2022",
            hands={0: [label, "forest 1", "mountains 3"]},
            display=["lion", "eagle"],
            collections={0: {"ibex": 1}},
            leaders={"ibex": 0},
        )
        state = _bid_all(state, {0: label, 1: "refill", 2: "refill"})
        for seat in (1, 2):
            state = ENGINE.apply(state, seat, {"type": "done"})
        state = ENGINE.apply(state, 0, {"type": "take", "animal": animal_id(state, "lion")})
        if label == "forest 2":
            state = ENGINE.apply(state, 0, {"type": "pay", "card": card_id(state, 0, "forest 1")})
        assert (label in labels(state, 0)) is kept


def test_a_pass_takes_back_bid_and_tie_payment_and_draws_within_the_limit():
    hand = [
        "forest 2",
        "forest 1",
        "forest 3",
        "savannah 1",
        "savannah 2",
        "savannah 3",
        "mountains 1",
        "mountains 2",
        "mountains 3",
        "mountains 4",
    ]
    other = ["savannah 4", "forest 4", "wild 1", "forest 1"]
    state = make_state(3, "2020", hands={0: hand, 1: other}, display=["lion"])
    state = _bid_all(state, {0: "forest 2", 1: "savannah 4", 2: "refill"})
    state = ENGINE.apply(state, 2, {"type": "done"})
    state = ENGINE.apply(state, 1, {"type": "take", "animal": animal_id(state, "lion")})
    assert state["round"] == 2 and len(state["hands"][0]) == 10  # the bid came back; no draw past 10


def test_the_meerkat_loses_its_leader_to_the_single_player_with_the_most():
    state = make_state(
        3,
        "2020",
        display=["squirrel", "lion"],
        collections={0: {"ibex": 2, "meerkat": 1}, 1: {"ibex": 2}},
        leaders={"meerkat": 0, "ibex": 0},
    )
    state = _bid_all(state, {0: "refill", 1: "refill", 2: "refill"})
    state = ENGINE.apply(state, 0, {"type": "swap", "give": "ibex", "take": animal_id(state, "squirrel")})
    assert leader(state, "ibex") == 1 and leader(state, "squirrel") == 0
    state = make_state(
        3, "2020", display=["squirrel"], collections={0: {"ibex": 1, "meerkat": 1}}, leaders={"meerkat": 0, "ibex": 0}
    )
    state["display"].append(animal_id({"display": state["animal_deck"]}, "lion"))
    state["animal_deck"].remove(state["display"][-1])
    state = _bid_all(state, {0: "refill", 1: "refill", 2: "refill"})
    state = ENGINE.apply(state, 0, {"type": "swap", "give": "ibex", "take": animal_id(state, "squirrel")})
    assert leader(state, "ibex") == -1  # nobody has an ibex left: back to the supply


def test_leo_refills_by_replacing_his_pile_and_never_holds_the_talisman():
    state = make_state(2, "2022", leo=True, display=["lion", "eagle"])
    state["leo_sealed"] = REFILL
    state["leo_pile"] = [c for c in state["leo_pile"] if c != REFILL] + [
        card_id({"hands": [state["deck"]]}, 0, "forest 1")
    ]
    state["deck"].remove(state["leo_pile"][-1])
    state = _bid_all(state, {0: "refill", 1: "refill"})
    assert len(state["leo_pile"]) == 6 and state["leo_pile"].count(REFILL) == 1
    assert state["talisman"] in (0, 1)


def test_the_game_ends_when_the_display_cannot_be_refilled():
    state = make_state(3, "2020", display=["lion", "eagle"])
    state["out"] = state["animal_deck"][1:]
    state["animal_deck"] = state["animal_deck"][:1]
    state = _bid_all(state, {0: "refill", 1: "refill", 2: "refill"})
    for seat in range(3):
        state = ENGINE.apply(state, seat, {"type": "done"})
    assert ENGINE.is_over(state) and ENGINE.to_act(state) == []
    assert all(hand == [] for hand in state["hands"])
    assert ENGINE.view(state, None)["final"][0]["total"] == 0


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {}),
        (2, {"edition": "2020"}),
        (2, {"leo": False}),
        (5, {"leo": True}),
        (3, {"edition": "2021"}),
        (3, {"colour": "red"}),
        (6, {}),
        (3, {"leo": "yes"}),
        (3, {"three_player_removal": "all"}),
    ],
)
def test_it_rejects_bad_options(players, options):
    if players == 2 and options == {}:
        assert ENGINE.validate_options(2, {})["leo"] is True  # 2 players: Leo by default
        return
    with pytest.raises(IllegalOptions):
        ENGINE.validate_options(players, options)


def test_an_illegal_action_leaves_the_state_unchanged():
    state = make_state(3, "2022", hands={0: ["forest 2"]}, display=["lion", "eagle"])
    before = json.dumps(state, sort_keys=True)
    for seat, action in [
        (0, {"type": "bid", "card": 45}),
        (0, {"type": "take", "animal": 1}),
        (7, {"type": "bid"}),
        (0, {"type": "eagle_bid", "cards": [state["hands"][0][0], "refill"]}),
        (0, "bid"),
    ]:
        with pytest.raises(IllegalAction):
            ENGINE.apply(state, seat, action)
    assert json.dumps(state, sort_keys=True) == before


def test_no_view_shows_another_hand_or_an_unrevealed_bid():
    state = make_state(3, "2022", display=["lion", "eagle"])
    state = ENGINE.apply(state, 0, {"type": "bid", "card": state["hands"][0][0]})
    for viewer in (None, 1, 2):
        text = json.dumps(ENGINE.view(state, viewer))
        view = ENGINE.view(state, viewer)
        assert view["sealed_bid"] is None and view["players"][0]["has_bid"] is True
        assert view["players"][0]["bid"] is None and "hands" not in text
    own = ENGINE.view(state, 0)
    assert own["sealed_bid"][0]["id"] == state["sealed"][0][0]
    assert sorted(card["id"] for card in own["hand"]) == sorted(state["hands"][0])
    assert ENGINE.view(state, 1)["hand"] != own["hand"]
