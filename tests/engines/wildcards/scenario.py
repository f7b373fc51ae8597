"""Build a Wild Cards state from a readable description, for the rulebook examples.

    make_state(3, "2020", hands={0: ["forest 3", "forest 1", "wild 1"]}, display=["peacock", "ibex"])

Cards are named "<habitat> <value>"; animals by species. Seats without a
given hand get 7 cards; the rest of the Habitat cards form the deck (in id
order, top = highest id); the state is at the start of round 1, bids open.
"""

from __future__ import annotations

from games.engines.wildcards import ENGINE
from games.engines.wildcards.cards import (
    ANIMAL_SPECIES,
    HABITAT,
    LEO_PILE_SIZE,
    NUM_ANIMALS,
    NUM_HABITAT_CARDS,
    REFILL,
    SPECIES_INDEX,
    VALUE,
)


class Cards:
    """Hands out unused card ids by name."""

    def __init__(self):
        self.free = list(range(NUM_HABITAT_CARDS))
        self.free_animals = list(range(NUM_ANIMALS))

    def card(self, label: str) -> int:
        habitat, value = label.split()
        card = next(c for c in self.free if HABITAT[c] == habitat and VALUE[c] == int(value))
        self.free.remove(card)
        return card

    def animal(self, species: str) -> int:
        animal = next(a for a in self.free_animals if ANIMAL_SPECIES[a] == SPECIES_INDEX[species])
        self.free_animals.remove(animal)
        return animal


def make_state(
    num_players: int,
    edition: str = "2022",
    hands: dict | None = None,
    display: list[str] = (),
    collections: dict | None = None,
    leaders: dict | None = None,
    talisman: int | None = None,
    leo: bool = False,
    deck_top: list[str] = (),
) -> dict:
    state = ENGINE.new_game(num_players, 1, {"edition": edition, "leo": leo})
    cards = Cards()
    hands = hands or {}
    given = {seat: [cards.card(label) for label in labels] for seat, labels in hands.items()}
    top = [cards.card(label) for label in deck_top]
    for seat in range(num_players):
        state["hands"][seat] = given.get(seat) or [cards.free.pop() for _ in range(7)]
    if leo:
        pile = [cards.free.pop() for _ in range(LEO_PILE_SIZE)] + [REFILL]
        state["leo_sealed"] = pile.pop()
        state["leo_pile"] = pile
    state["deck"] = cards.free + top[::-1]
    state["discard"] = []
    state["display"] = [cards.animal(species) for species in display]
    parts = state["parts"]
    state["coll"] = [[[] for _ in SPECIES_INDEX] for _ in range(parts)]
    for participant, counts in (collections or {}).items():
        p = num_players if participant == "leo" else participant
        for species, count in counts.items():
            for _ in range(count):
                state["coll"][p][SPECIES_INDEX[species]].append(cards.animal(species))
    state["leaders"] = [-1] * len(SPECIES_INDEX)
    for species, holder in (leaders or {}).items():
        state["leaders"][SPECIES_INDEX[species]] = num_players if holder == "leo" else holder
    state["animal_deck"] = cards.free_animals
    state["out"] = []
    if talisman is not None:
        state["talisman"] = talisman
    state["log"] = []
    return state


def card_id(state: dict, seat: int, label: str) -> int:
    """The id of a card of that name in a seat's hand."""
    habitat, value = label.split()
    return next(c for c in state["hands"][seat] if HABITAT[c] == habitat and VALUE[c] == int(value))


def animal_id(state: dict, species: str) -> int:
    return next(a for a in state["display"] if ANIMAL_SPECIES[a] == SPECIES_INDEX[species])


def bid(state: dict, seat: int, label: str) -> dict:
    card = "refill" if label == "refill" else card_id(state, seat, label)
    return ENGINE.apply(state, seat, {"type": "bid", "card": card})


def pay(state: dict, seat: int, *labels: str) -> dict:
    for label in labels:
        state = ENGINE.apply(state, seat, {"type": "pay", "card": card_id(state, seat, label)})
    return state


def labels(state: dict, seat: int) -> list[str]:
    return sorted(f"{HABITAT[c]} {VALUE[c]}" for c in state["hands"][seat])


def count(state: dict, participant: int, species: str) -> int:
    return len(state["coll"][participant][SPECIES_INDEX[species]])


def leader(state: dict, species: str) -> int:
    return state["leaders"][SPECIES_INDEX[species]]


def tied_at_three() -> dict:
    """003 "Resolving bidding ties", as the tie payments begin: seat 0 (Forest 3) and seat 1
    (Mountains 3) tie, seat 2 bid the Refill card and is done; both tied lay 2 cards face down."""
    state = make_state(
        3,
        "2022",
        hands={0: ["forest 3", "savannah 3", "mountains 2", "forest 1"], 1: ["mountains 3", "forest 2", "savannah 1"]},
        display=["eagle", "lion"],
    )
    state = bid(bid(bid(state, 0, "forest 3"), 1, "mountains 3"), 2, "refill")
    return ENGINE.apply(state, 2, {"type": "done"})


def tied_2020_at_two() -> dict:
    """2020, as the tie payments begin: Ann (Forest 2) and Ben (Mountains 2) tie, Cy bid the Refill
    card and has not said "done"; each tied player has one card to lay face down (Forest 1 and
    Wild 1 are theirs to lay, and the deck's top card is Mountains 1)."""
    state = make_state(
        3,
        "2020",
        hands={0: ["forest 2", "forest 1", "forest 3", "savannah 2"], 1: ["mountains 2", "wild 1", "savannah 4"]},
        display=["eagle", "lion"],
        deck_top=["mountains 1"],
    )
    return bid(bid(bid(state, 0, "forest 2"), 1, "mountains 2"), 2, "refill")
