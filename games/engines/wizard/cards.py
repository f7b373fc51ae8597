"""The Wizard deck, loaded once from `seeds/wizard/wizard.json`.

Card ids are stable strings a player can type in a mail reply:
"<suit>-<rank>" for the numbered cards ("red-7"), "wizard-1".."wizard-4"
for the Wizards (Stregoni, marked Z) and "jester-1".."jester-4" for the
Jesters (Giullari, marked N). A card's value orders it inside a trick: a
Jester is below 1, a Wizard above the highest rank.
"""

from __future__ import annotations

import json
from pathlib import Path

DATA: dict = json.loads((Path(__file__).resolve().parents[3] / "seeds" / "wizard" / "wizard.json").read_text())

SUITS: tuple[str, ...] = tuple(DATA["suits"])
RANKS: tuple[int, ...] = tuple(range(DATA["lowest_rank"], DATA["highest_rank"] + 1))
JESTER_VALUE = 0
WIZARD_VALUE = DATA["highest_rank"] + 1
SCORING: dict = DATA["scoring"]

WIZARDS: tuple[str, ...] = tuple(f"wizard-{i}" for i in range(1, DATA["wizards"] + 1))
JESTERS: tuple[str, ...] = tuple(f"jester-{i}" for i in range(1, DATA["jesters"] + 1))

# The canonical order (suit by suit, then Wizards, then Jesters) sorts hands for display.
DECK: tuple[str, ...] = tuple(f"{suit}-{rank}" for suit in SUITS for rank in RANKS) + WIZARDS + JESTERS

# Lookup tables: the hot paths (legal cards, trick winner) only index these.
SUIT: dict[str, str | None] = {f"{suit}-{rank}": suit for suit in SUITS for rank in RANKS}
SUIT.update({card: None for card in WIZARDS + JESTERS})
VALUE: dict[str, int] = {f"{suit}-{rank}": rank for suit in SUITS for rank in RANKS}
VALUE.update({card: WIZARD_VALUE for card in WIZARDS})
VALUE.update({card: JESTER_VALUE for card in JESTERS})
ORDER: dict[str, int] = {card: index for index, card in enumerate(DECK)}
# The numbered cards of each suit: a hand that holds none of the led suit may play anything.
SUIT_CARDS: dict[str, frozenset[str]] = {suit: frozenset(f"{suit}-{rank}" for rank in RANKS) for suit in SUITS}

assert len(DECK) == DATA["deck_size"] == len(set(DECK)), "the deck data does not add up"


def is_wizard(card: str) -> bool:
    return VALUE[card] == WIZARD_VALUE


def is_jester(card: str) -> bool:
    return VALUE[card] == JESTER_VALUE


def sort_hand(cards: list[str]) -> list[str]:
    return sorted(cards, key=ORDER.__getitem__)


def monocolor_pile(seat: int) -> list[str]:
    """Variant 7: all the cards of one suit plus one Wizard and one Jester (seat i takes suit i)."""
    suit = SUITS[seat]
    return [f"{suit}-{rank}" for rank in RANKS] + [WIZARDS[seat], JESTERS[seat]]
