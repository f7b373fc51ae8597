"""Kirkman's fifteen schoolgirls: 15 players at 3-player tables over 7 rounds, every pair once."""

from __future__ import annotations

from functools import cache


@cache
def _kirkman_packing() -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """Kirkman's schoolgirls: the 35 lines of PG(3, 2) in 7 parallel classes of 5 (found once).

    Points are the 15 non-zero vectors of GF(2)^4 (1..15); a line is {a, b, a xor b}. A
    spread is 5 disjoint lines (a round); a packing is 7 spreads sharing no line (everyone
    meets everyone exactly once). A small search finds one: 56 spreads, 7 to pick.
    """
    lines = sorted({tuple(sorted((a, b, a ^ b))) for a in range(1, 16) for b in range(a + 1, 16)})
    through = {point: [line for line in lines if point in line] for point in range(1, 16)}
    spreads: list[frozenset] = []

    def grow(chosen: list, covered: set) -> None:
        if len(covered) == 15:
            spreads.append(frozenset(chosen))
            return
        point = min(set(range(1, 16)) - covered)
        for line in through[point]:
            if covered.isdisjoint(line):
                grow([*chosen, line], covered | set(line))

    grow([], set())
    spreads = sorted(set(spreads), key=sorted)

    def pack(chosen: list, used: frozenset) -> list | None:
        if len(chosen) == 7:
            return chosen
        first = min(line for line in lines if line not in used)  # it must be in the next spread
        for spread in spreads:
            if first in spread and used.isdisjoint(spread):
                found = pack([*chosen, spread], used | spread)
                if found:
                    return found
        return None

    packing = pack([], frozenset())
    assert packing is not None
    return tuple(tuple(sorted(spread)) for spread in packing)


def kirkman_fifteen() -> list[list[list[int]]]:
    """The 7 rounds in player numbers 0..14."""
    return [[[point - 1 for point in line] for line in spread] for spread in _kirkman_packing()]
