"""Brute-force enumerations: the independent oracle of the pairing tests (small fields only)."""

from collections.abc import Iterator
from itertools import combinations


def perfect_matchings(players: list) -> Iterator[list[tuple]]:
    """Every way to pair all `players` (an even number) at 2-player tables."""
    if not players:
        yield []
        return
    head, rest = players[0], players[1:]
    for index, other in enumerate(rest):
        for tail in perfect_matchings(rest[:index] + rest[index + 1 :]):
            yield [(head, other), *tail]


def partitions(players: list, sizes: list[int]) -> Iterator[list[list]]:
    """Every way to seat `players` at tables of the given sizes (table order ignored)."""
    if not players:
        yield []
        return
    head, rest = players[0], players[1:]
    for size in set(sizes):
        left = list(sizes)
        left.remove(size)
        for others in combinations(rest, size - 1):
            remaining = [p for p in rest if p not in others]
            for tail in partitions(remaining, left):
                yield [[head, *others], *tail]
