"""Points per finishing place; players sharing a place share its points."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence

DEFAULT_PLACE_POINTS = (4, 2, 1, 0)


def place_points(ranks: Mapping[Hashable, int], points: Sequence[float] = DEFAULT_PLACE_POINTS) -> dict:
    """Points of each player at one table from their ranks (1 = first, equal = shared).

    Two players tied for 2nd at a 4-player table with points 4/2/1/0 occupy places 2 and 3
    and get (2 + 1) / 2 = 1.5 each. Places beyond the list score 0.
    """
    if any(rank < 1 for rank in ranks.values()):
        raise ValueError("ranks start at 1")
    ordered = sorted(ranks.values())
    first_place = {}
    for place, rank in enumerate(ordered):
        first_place.setdefault(rank, place)
    counts = {rank: ordered.count(rank) for rank in first_place}
    result = {}
    for player, rank in ranks.items():
        start, shared = first_place[rank], counts[rank]
        earned = [points[place] if place < len(points) else 0 for place in range(start, start + shared)]
        result[player] = sum(earned) / shared
    return result


def advancing_order(ranks: Mapping[Hashable, int], seeds: Mapping[Hashable, int]) -> list:
    """Players of one table from best to worst: by the game's ranking, then by seed (1 is best)."""
    return sorted(ranks, key=lambda player: (ranks[player], seeds[player]))
