"""A card the whole table saw go back into a hand (a pass takes back the bid and the revealed tie
payment; the ibex holder keeps the bid) stays known in that hand, rounds later too, until it
is seen to leave it. While it might lie in a face-down bid or payment, it stays listed: nobody
else can tell it left, so forgetting it then would tell them."""

from __future__ import annotations

import random

import pytest

from games.engines.wildcards import ENGINE
from games.engines.wildcards.cards import REFILL, card_view
from games.engines.wildcards.ties import DECK_CHOICE

from .scenario import animal_id, bid, card_id, make_state


def known(state: dict, seat: int, viewer: int | None = None) -> list[str]:
    """What `viewer`'s view says `seat` is known to hold, by name."""
    player = ENGINE.view(state, viewer)["players"][seat]
    return sorted(f"{card['habitat']} {card['value']}" for card in player["known_in_hand"])


def _passed_forest_2() -> dict:
    """Round 2 of a 2020 game in which seat 0 bid Forest 2, found the display empty and passed."""
    hand = ["forest 2", "forest 1", "forest 3", "savannah 1", "mountains 1"]
    state = make_state(
        3, "2020", hands={0: hand, 1: ["savannah 4", "forest 4", "wild 1", "forest 1"]}, display=["lion"]
    )
    state = bid(bid(bid(state, 0, "forest 2"), 1, "savannah 4"), 2, "refill")
    state = ENGINE.apply(state, 2, {"type": "done"})
    state = ENGINE.apply(state, 1, {"type": "take", "animal": animal_id(state, "lion")})
    assert state["round"] == 2
    return state


def test_a_bid_taken_back_by_a_pass_is_known_in_that_hand_in_later_rounds():
    state = _passed_forest_2()
    for viewer in (0, 1, 2, None):
        assert known(state, 0, viewer) == ["forest 2"]
        assert known(state, 1, viewer) == [] and known(state, 2, viewer) == []


def test_it_stays_listed_while_a_bid_lies_face_down_and_goes_when_the_bids_are_revealed():
    state = _passed_forest_2()
    state = bid(state, 0, "forest 2")
    assert known(state, 0, 1) == ["forest 2"]  # face down: the others cannot tell which card
    state = bid(state, 1, _any(state, 1))
    state = bid(state, 2, _any(state, 2))
    shown = card_view(state["shown"][0])
    assert (shown["habitat"], shown["value"]) == ("forest", 2)  # revealed: it has left the hand
    assert known(state, 0, 1) == []


def test_it_stays_known_when_another_card_is_bid():
    state = _passed_forest_2()
    for seat, label in ((0, "forest 3"), (1, _any(state, 1)), (2, _any(state, 2))):
        state = bid(state, seat, label)
    assert known(state, 0, 2) == ["forest 2"]


def _any(state: dict, seat: int) -> str:
    """A Habitat card of the seat's hand, by name; the Refill card if the hand is empty."""
    if not state["hands"][seat]:
        return "refill"
    card = card_view(state["hands"][seat][0])
    return f"{card['habitat']} {card['value']}"


def test_the_ibex_holders_kept_bid_is_known():
    state = make_state(
        3,
        "2022",
        hands={0: ["forest 2", "forest 1", "mountains 3"]},
        display=["lion", "eagle"],
        collections={0: {"ibex": 1}},
        leaders={"ibex": 0},
    )
    state = bid(bid(bid(state, 0, "forest 2"), 1, "refill"), 2, "refill")
    for seat in (1, 2):
        state = ENGINE.apply(state, seat, {"type": "done"})
    state = ENGINE.apply(state, 0, {"type": "take", "animal": animal_id(state, "lion")})
    state = ENGINE.apply(state, 0, {"type": "pay", "card": card_id(state, 0, "forest 1")})
    assert state["round"] == 2
    assert known(state, 0, 1) == ["forest 2"]


def test_a_known_card_paid_or_discarded_is_known_no_more():
    state = _passed_forest_2()
    # Round 2: seat 0 bids the Refill card and discards Forest 2 face up.
    state = bid(bid(bid(state, 0, "refill"), 1, _any(state, 1)), 2, _any(state, 2))
    assert state["phase"] == "refill"
    state = ENGINE.apply(state, 0, {"type": "discard", "card": card_id(state, 0, "forest 2")})
    assert known(state, 0, 1) == []


def test_old_stored_states_without_the_record_show_nothing_known():
    state = _passed_forest_2()
    del state["known"]
    assert known(state, 0, 1) == []
    state = bid(state, 0, "forest 3")  # and play on
    assert "known" not in state


# The property: random whole games, checked from where each card lies before and after each action.


def hidden_spots(state: dict, seat: int) -> list[int]:
    """Cards of the seat's that others cannot see: its hand, a face-down bid, a face-down tie
    payment, a sealed 2020 reveal from hand."""
    cards = list(state["hands"][seat])
    sealed = state["sealed"]
    if sealed is not None and sealed[seat] is not None and state["shown"][seat] is None:
        cards += [card for card in sealed[seat] if card != REFILL]
    if state["face_down"][seat]:
        cards += state["table"][seat]
    if state["reveal"] is not None and state["reveal"][seat] not in (None, DECK_CHOICE):
        cards.append(state["reveal"][seat])
    return cards


def _public_spots(state: dict, seat: int) -> list[int]:
    """Cards lying face up in front of the seat: its bid and its payment once revealed."""
    cards = [] if state["face_down"][seat] else list(state["table"][seat])
    if state["bids"][seat] not in (None, REFILL):
        cards.append(state["bids"][seat])
    return cards


def _new_entries(before: dict, seat: int, action: dict) -> list[dict]:
    """The public log entries one action wrote; the round's end clears its log away, so that
    one is read from the state `apply_steps` shows with the round's log complete."""
    steps = ENGINE.apply_steps(before, seat, action)
    if len(steps) == 1:
        return steps[0]["log"][len(before["log"]) :]
    return steps[1]["log"][len(before["log"]) :] + (steps[2]["log"] if len(steps) == 3 else [])


def _check_step(before: dict, seat: int, action: dict, after: dict) -> int:
    """One action's effect on what is known, from where the cards lie before and after it (not
    from the engine's bookkeeping). Returns how many cards the oracle is sure became known."""
    entries = _new_entries(before, seat, action)
    discarded = {entry["card"] for entry in entries if entry.get("event") == "discard"}
    sure = 0
    for p in range(after["num_players"]):
        was, now = set(before["known"][p]), set(after["known"][p])
        hidden = set(hidden_spots(after, p))
        # A card that lay face up in front of the seat and is in its hand now went back in sight.
        went_back = set(_public_spots(before, p)) & set(after["hands"][p])
        assert went_back <= now, "a card seen going back into the hand is not known there"
        sure += len(went_back)
        # Known cards are with the seat: in its hand or face down in front of it.
        assert now <= hidden, "a card is known in a hand it has left"
        # Nothing is forgotten while it stays hidden with the seat (unless it was discarded face
        # up and came back with a reshuffle in the same action).
        assert (was & hidden) - discarded <= now, "a card still hidden with the seat was forgotten"
        # Cards become known only by a pass or the ibex's take-back.
        if now - was:
            kinds = {entry["event"] for entry in entries if entry.get("player") == p}
            assert kinds & {"pass", "ibex"}, "a card became known with no pass and no take-back"
    return sure


@pytest.mark.parametrize(
    "players, options",
    [
        (3, {"edition": "2020"}),
        (4, {"edition": "2020"}),
        (2, {"edition": "2022", "leo": True}),
        (3, {"edition": "2022"}),
        (5, {"edition": "2022"}),
    ],
)
def test_random_games_know_exactly_the_cards_seen_going_back_into_a_hand(players, options):
    seen_any = 0
    for game in range(12):
        rng = random.Random(f"{players}-{options}-{game}")
        state = ENGINE.new_game(players, f"known-{game}", options)
        while not state["over"]:
            seat = rng.choice(ENGINE.to_act(state))
            action = rng.choice(ENGINE.legal_actions(state, seat))
            after = ENGINE.apply(state, seat, action)
            seen_any += _check_step(state, seat, action, after)
            state = after
            for p in range(players):
                assert len(state["known"][p]) == len(set(state["known"][p]))
    assert seen_any, "no card was ever seen going back into a hand: the property tested nothing"
