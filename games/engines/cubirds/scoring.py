"""Winning ("Doel van het spel", "Einde van het spel") and the final ranking."""

from __future__ import annotations

from games.engines.base import State, shared_ranks
from games.engines.cubirds.cards import WIN_PAIRS_BIRDS, WIN_PAIRS_SPECIES, WIN_SPECIES, species_counts


def winning_collection(collection: list[str]) -> str | None:
    """ "seven_species", "two_threes" or None: the immediate wins of the rulebook."""
    counts = species_counts(collection)
    if len(counts) >= WIN_SPECIES:
        return "seven_species"
    if sum(1 for count in counts.values() if count >= WIN_PAIRS_BIRDS) >= WIN_PAIRS_SPECIES:
        return "two_threes"
    return None


def result(state: State) -> list[dict]:
    """Score = birds in the collection.

    After an immediate win the winner ranks first and the others follow by
    collection size (a decision: the rulebook names only the winner). When the
    cards run out, the largest collection wins and ties share the place.
    """
    sizes = [len(collection) for collection in state["collections"]]
    winner = state["winner"]
    keys = [(seat, (int(seat == winner), size)) for seat, size in enumerate(sizes)]
    rows = shared_ranks(keys)
    for row in rows:
        row["score"] = sizes[row["seat"]]
    return rows
