"""Thousands of random complete games: the shared contract plus Wild Cards' own invariants."""

from __future__ import annotations

import pytest

from games.engines.wildcards import ENGINE
from games.engines.wildcards.cards import HAND_LIMIT, NUM_ANIMALS, NUM_HABITAT_CARDS, REFILL, SPECIES
from games.engines.wildcards.ties import DECK_CHOICE
from tests.engines.contract import check_random_games


def habitat_places(state: dict) -> list[int]:
    """Every Habitat card wherever it lies; each id must appear exactly once."""
    cards = list(state["deck"]) + list(state["discard"]) + list(state["tie_pile"])
    for hand in state["hands"]:
        cards += hand
    for p, table in enumerate(state["table"]):
        cards += table
        if state["bids"][p] is not None and state["bids"][p] != REFILL:
            cards.append(state["bids"][p])
    if state["sealed"] is not None:
        for seat, sealed in enumerate(state["sealed"]):
            if sealed is not None and state["shown"][seat] is None:
                cards += [card for card in sealed if card != REFILL]
    cards += [card for card in state["leo_pile"] if card != REFILL]
    if state["leo_sealed"] not in (None, REFILL):
        cards.append(state["leo_sealed"])
    if state["reveal"] is not None:
        cards += [card for card in state["reveal"] if card is not None and card != DECK_CHOICE]
    return cards


def invariant(state: dict) -> None:
    assert sorted(habitat_places(state)) == list(range(NUM_HABITAT_CARDS)), "a Habitat card is lost or doubled"
    animals = list(state["animal_deck"]) + list(state["display"]) + list(state["out"])
    if state["taking"] is not None:
        animals.append(state["taking"])  # chosen, being paid for
    for coll in state["coll"]:
        for species in coll:
            animals += species
    assert sorted(animals) == list(range(NUM_ANIMALS)), "an Animal card is lost or doubled"
    assert state["taking"] is None or state["phase"] == "pay"
    for hand in state["hands"]:
        assert len(hand) <= HAND_LIMIT, "hand limit exceeded"
    for seat in range(state["num_players"]):
        refills = int(state["refill_in_hand"][seat])
        refills += int(state["bids"][seat] == REFILL and not state["refill_in_hand"][seat])
        if state["sealed"] is not None and state["sealed"][seat] is not None and state["shown"][seat] is None:
            refills += state["sealed"][seat].count(REFILL)
        assert refills == 1 or state["phase"] == "refill", "the Refill card is lost or doubled"
    for species, holder in enumerate(state["leaders"]):
        if holder >= 0:
            have = len(state["coll"][holder][species])
            assert have > 0
            assert all(len(coll[species]) <= have for coll in state["coll"]), f"{SPECIES[species]} Leader misplaced"
    if state["leo"] is not None:
        assert state["talisman"] is None or state["talisman"] < state["num_players"]


def hidden_ids(state: dict, viewer: int | None) -> set[int]:
    hidden = set(state["deck"]) | {c for c in state["leo_pile"] if c != REFILL}
    if state["leo_sealed"] not in (None, REFILL):
        hidden.add(state["leo_sealed"])
    for seat in range(state["num_players"]):
        if seat == viewer:
            continue
        hidden |= set(state["hands"][seat])
        if state["sealed"] is not None and state["sealed"][seat] is not None and state["shown"][seat] is None:
            hidden |= {c for c in state["sealed"][seat] if c != REFILL}
        if state["face_down"][seat]:
            hidden |= set(state["table"][seat])
        if state["reveal"] is not None and state["reveal"][seat] not in (None, DECK_CHOICE):
            hidden.add(state["reveal"][seat])
    # A revealed bid stays public after a pass takes it back into the hand, and so does every card
    # the table saw go back into a hand (test_cards_seen_back_in_hand.py checks which those are).
    known = {card for cards in state.get("known", []) for card in cards}
    return hidden - set(state["shown"]) - known


def shown_card_ids(value) -> set[int]:
    """Ids of Habitat cards shown as cards (dicts with a habitat) anywhere in a view but the log."""
    found = set()
    if isinstance(value, dict):
        if "habitat" in value and "value" in value and isinstance(value.get("id"), int):
            found.add(value["id"])
        for key, item in value.items():
            if key not in ("log", "display", "taking"):
                found |= shown_card_ids(item)
    elif isinstance(value, list):
        for item in value:
            found |= shown_card_ids(item)
    return found


def leak_check(state: dict, viewer: int | None, view: dict) -> None:
    leaked = shown_card_ids(view) & hidden_ids(state, viewer)
    assert not leaked, f"view of seat {viewer} shows hidden cards {leaked}"
    if state["phase"] == "bid":
        assert all(player["bid"] is None for player in view["players"]), "a bid is shown before the reveal"
        assert view["leo"] is None or view["leo"]["bid"] is None
    for player in view["players"]:
        assert "hand" not in player


JUNK = [
    {"type": "bid", "card": 999},
    {"type": "bid", "card": "x"},
    {"type": "bid", "card": True},
    {"type": "bid"},
    {"type": "eagle_bid", "cards": [1]},
    {"type": "take", "animal": -5},
    {"type": "take", "animal": [1]},
    {"type": "pay", "card": None},
    {"type": "swap", "give": "dragon", "take": 1},
    {"type": "swap", "give": ["x"], "take": 1},
    {"type": "reveal", "card": {}},
    {"type": ["bid"]},
]

CASES = [
    (3, {"edition": "2020"}, 250),
    (4, {"edition": "2020"}, 200),
    (5, {"edition": "2020"}, 200),
    (3, {"edition": "2020", "three_player_removal": "random"}, 100),
    (3, {"edition": "2022"}, 250),
    (4, {"edition": "2022"}, 200),
    (5, {"edition": "2022"}, 200),
    (2, {"edition": "2022", "leo": True}, 300),
    (3, {"edition": "2022", "leo": True}, 200),
    (4, {"edition": "2022", "leo": True}, 200),
    (3, {"edition": "2022", "leo": True, "three_player_removal": "random"}, 100),
]


@pytest.mark.parametrize(("players", "options", "games"), CASES)
def test_random_games_keep_the_contract_and_the_invariants(players, options, games):
    checked = check_random_games(
        ENGINE,
        players,
        options,
        range(games),
        invariant=invariant,
        leak_check=leak_check,
        junk_actions=JUNK,
        deep_every=61,
    )
    assert checked > games * 20


@pytest.mark.parametrize(("players", "options"), [(5, {"edition": "2020"}), (3, {"leo": True}), (5, {})])
def test_every_step_of_a_few_games_is_checked_deeply(players, options):
    checked = check_random_games(
        ENGINE, players, options, range(1000, 1006), invariant=invariant, leak_check=leak_check, junk_actions=JUNK
    )
    assert checked > 100
