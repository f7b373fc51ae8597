"""The Decktet and the game's numbers, loaded once from `seeds/emu_ranchers/`.

Cards are named by stable string ids ("ace-waves", "sailor", "watchman"...);
the state stores only ids, and these tables give their kind, rank and suits.
"""

from __future__ import annotations

import json
from pathlib import Path

SEEDS = Path(__file__).resolve().parents[3] / "seeds" / "emu_ranchers"

with open(SEEDS / "decktet.json", encoding="utf-8") as _file:
    DECKTET = json.load(_file)
with open(SEEDS / "rules.json", encoding="utf-8") as _file:
    RULES = json.load(_file)

SUITS: tuple[str, ...] = tuple(DECKTET["suits"])
BASIC: tuple[str, ...] = tuple(card["id"] for card in DECKTET["basic"])
CARDS: dict[str, dict] = {card["id"]: card for card in DECKTET["basic"] + DECKTET["extended"]}

# Extended cards by the option that shuffles them in.
EXCUSE = "excuse"
PAWNS: tuple[str, ...] = tuple(card["id"] for card in DECKTET["extended"] if card["kind"] == "pawn")
COURTS: tuple[str, ...] = tuple(card["id"] for card in DECKTET["extended"] if card["kind"] == "court")

HAND_SIZE: int = RULES["hand_size"]
UPKEEP: int = RULES["upkeep"]
BONUS: int = RULES["ace_or_crown_bonus"]
WILD_LOW, WILD_HIGH = RULES["wild_values"]

# Hot lookups for the rules: kind, rank in pile order (None for a wild),
# suits as a frozenset, number value (Aces and Crowns add 0: RULES-NOTES).
KIND: dict[str, str] = {cid: card["kind"] for cid, card in CARDS.items()}
RANK: dict[str, int | None] = {cid: card["rank"] for cid, card in CARDS.items()}
SUIT_SET: dict[str, frozenset] = {cid: frozenset(card["suits"]) for cid, card in CARDS.items()}
WILD: frozenset = frozenset(PAWNS + COURTS)
HATCHABLE: frozenset = frozenset(cid for cid, kind in KIND.items() if kind in ("ace", "number", "crown"))


def number_value(card: str) -> int:
    """What a fixed card adds to a bird's total: its number, 0 for an Ace or a Crown."""
    return RANK[card] if KIND[card] == "number" else 0


def deck_for(options: dict) -> list[str]:
    """The card ids shuffled in for these options, in a fixed order."""
    deck = list(BASIC)
    if options["excuse"]:
        deck.append(EXCUSE)
    if options["pawns"]:
        deck.extend(PAWNS)
    if options["courts"]:
        deck.extend(COURTS)
    return deck


def card_info(card: str) -> dict:
    """A card as views show it: id, name, kind, rank (None for wilds and the Excuse), suits."""
    info = CARDS[card]
    return {
        "id": card,
        "name": info["name"],
        "kind": info["kind"],
        "rank": info["rank"],
        "suits": list(info["suits"]),
    }
