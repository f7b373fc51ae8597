"""The bird cards, loaded once from `seeds/cubirds/species.json`.

A card id is "<species>-<nn>" (e.g. "owl-07"): stable, readable in logs and
emails, and its species is a dict lookup away.
"""

from __future__ import annotations

import json
from pathlib import Path

SEEDS = Path(__file__).resolve().parents[3] / "seeds" / "cubirds"

_data = json.loads((SEEDS / "species.json").read_text(encoding="utf-8"))

SPECIES: tuple[str, ...] = tuple(row["name"] for row in _data["species"])
COUNT: dict[str, int] = {row["name"]: row["count"] for row in _data["species"]}
SMALL: dict[str, int] = {row["name"]: row["small"] for row in _data["species"]}
LARGE: dict[str, int] = {row["name"]: row["large"] for row in _data["species"]}
ORDER: dict[str, int] = {name: index for index, name in enumerate(SPECIES)}
SPECIES_TABLE: list[dict] = [
    {"species": row["name"], "count": row["count"], "small": row["small"], "large": row["large"]}
    for row in _data["species"]
]

_rules = _data["rules"]
ROWS: int = _rules["rows"]
ROW_START_SIZE: int = _rules["row_start_size"]
HAND_SIZE: int = _rules["hand_size"]
DRAW_COUNT: int = _rules["draw_when_nothing_enclosed"]
WIN_SPECIES: int = _rules["win_species"]
WIN_PAIRS_SPECIES: int = _rules["win_pairs_species"]
WIN_PAIRS_BIRDS: int = _rules["win_pairs_birds"]

ALL_CARDS: tuple[str, ...] = tuple(f"{name}-{number:02d}" for name in SPECIES for number in range(1, COUNT[name] + 1))
CARD_SPECIES: dict[str, str] = {card: card.rsplit("-", 1)[0] for card in ALL_CARDS}


def species_counts(cards: list[str]) -> dict[str, int]:
    """{species: number of cards}, in the species order of the data."""
    if not cards:
        return {}
    counts: dict[str, int] = {}
    for card in cards:
        name = CARD_SPECIES[card]
        counts[name] = counts.get(name, 0) + 1
    return {name: counts[name] for name in SPECIES if name in counts}


def card_list(cards: list[str]) -> list[dict]:
    """Cards as the views show them: [{"id", "species"}]."""
    return [{"id": card, "species": CARD_SPECIES[card]} for card in cards]
