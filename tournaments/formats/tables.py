"""Table sizes for a round: no table below the game's minimum, none above its maximum.

10 players at 4-player tables (minimum 3) sit 4+3+3; when no split fits (5 players,
tables of 3 or 4 and no 5-player table) the fewest possible players get a bye.
"""

from __future__ import annotations

from dataclasses import dataclass


class TableSizeError(ValueError):
    """Sizes that can never seat anybody: minimum above maximum, preferred outside them."""


@dataclass(frozen=True)
class Seating:
    sizes: tuple[int, ...]  # largest tables first
    byes: int


def _even_split(players: int, tables: int) -> list[int]:
    base, extra = divmod(players, tables)
    return [base + 1] * extra + [base] * (tables - extra)


def split(players: int, preferred: int, minimum: int, maximum: int) -> Seating:
    """Sizes of the tables for `players`, as close to `preferred` as the limits allow.

    Tables are as even as possible (sizes differ by at most one) and the number of byes is
    the smallest that lets every other player sit within [minimum, maximum].
    """
    if not 1 <= minimum <= maximum:
        raise TableSizeError(f"table minimum {minimum} and maximum {maximum} do not make a range")
    if not minimum <= preferred <= maximum:
        raise TableSizeError(f"preferred table size {preferred} is outside {minimum}-{maximum}")
    if players < 0:
        raise TableSizeError("the number of players cannot be negative")
    for byes in range(players + 1):
        seated = players - byes
        if seated == 0:
            return Seating((), byes)
        best: list[int] | None = None
        best_key: tuple[float, int] | None = None
        # Every table count whose even split fits the limits; the closest to preferred wins.
        for tables in range(-(-seated // maximum), seated // minimum + 1):
            sizes = _even_split(seated, tables)
            if sizes[-1] < minimum or sizes[0] > maximum:
                continue
            key = (sum(abs(size - preferred) for size in sizes), tables)
            if best_key is None or key < best_key:
                best, best_key = sizes, key
        if best is not None:
            return Seating(tuple(best), byes)
    raise AssertionError("unreachable: zero seated players always fits")
