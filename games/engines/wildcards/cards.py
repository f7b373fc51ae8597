"""Wild Cards components, loaded once from `seeds/wildcards/components.json`.

Card ids are small ints so states stay compact and fast to copy:
Habitat cards are 0..45 in the order of the seed file, Animal cards are
0..41 grouped by species, and the Refill hand card is `REFILL` (-1) inside
the state and the string "refill" in actions and views.
"""

from __future__ import annotations

import json
from pathlib import Path

_SEEDS = Path(__file__).resolve().parents[3] / "seeds" / "wildcards" / "components.json"
DATA = json.loads(_SEEDS.read_text())

# Rule numbers printed in every rulebook (not card facts).
HAND_SIZE = 7  # a Refill hand card draws back to 7 Habitat cards
SQUIRREL_HAND_SIZE = 10  # ... or to 10 with the squirrel Leader
HAND_LIMIT = 10  # never more than 10 Habitat cards in hand; the Refill card does not count
PASS_DRAW = 2  # a player who passes draws 2
NATURAL_BONUS = 2  # points for paying only with the animal's natural habitat
LEADER_POINTS = 1
PEACOCK_POINTS = 3
LEO_PILE_SIZE = 5  # Leo's pile: 5 Habitat cards plus his Refill card

REFILL = -1
REFILL_NAME = "refill"

SPECIES: tuple[str, ...] = tuple(entry["name"] for entry in DATA["species"])
SPECIES_INDEX = {name: index for index, name in enumerate(SPECIES)}
PEACOCK, SQUIRREL, EAGLE, IBEX, LION, MEERKAT = (
    SPECIES_INDEX[name] for name in ("peacock", "squirrel", "eagle", "ibex", "lion", "meerkat")
)
NATURAL_HABITAT: tuple[str, ...] = tuple(entry["natural_habitat"] for entry in DATA["species"])

ANIMAL_SPECIES: tuple[int, ...] = tuple(
    index for index, entry in enumerate(DATA["species"]) for _ in range(entry["cards"])
)
NUM_ANIMALS = len(ANIMAL_SPECIES)

WILD = DATA["wild_habitat"]
HABITAT: tuple[str, ...] = tuple(entry["habitat"] for entry in DATA["habitat_cards"] for _ in range(entry["count"]))
VALUE: tuple[int, ...] = tuple(entry["value"] for entry in DATA["habitat_cards"] for _ in range(entry["count"]))
NUM_HABITAT_CARDS = len(HABITAT)
# Interchangeable cards share a kind: legal_actions offers one card per kind.
_KINDS = sorted({(HABITAT[card], VALUE[card]) for card in range(NUM_HABITAT_CARDS)})
KIND: tuple[int, ...] = tuple(_KINDS.index((HABITAT[card], VALUE[card])) for card in range(NUM_HABITAT_CARDS))
IS_WILD: tuple[bool, ...] = tuple(habitat == WILD for habitat in HABITAT)
# NATURAL[species][card]: the card counts as the species' natural habitat (wild cards always do).
NATURAL: tuple[tuple[bool, ...], ...] = tuple(
    tuple(HABITAT[card] in (habitat, WILD) for card in range(NUM_HABITAT_CARDS)) for habitat in NATURAL_HABITAT
)

ANIMALS_REMOVED = {int(players): count for players, count in DATA["animals_removed"].items()}
THREE_PLAYER_RANDOM_AFTER_SPECIES = DATA["three_player_removal_one_per_species_then_random"]


def value_of(card: int) -> int:
    """A bid's value; the Refill hand card has none (0)."""
    return 0 if card == REFILL else VALUE[card]


def card_view(card: int) -> dict:
    """A Habitat or Refill card as views show it."""
    if card == REFILL:
        return {"id": REFILL_NAME, "habitat": None, "value": None}
    return {"id": card, "habitat": HABITAT[card], "value": VALUE[card]}


def animal_view(animal: int) -> dict:
    species = ANIMAL_SPECIES[animal]
    return {"id": animal, "species": SPECIES[species], "habitat": NATURAL_HABITAT[species]}


LABEL: tuple[str, ...] = tuple(f"{HABITAT[card]} {VALUE[card]}" for card in range(NUM_HABITAT_CARDS))
# A bid card's label by indexing alone: REFILL (-1) is the last entry.
BID_LABEL: tuple[str, ...] = (*LABEL, REFILL_NAME)
# Participants as JSON object keys (logs name them by seat string), built once: every round uses them.
PART_KEY: tuple[str, ...] = tuple(map(str, range(8)))


def card_label(card: int) -> str:
    return BID_LABEL[card]
