"""Every Wild Cards move a player could see at the table is told in words, in the table's log of
the latest moves, in the turn mail and in the round's results; nothing face down is named.

The rounds are built by hand (`tests/engines/wildcards/scenario.py`), several from the
rulebooks' worked examples, and the sentences expected are worked out from the rules.
"""

from __future__ import annotations

from games.engines.wildcards.cards import HABITAT
from games.presenters.wildcards import mail
from tests.engines.wildcards.scenario import animal_id, bid, card_id, make_state, tied_2020_at_two
from tests.games.wildcards.wildcards_told import Told


def _play(told: Told, seat: int, kind: str, **keys) -> None:
    """One move, its cards named ("forest 1") and its animal by species."""
    action = {"type": kind}
    for key, value in keys.items():
        if key in ("card",) and value not in ("refill", "deck"):
            value = card_id(told.state, seat, value)
        elif key in ("animal", "take"):
            value = animal_id(told.state, value)
        elif key == "cards":
            value = [c if c == "refill" else card_id(told.state, seat, c) for c in value]
        action[key] = value
    told.play(seat, action)


def _lines_of_move(told: Told, move: int, viewer: int | None) -> list[str]:
    """What the table's log says of one move (counted from 0 among the moves played through `told`)."""
    return told.moves(viewer)[move]


def test_every_card_of_a_payment_is_told_the_last_one_too():
    # Ben bids Forest 4, takes the Lion and pays bid - 1 = 3 cards: Forest 1, Forest 1, Wild 1.
    state = make_state(
        3,
        "2022",
        hands={
            0: ["mountains 1", "forest 2", "savannah 2"],
            1: ["forest 4", "forest 1", "forest 1", "wild 1", "mountains 2", "savannah 3"],
            2: ["savannah 2", "mountains 3", "forest 3"],
        },
        display=["lion", "peacock"],
    )
    state = bid(bid(bid(state, 0, "mountains 1"), 1, "forest 4"), 2, "savannah 2")
    assert state["to_act"] == [1]
    told = Told(state, ["Ann", "Ben", "Cy"])
    _play(told, 1, "take", animal="lion")
    for card in ("forest 1", "forest 1", "wild 1"):
        _play(told, 1, "pay", card=card)
    for viewer in (None, 0, 1, 2):
        assert told.latest_moves(viewer) == [
            "Ben chose the Lion and pays for it.",
            "Ben paid Forest 1.",
            "Ben paid Forest 1.",
            "Ben paid Wild 1.",
            "Ben takes the Lion, paying Forest 1, Forest 1, Wild 1.",
            "Ben takes the Lion leader.",
        ]


def _full_round_example() -> Told:
    """003 "Full round example": bids 4, 2 and 1, two ibexes on display. Nathan takes an ibex and
    its Leader; Milú takes the other and claims the Leader by matching; Amélie finds the display
    empty, takes her bid back and draws 2; Milú, holding the ibex Leader, takes her (non-wild) bid
    card back. Milú's payment is the round's last move."""
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
    told = Told(state, ["Nathan", "Milú", "Amélie"])
    _play(told, 0, "bid", card="mountains 4")
    _play(told, 1, "bid", card="forest 2")
    _play(told, 2, "bid", card="savannah 1")
    told.play(0, {"type": "take", "animal": told.state["display"][0]})
    for card in ("forest 1", "forest 2", "savannah 1"):
        _play(told, 0, "pay", card=card)
    told.play(1, {"type": "take", "animal": told.state["display"][0]})
    _play(told, 1, "pay", card="mountains 1")
    assert told.state["round"] == 2
    return told


def test_the_last_move_of_a_round_tells_the_automatic_pass_the_ibex_and_the_new_round():
    told = _full_round_example()
    last = len(told.actions) - 1
    for viewer in (None, 0, 1, 2):
        assert _lines_of_move(told, last, viewer) == [
            "Milú paid Mountains 1.",
            "Milú takes the Ibex, paying Mountains 1.",
            "Milú takes the Ibex leader.",
            "Amélie passes and draws 2.",
            "Milú takes the bid Forest 2 back to hand (the Ibex).",
            "Round 2 begins.",
        ]


def test_the_round_results_tell_the_whole_round_in_words():
    told = _full_round_example()
    log = mail.closing_log(told.start, [(action.seat, action.payload) for action in told.actions])
    names = dict(enumerate(told.names))
    sections = mail.results(told.view(0), names, {"log": log})
    assert sections[0]["lines"] == [
        "Bids revealed: Nathan (Mountains 4), Milú (Forest 2), Amélie (Savannah 1).",
        "Order of taking: Nathan, Milú, Amélie.",
        "Nathan takes the Ibex, paying Forest 1, Forest 2, Savannah 1.",
        "Nathan takes the Ibex leader.",
        "Milú takes the Ibex, paying Mountains 1.",
        "Milú takes the Ibex leader.",
        "Amélie passes and draws 2.",
        "Milú takes the bid Forest 2 back to hand (the Ibex).",
    ]


def test_a_round_of_refills_ends_with_the_last_refill_told_in_words():
    # Everybody bids the Refill card, discards a card and draws back up to 7: nobody takes an
    # animal, and the last "done" ends the round.
    hands = {
        0: ["forest 1", "forest 2", "forest 3", "mountains 1", "mountains 2", "mountains 3", "wild 1"],
        1: ["savannah 1", "savannah 2", "savannah 3", "forest 4", "mountains 4", "savannah 4", "wild 1"],
        2: ["forest 1", "forest 2", "mountains 1", "mountains 2", "savannah 1", "savannah 2", "wild 1"],
    }
    state = make_state(3, "2020", hands=hands, display=["lion", "peacock"])
    told = Told(state, ["Ann", "Ben", "Cy"])
    for seat in range(3):
        _play(told, seat, "bid", card="refill")
    _play(told, 0, "discard", card="forest 1")
    _play(told, 0, "done")
    _play(told, 1, "discard", card="savannah 1")
    _play(told, 1, "done")
    _play(told, 2, "discard", card="wild 1")
    _play(told, 2, "done")
    assert told.state["round"] == 2
    assert _lines_of_move(told, len(told.actions) - 1, 0) == [
        "Cy refills, drawing 1.",
        "Nobody takes an animal this round.",
        "Round 2 begins.",
    ]
    log = mail.closing_log(told.start, [(action.seat, action.payload) for action in told.actions])
    sections = mail.results(told.view(0), dict(enumerate(told.names)), {"log": log})
    assert sections[0]["lines"] == [
        "Bids revealed: Ann (Refill), Ben (Refill), Cy (Refill).",
        "Ann discards Forest 1.",
        "Ann refills, drawing 1.",
        "Ben discards Savannah 1.",
        "Ben refills, drawing 1.",
        "Cy discards Wild 1.",
        "Cy refills, drawing 1.",
        "Nobody takes an animal this round.",
    ]


def test_the_talisman_deciding_a_tie_and_moving_on_is_told():
    # 2022: Ann and Ben tie with bids of 1 (nothing to pay, so no face-down payment); Cy holds the
    # Talisman, so the first tied player clockwise after Cy, Ann, goes first. Having decided a tie,
    # the Talisman moves one seat clockwise, to Ann, when the round ends.
    state = make_state(
        3,
        "2022",
        hands={
            0: ["forest 1", "mountains 2", "savannah 3"],
            1: ["mountains 1", "forest 2", "savannah 2"],
            2: ["forest 3", "forest 2", "savannah 1", "mountains 2", "mountains 3"],
        },
        display=["peacock", "eagle"],
        talisman=2,
    )
    told = Told(state, ["Ann", "Ben", "Cy"])
    _play(told, 0, "bid", card="forest 1")
    _play(told, 1, "bid", card="mountains 1")
    _play(told, 2, "bid", card="forest 3")
    _play(told, 2, "take", animal="peacock")
    _play(told, 2, "pay", card="forest 2")
    _play(told, 2, "pay", card="savannah 1")
    _play(told, 0, "take", animal="eagle")
    assert told.state["round"] == 2 and told.state["talisman"] == 0
    for viewer in (None, 0, 1, 2):
        assert _lines_of_move(told, 2, viewer) == [
            "Bids revealed: Ann (Forest 1), Ben (Mountains 1), Cy (Forest 3).",
            "The Talisman, held by Cy, breaks the tie: Ann, Ben, in that order.",
            "Order of taking: Cy, Ann, Ben.",
        ]
        assert _lines_of_move(told, 6, viewer) == [
            "Ann takes the Eagle.",
            "Ann takes the Eagle leader.",
            "Ben passes and draws 2.",
            "Ann now holds the Talisman.",
            "Round 2 begins.",
        ]


def test_tie_payments_are_told_face_down_then_revealed_with_their_totals():
    # 003 "Resolving bidding ties": Rasha (Forest 3) lays Savannah 3 and Mountains 2 face down,
    # 5 in all; Matea (Mountains 3) lays Forest 2 and Savannah 1, 3 in all. Rasha goes first.
    rasha, matea = 0, 1
    state = make_state(
        3,
        "2022",
        hands={
            rasha: ["forest 3", "savannah 3", "mountains 2", "forest 1", "savannah 1"],
            matea: ["mountains 3", "forest 2", "savannah 1", "mountains 1", "wild 1"],
        },
        display=["eagle", "lion"],
    )
    state = bid(bid(bid(state, rasha, "forest 3"), matea, "mountains 3"), 2, "refill")
    told = Told(state, ["Rasha", "Matea", "Josefina"])
    _play(told, 2, "done")
    _play(told, rasha, "tie_pay", card="savannah 3")
    _play(told, rasha, "tie_pay", card="mountains 2")
    _play(told, matea, "tie_pay", card="forest 2")
    _play(told, matea, "tie_pay", card="savannah 1")
    for viewer in (None, 0, 1, 2):
        assert _lines_of_move(told, 1, viewer) == ["Rasha laid a card face down to break the tie."]
        assert _lines_of_move(told, 2, viewer) == ["Rasha laid a card face down to break the tie."]
        assert _lines_of_move(told, 3, viewer) == ["Matea laid a card face down to break the tie."]
        assert _lines_of_move(told, 4, viewer) == [
            "Matea laid a card face down to break the tie.",
            "Tie payments revealed: Rasha (5), Matea (3).",
            "Order of taking: Rasha, Matea.",
        ]
    # The tie payment is the take's payment: laid face down, turned up, and named when she takes.
    _play(told, rasha, "take", animal="eagle")
    for viewer in (None, 0, 1, 2):
        assert _lines_of_move(told, 5, viewer)[0] == "Rasha takes the Eagle, paying Savannah 3, Mountains 2."


def test_a_2020_tie_reveal_tells_hand_or_deck_then_the_cards():
    # 2020: Ann (Forest 2) and Ben (Mountains 2) lay 1 face down each, Forest 1 and Wild 1: level.
    # Each then reveals a card: Ann Forest 3 from her hand, Ben the deck's top card, Mountains 1.
    told = Told(tied_2020_at_two(), ["Ann", "Ben", "Cy"])
    _play(told, 2, "done")
    _play(told, 0, "tie_pay", card="forest 1")
    _play(told, 1, "tie_pay", card="wild 1")
    _play(told, 0, "reveal", card="forest 3")
    _play(told, 1, "reveal", card="deck")
    for viewer in (None, 0, 1, 2):
        assert _lines_of_move(told, 2, viewer) == [
            "Ben laid a card face down to break the tie.",
            "Tie payments revealed: Ann (1), Ben (1).",
        ]
        assert _lines_of_move(told, 3, viewer) == ["Ann chose a card from hand to reveal."]
        assert _lines_of_move(told, 4, viewer) == [
            "Ben chose to reveal the top card of the deck.",
            "Ann reveals Forest 3 to break the tie.",
            "Ben reveals Mountains 1 to break the tie.",
            "Order of taking: Ann, Ben.",
        ]


def _meerkat_holder_bids_refill() -> Told:
    """Ann holds the Meerkat Leader with her only Meerkat and a Lion, and bids the Refill card."""
    state = make_state(
        3,
        "2022",
        hands={1: ["forest 4", "wild 1"], 2: ["mountains 2", "savannah 1"]},
        display=["peacock", "eagle"],
        collections={0: {"meerkat": 1, "lion": 1}},
        leaders={"meerkat": 0},
    )
    state = bid(bid(bid(state, 0, "refill"), 1, "forest 4"), 2, "mountains 2")
    assert state["phase"] == "swap"
    return Told(state, ["Ann", "Ben", "Cy"])


def test_the_meerkat_swap_is_told():
    told = _meerkat_holder_bids_refill()
    _play(told, 0, "swap", give="meerkat", take="peacock")
    for viewer in (None, 0, 1, 2):
        assert told.latest_moves(viewer) == [
            "Ann swaps a Meerkat for the Peacock (the Meerkat).",
            "Ann takes the Peacock leader.",
            "The Meerkat leader goes back to the supply.",
        ]


def test_choosing_not_to_swap_is_told():
    told = _meerkat_holder_bids_refill()
    _play(told, 0, "no_swap")
    for viewer in (None, 0, 1, 2):
        assert told.latest_moves(viewer) == ["Ann chose not to swap."]


def test_the_eagle_bid_is_told_as_two_cards_face_down_then_the_one_kept():
    state = make_state(
        3,
        "2022",
        hands={0: ["forest 3", "mountains 2", "savannah 1"], 1: ["forest 2", "wild 1"], 2: ["mountains 1"]},
        display=["lion", "peacock"],
        collections={0: {"eagle": 1}},
        leaders={"eagle": 0},
    )
    told = Told(state, ["Ann", "Ben", "Cy"])
    _play(told, 0, "eagle_bid", cards=["forest 3", "mountains 2"])
    _play(told, 1, "bid", card="forest 2")
    _play(told, 2, "bid", card="refill")
    forest_3 = next(c for c in told.state["sealed"][0] if c != "refill" and HABITAT[c] == "forest")
    told.play(0, {"type": "eagle_choose", "card": forest_3})
    for viewer in (None, 1, 2):
        assert _lines_of_move(told, 0, viewer) == ["Ann placed two cards face down (the Eagle)."]
    # Ann herself knows which two: her own log (and a finished game's replay, told as each
    # player saw their own moves) names them.
    assert _lines_of_move(told, 0, 0) == ["Ann placed Forest 3 and Mountains 2 face down (the Eagle)."]
    for viewer in (None, 0, 1, 2):
        assert _lines_of_move(told, 2, viewer) == ["Bids revealed: Ben (Forest 2), Cy (Refill)."]
        assert _lines_of_move(told, 3, viewer) == ["Ann keeps Forest 3 of the two (the Eagle)."]


def test_a_sealed_bid_is_named_to_its_bidder_alone():
    # A finished game's replay read "Carmen placed a bid face down." for every bid of the game,
    # though nothing is hidden by then: the bidder's own view names the card.
    state = make_state(
        3,
        "2022",
        hands={0: ["forest 3", "mountains 2", "savannah 1"], 1: ["forest 2", "wild 1"], 2: ["mountains 1"]},
        display=["lion", "peacock"],
    )
    told = Told(state, ["Ann", "Ben", "Cy"])
    _play(told, 0, "bid", card="forest 3")
    _play(told, 1, "bid", card="refill")
    assert _lines_of_move(told, 0, 0) == ["Ann bid Forest 3 face down."]
    assert _lines_of_move(told, 1, 1) == ["Ben bid the Refill card face down."]
    for viewer in (None, 1, 2):
        assert _lines_of_move(told, 0, viewer) == ["Ann placed a bid face down."]
    for viewer in (None, 0, 2):
        assert _lines_of_move(told, 1, viewer) == ["Ben placed a bid face down."]
