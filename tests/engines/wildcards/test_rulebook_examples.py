"""Every worked example of the three Wild Cards texts, replayed on the engine.

000 = Italian 2020, 001 = Spanish 2020, 003 = Dutch/English 2022 (seeds README).
"""

from __future__ import annotations

import pytest

from games.engines.wildcards import ENGINE
from games.engines.wildcards.cards import PEACOCK
from games.engines.wildcards.scoring import score_parts

from .scenario import animal_id, bid, card_id, count, labels, leader, make_state, pay


@pytest.mark.parametrize("edition", ["2020", "2022"])
def test_the_peacock_paid_with_forest_and_wild_earns_2_points(edition):
    # 000/001 "Habitat naturali" example (Matea), 003 "Choose an Animal card" example (Milú):
    # a forest 3 bid, paid with one more forest card and a wild card, all natural for the peacock.
    matea = 0
    state = make_state(
        3,
        edition,
        hands={matea: ["forest 3", "forest 1", "wild 1", "mountains 2", "savannah 4"], 1: ["savannah 1", "forest 2"]},
        display=["peacock", "lion"],
    )
    state = bid(state, matea, "forest 3")
    state = bid(state, 1, "savannah 1")
    state = bid(state, 2, "refill")
    state = ENGINE.apply(state, 2, {"type": "done"})
    assert state["to_act"] == [matea] and state["phase"] == "acquire"
    state = ENGINE.apply(state, matea, {"type": "take", "animal": animal_id(state, "peacock")})
    state = pay(state, matea, "forest 1", "wild 1")
    assert state["tokens"][matea] == 2
    assert count(state, matea, "peacock") == 1
    assert leader(state, "peacock") == matea
    assert labels(state, matea) == ["mountains 2", "savannah 4"]


def test_paying_outside_the_natural_habitat_earns_no_bonus():
    # Same example, paid with a mountains card instead of the wild card: no tokens.
    state = make_state(3, "2020", hands={0: ["forest 3", "forest 1", "mountains 2", "wild 1"]}, display=["peacock"])
    state = bid(state, 0, "forest 3")
    state = bid(state, 1, "refill")
    state = bid(state, 2, "refill")
    state = ENGINE.apply(state, 1, {"type": "done"})
    state = ENGINE.apply(state, 2, {"type": "done"})
    state = ENGINE.apply(state, 0, {"type": "take", "animal": animal_id(state, "peacock")})
    state = pay(state, 0, "forest 1", "mountains 2")
    assert state["tokens"][0] == 0


@pytest.mark.parametrize("edition", ["2020", "2022"])
def test_the_3_3_tie_goes_to_the_higher_face_down_payment(edition):
    # 000/001 "Risolvere le offerte in parità" example (Rasha 3+2 = 5 beats Matea 2+1 = 3);
    # 003 "Resolving bidding ties" example (Nathan beats Amélie the same way).
    rasha, matea = 0, 1
    state = make_state(
        3,
        edition,
        hands={
            rasha: ["forest 3", "savannah 3", "mountains 2", "forest 1", "savannah 1"],
            matea: ["mountains 3", "forest 2", "savannah 1", "mountains 1", "wild 1"],
        },
        display=["eagle", "lion"],
        talisman=matea,  # the Talisman would favour Rasha anyway; it must not be needed
    )
    state = bid(state, rasha, "forest 3")
    state = bid(state, matea, "mountains 3")
    state = bid(state, 2, "refill")
    state = ENGINE.apply(state, 2, {"type": "done"})
    assert state["phase"] == "tie_pay" and sorted(state["to_act"]) == [rasha, matea]
    for label in ("savannah 3", "mountains 2"):
        state = ENGINE.apply(state, rasha, {"type": "tie_pay", "card": card_id(state, rasha, label)})
    seen_by_matea = ENGINE.view(state, matea)["players"][rasha]
    assert seen_by_matea["payment"] is None and seen_by_matea["payment_face_down"] == 2
    for label in ("forest 2", "savannah 1"):
        state = ENGINE.apply(state, matea, {"type": "tie_pay", "card": card_id(state, matea, label)})
    assert state["order"] == [rasha, matea]
    assert state["to_act"] == [rasha] and not state["talisman_used"]
    # The payment is already on the table: taking an animal completes at once.
    state = ENGINE.apply(state, rasha, {"type": "take", "animal": animal_id(state, "eagle")})
    assert count(state, rasha, "eagle") == 1 and state["to_act"] == [matea]


@pytest.mark.parametrize(("edition", "names"), [("2020", "Rasha Matea Josefina"), ("2022", "Nathan Milú Amélie")])
def test_the_full_round_example_passes_the_ibex_leader(edition, names):
    # 000/001 "Esempio di round completo", 003 "Full round example": bids 4, 2, 1 and two ibexes on
    # display. The first takes an ibex and its Leader; the second takes the other ibex and claims the
    # Leader by matching; the third finds the display empty, takes the bid back and draws 2.
    # In phase 3/4 the ibex holder takes the (non-wild) bid card back.
    first, second, third = 0, 1, 2
    state = make_state(
        3,
        edition,
        hands={
            first: ["mountains 4", "forest 1", "forest 2", "savannah 1", "savannah 2"],
            second: ["forest 2", "mountains 1", "savannah 3", "forest 4", "mountains 2"],
            third: ["savannah 1", "forest 3", "mountains 3", "wild 1", "forest 1", "forest 2", "savannah 2"],
        },
        display=["ibex", "ibex"],
    )
    state = bid(state, first, "mountains 4")
    state = bid(state, second, "forest 2")
    state = bid(state, third, "savannah 1")
    assert state["order"] == [first, second, third] and state["to_act"] == [first]
    state = ENGINE.apply(state, first, {"type": "take", "animal": state["display"][0]})
    state = pay(state, first, "forest 1", "forest 2", "savannah 1")
    assert leader(state, "ibex") == first
    state = ENGINE.apply(state, second, {"type": "take", "animal": state["display"][0]})
    state = pay(state, second, "mountains 1")
    # The display is empty: the third player passes without being asked, and the round ends.
    assert leader(state, "ibex") == second
    assert labels(state, first) == ["savannah 2"]
    assert labels(state, second) == ["forest 2", "forest 4", "mountains 2", "savannah 3"]  # bid card back (ibex)
    assert len(state["hands"][third]) == 9  # 6 + the bid card + 2 drawn
    assert "savannah 1" in labels(state, third)
    assert [e["event"] for e in state["log"]][:2] == ["round", "bids"] or state["round"] == 2
    assert state["round"] == 2 and state["phase"] == "bid" and len(state["display"]) == 2


@pytest.mark.parametrize("edition", ["2020", "2022"])
def test_the_meerkat_swap_gains_the_squirrel_leader_used_at_once(edition):
    # 000/001 meerkat example (Ida), 003 meerkat example (Lara): with the Refill card as bid she swaps
    # an ibex from her collection for a squirrel on display, claims the squirrel Leader and at once
    # draws back to 10 Habitat cards.
    ida = 0
    state = make_state(
        3,
        edition,
        display=["squirrel", "lion"],
        collections={ida: {"ibex": 1, "meerkat": 1}, 1: {"meerkat": 1}},
        leaders={"meerkat": ida},
    )
    state = bid(state, ida, "refill")
    state = ENGINE.apply(state, 1, {"type": "bid", "card": state["hands"][1][0]})
    state = ENGINE.apply(state, 2, {"type": "bid", "card": state["hands"][2][0]})
    assert state["phase"] == "swap" and state["to_act"] == [ida]
    assert {"type": "no_swap"} in ENGINE.legal_actions(state, ida)
    state = ENGINE.apply(state, ida, {"type": "swap", "give": "ibex", "take": animal_id(state, "squirrel")})
    assert count(state, ida, "squirrel") == 1 and count(state, ida, "ibex") == 0
    assert leader(state, "squirrel") == ida
    assert any(animal // 7 == 3 for animal in state["display"])  # the ibex is now on display
    assert state["phase"] == "refill" and state["to_act"] == [ida]
    state = ENGINE.apply(state, ida, {"type": "done"})
    assert len(state["hands"][ida]) == 10 and state["refill_in_hand"][ida]


def test_the_scoring_example_makes_22_points():
    # 000/001 "Esempio di punteggio", 003 final scoring: peacock Leader, 4 peacocks, 3 ibexes,
    # 3 squirrels and 8 points of tokens: 4x2 + 3x1 + 3 + 8 = 22.
    parts = score_parts([4, 3, 0, 3, 0, 0], [PEACOCK], 8)
    assert (parts["largest_points"], parts["second_points"], parts["leader_points"]) == (8, 3, 3)
    assert parts["total"] == 22


def test_the_scoring_variant_scores_only_one_species_per_category():
    # Same example: with 4 peacocks, 4 ibexes and 3 squirrels: 8 + 4 and nothing for squirrels.
    parts = score_parts([4, 3, 0, 4, 0, 0], [], 0)
    assert (parts["largest_points"], parts["second_points"]) == (8, 4)
    assert parts["total"] == 12


def test_the_scoring_example_through_the_engine_result():
    state = make_state(
        3,
        "2020",
        collections={0: {"peacock": 4, "ibex": 3, "squirrel": 3}, 1: {"lion": 5}, 2: {"eagle": 5, "lion": 1}},
        leaders={"peacock": 0, "lion": 1, "eagle": 2},
    )
    state["tokens"] = [8, 10, 10]
    result = ENGINE.result(state)
    # Seat 2 also makes 22 (5 eagles x2 + 1 lion + eagle Leader + 10) but has 6 animals to seat 0's 10:
    # the tie goes to the most animals. Seat 1 makes 5x2 + 1 + 10 = 21.
    assert result == [
        {"seat": 0, "score": 22, "rank": 1},
        {"seat": 1, "score": 21, "rank": 3},
        {"seat": 2, "score": 22, "rank": 2},
    ]


def test_a_full_tie_shares_the_rank():
    state = make_state(3, "2020", collections={0: {"lion": 2}, 1: {"eagle": 2}}, leaders={"lion": 0, "eagle": 1})
    result = ENGINE.result(state)
    assert [row["rank"] for row in result] == [1, 1, 3]
