"""Points per finishing place; players sharing a place share its points.

A rank of None is a forfeit: the player did not play the game (a no-show, or a table where
nobody played). It scores nothing and comes after every player who played.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence

DEFAULT_PLACE_POINTS = (4, 2, 1, 0)


def place_points(ranks: Mapping[Hashable, int | None], points: Sequence[float] = DEFAULT_PLACE_POINTS) -> dict:
    """Points of each player at one table from their ranks (1 = first, equal = shared).

    Two players tied for 2nd at a 4-player table with points 4/2/1/0 occupy places 2 and 3
    and get (2 + 1) / 2 = 1.5 each. Places beyond the list score 0; a forfeit (None) scores 0.
    """
    played = {player: rank for player, rank in ranks.items() if rank is not None}
    if any(rank < 1 for rank in played.values()):
        raise ValueError("ranks start at 1")
    ordered = sorted(played.values())
    first_place = {}
    for place, rank in enumerate(ordered):
        first_place.setdefault(rank, place)
    counts = {rank: ordered.count(rank) for rank in first_place}
    result = dict.fromkeys(ranks, 0.0)
    for player, rank in played.items():
        start, shared = first_place[rank], counts[rank]
        earned = [points[place] if place < len(points) else 0 for place in range(start, start + shared)]
        result[player] = sum(earned) / shared
    return result


def rank_key(rank: int | None) -> tuple[bool, int]:
    """Sorts ranks best first, forfeits (None) after every rank."""
    return (rank is None, rank or 0)


def advancing_order(ranks: Mapping[Hashable, int | None], seeds: Mapping[Hashable, int]) -> list:
    """Players of one table from best to worst: by the game's ranking, then by seed (1 is best)."""
    return sorted(ranks, key=lambda player: (rank_key(ranks[player]), seeds[player]))
