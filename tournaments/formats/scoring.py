"""Points per finishing place, shared places sharing points, and the Swiss tie-breaks."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

PlayerId = Hashable


def place_points(ranks: dict[PlayerId, int], scheme: Sequence[float]) -> dict[PlayerId, Fraction]:
    """Points for one table: `ranks` (1 = first, equal numbers share a place) under `scheme`.

    Players sharing places split the points of the places they take together: two tied
    first of four at 4/2/1/0 get (4 + 2) / 2 = 3 each. Places past the scheme score 0.
    """
    ordered = sorted(ranks.values())
    points = {}
    for player, rank in ranks.items():
        first = ordered.index(rank)  # the first place this group takes (0-based)
        size = ordered.count(rank)
        taken = [
            Fraction(scheme[place]) if place < len(scheme) else Fraction(0) for place in range(first, first + size)
        ]
        points[player] = sum(taken, Fraction(0)) / size
    return points


@dataclass
class Record:
    """One player's tournament so far."""

    player: PlayerId
    rating: float = 1500.0
    points: Fraction = Fraction(0)
    byes: int = 0
    opponents: list[PlayerId] = field(default_factory=list)  # one entry per opponent per table
    dropped: bool = False


def standings(records: dict[PlayerId, Record]) -> list[tuple[PlayerId, Fraction, Fraction, Fraction]]:
    """(player, points, Buchholz, opponents' average) best first; then rating decides, then the id.

    Buchholz is the sum of the points of every opponent met; the average divides it by
    the number of opponents met (a bye meets nobody).
    """
    rows = []
    for record in records.values():
        buchholz = sum((records[other].points for other in record.opponents if other in records), Fraction(0))
        average = buchholz / len(record.opponents) if record.opponents else Fraction(0)
        rows.append((record.player, record.points, buchholz, average, record.rating))
    rows.sort(key=lambda row: (-row[1], -row[2], -row[3], -row[4], str(row[0])))
    return [row[:4] for row in rows]
