"""Thousands of random games for every player count and variant, checked at every step.

The generic contract (purity, determinism, JSON round trip, refused junk
changes nothing, replay) comes from `tests.engines.contract`; this module adds
Wizard's own invariants and the leak check of the views.
"""

import json
import random

import pytest

from games.engines.base import IllegalAction
from games.engines.wizard import ENGINE
from games.engines.wizard.cards import DECK, SUIT, monocolor_pile
from tests.engines.contract import check_random_games

JUNK = [
    {"type": "bid", "bid": 99},
    {"type": "bid", "bid": None},
    {"type": "bid", "bid": 1.0},
    {"type": "play", "card": "purple-3"},
    {"type": "play", "card": None},
    {"type": "play"},
    {"type": "choose_trump", "suit": "mauve"},
    {"type": "choose_trump", "suit": ["red"]},
    {"type": "bid", "bid": 0, "card": "red-1"},
]


def all_cards(state: dict) -> list[str]:
    if state["options"]["monocolor"]:
        return [card for seat in range(state["num_players"]) for card in monocolor_pile(seat)]
    return list(DECK)


def invariant(state: dict) -> None:
    n = state["num_players"]
    # Card conservation: every card is in exactly one place.
    places = [card for hand in state["hands"] for card in hand]
    places += [card for _seat, card in state["trick"]] + state["played"] + state["deck"] + state["set_aside"]
    places += [card for pile in state["piles"] for card in pile]
    if state["trump_card"] is not None:
        places.append(state["trump_card"])
    expected = all_cards(state)
    assert len(places) == len(expected) and set(places) == set(expected), "a card was lost or duplicated"
    # Tricks: one per trick played, hands shrink by one card per trick.
    assert sum(state["tricks_won"]) == state["trick_number"] <= state["hand_size"]
    in_trick = {seat for seat, _card in state["trick"]}
    for seat, hand in enumerate(state["hands"]):
        if state["phase"] != "over":
            assert len(hand) == state["hand_size"] - state["trick_number"] - (seat in in_trick)
    assert len(state["trick"]) < n
    # Every finished round took exactly as many tricks as cards dealt to each player (each row
    # is checked at the step that adds it).
    for row in state["history"][-1:]:
        assert sum(row["tricks"]) == row["hand_size"]
        assert all(0 <= bid <= row["hand_size"] for bid in row["bids"])
    assert state["scores"] == (state["history"][-1]["scores"] if state["history"] else [0] * n)
    assert len(state["history"]) == state["round"] - (state["phase"] != "over")
    if state["phase"] == "play":
        assert None not in state["bids"]
    if state["phase"] in ("bid", "play") and state["trump_card"] and SUIT[state["trump_card"]]:
        assert state["trump"] == SUIT[state["trump_card"]]


def may_see_hand(state: dict, owner: int, viewer: int | None) -> bool:
    """The rule written again, independently of `view.hand_visible`."""
    if viewer is None:
        return False
    clairvoyant = state["options"]["clairvoyance"] and state["phase"] in ("choose_trump", "bid")
    return (owner != viewer) if clairvoyant else (owner == viewer)


def may_see_bid(state: dict, owner: int, viewer: int | None) -> bool:
    options = state["options"]
    if owner == viewer or state["phase"] == "over" or not (options["blind_bids"] or options["hidden_bids"]):
        return True
    return not options["hidden_bids"] and None not in state["bids"]


def leak_check(state: dict, viewer: int | None, view: dict) -> None:
    """No hidden card id (stock, piles, unseen hands) and no sealed bid appears in the view."""
    # Past rounds (score table, a last trick from the round before) name cards that were public then.
    current = {key: value for key, value in view.items() if key != "score_table"}
    if view["last_trick"] and view["last_trick"]["round"] != state["round"]:
        del current["last_trick"]
    text = json.dumps(current)
    hidden = list(state["deck"]) + [card for pile in state["piles"] for card in pile]
    for owner, hand in enumerate(state["hands"]):
        if not may_see_hand(state, owner, viewer):
            hidden += hand
    for card in hidden:
        assert f'"{card}"' not in text, f"{card} is hidden from seat {viewer} but shown"
    for owner in range(state["num_players"]):
        if not may_see_bid(state, owner, viewer):
            assert view["bids"][owner] is None, f"the bid of seat {owner} is sealed from seat {viewer}"
    if state["options"]["clairvoyance"] and state["phase"] in ("choose_trump", "bid") and viewer is not None:
        assert view["hand"] is None, "clairvoyance: a player may not see its own hand while bidding"


ALL_SEALED = {"blind_bids": True, "hidden_bids": True}
CASES = [
    # (players, options, games): about 2,000 games in all, a full 4-player game taking ~35 ms.
    (3, {}, 90),
    (4, {}, 110),
    (5, {}, 110),
    (6, {}, 110),
    (2, {}, 600),
    (2, {"blind_bids": True, "dark_wizard": True, "clairvoyance": True}, 400),
    (4, {"blind_bids": True}, 50),
    (5, {"hidden_bids": True}, 50),
    (3, {"dark_wizard": True}, 40),
    (6, {"bid_sum_restriction": True}, 60),
    (5, {"clairvoyance": True}, 50),
    (3, {"monocolor": True}, 50),
    (4, {"monocolor": True}, 50),
    (6, {**ALL_SEALED, "dark_wizard": True, "clairvoyance": True}, 60),
    (4, {"monocolor": True, "bid_sum_restriction": True, "dark_wizard": True, "clairvoyance": True}, 50),
    (3, {"monocolor": True, "blind_bids": True, "clairvoyance": True}, 40),
    (4, {"bid_sum_restriction": True, "clairvoyance": True, "dark_wizard": True}, 50),
    (5, {"blind_bids": True, "clairvoyance": True}, 50),
]


@pytest.mark.parametrize(("num_players", "options", "games"), CASES, ids=lambda value: str(value))
def test_random_games_keep_the_contract_and_the_invariants(num_players, options, games):
    # Every 6th step of the first game is checked in depth, then every 150th step.
    common = {"invariant": invariant, "leak_check": leak_check, "junk_actions": JUNK}
    assert check_random_games(ENGINE, num_players, options, range(1), deep_every=6, **common) > 0
    assert check_random_games(ENGINE, num_players, options, range(1, games), deep_every=150, **common) > 0


def follows_suit(hand: list[str], trick: list, card: str) -> bool:
    """The follow-suit rule written again, independently of `rules.legal_cards`."""
    if SUIT[card] is None or not trick:
        return True
    led = next((SUIT[c] for _s, c in trick if not c.startswith("jester")), None)
    if led is None:  # only Jesters so far, or a Wizard first among the others
        return True
    return SUIT[card] == led or all(SUIT[held] != led for held in hand)


@pytest.mark.parametrize(("num_players", "options"), [(4, {}), (3, {"dark_wizard": True}), (2, {})])
def test_random_games_never_break_the_follow_suit_rule(num_players, options):
    rng = random.Random(num_players)
    for seed in range(15):
        state = ENGINE.new_game(num_players, seed, options)
        while not ENGINE.is_over(state):
            seat = rng.choice(ENGINE.to_act(state))
            if state["phase"] == "play":
                hand = state["hands"][seat]
                legal = [action["card"] for action in ENGINE.legal_actions(state, seat)]
                assert legal == [card for card in hand if follows_suit(hand, state["trick"], card)]
                for card in hand:
                    if card not in legal:
                        with pytest.raises(IllegalAction, match="must follow"):
                            ENGINE.apply(state, seat, {"type": "play", "card": card})
            state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))


def test_auto_action_plays_whole_games_for_every_variant():
    for num_players, options, _games in CASES:
        for seed in range(3):
            state = ENGINE.new_game(num_players, seed, options)
            while not ENGINE.is_over(state):
                seat = ENGINE.to_act(state)[0]
                state = ENGINE.apply(state, seat, ENGINE.auto_action(state, seat))
            assert len(state["history"]) == state["num_rounds"]
