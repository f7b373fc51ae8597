"""How many tables of which sizes: everyone seated, no table below the game's minimum.

10 players at 4-player tables with a minimum of 3 sit 4 + 3 + 3; when no split fits
(5 players, tables of exactly 4), the fewest players possible get a bye.
"""

from __future__ import annotations

from math import ceil


def table_sizes(players: int, preferred: int, smallest: int, largest: int) -> tuple[list[int], int]:
    """(table sizes, biggest first; how many players sit out) for `players` at tables near `preferred`.

    Tables are as even as possible and as close to the preferred size as the limits allow.
    """
    if not 1 <= smallest <= preferred <= largest:
        raise ValueError("table sizes must satisfy 1 <= smallest <= preferred <= largest")
    for byes in range(players + 1):
        seated = players - byes
        if seated == 0:
            return [], players
        best = None
        for count in _table_counts(seated, preferred):
            base, extra = divmod(seated, count)
            sizes = [base + 1] * extra + [base] * (count - extra)
            if sizes[-1] >= smallest and sizes[0] <= largest:
                distance = sum(abs(size - preferred) for size in sizes)
                if best is None or distance < best[0]:
                    best = (distance, sizes)
        if best is not None:
            return best[1], byes
    return [], players


def _table_counts(seated: int, preferred: int) -> list[int]:
    """Table counts worth trying: around seated / preferred."""
    middle = max(1, ceil(seated / preferred))
    return sorted({count for count in range(middle - 2, middle + 3) if 1 <= count <= seated})
