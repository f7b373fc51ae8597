"""Affine geometries AG(d, q): the lines of GF(q)^d, q = 3, 4, 5, grouped by direction.

Every direction's q**(d-1) parallel lines seat all q**d points once (a round); two points lie
on exactly one line, so over the (q**d - 1) / (q - 1) directions every pair meets once: 9 or
27 players at 3-player tables, 16 or 64 at 4, 25 at 5.
"""

from __future__ import annotations

from functools import cache
from itertools import product

# GF(4) = {0, 1, a, a+1} written as 0..3: addition is xor.
_GF4_MUL = [[0, 0, 0, 0], [0, 1, 2, 3], [0, 2, 3, 1], [0, 3, 1, 2]]


def _field(q: int) -> tuple[list[list[int]], list[list[int]]]:
    if q == 4:
        return [[a ^ b for b in range(4)] for a in range(4)], _GF4_MUL
    return [[(a + b) % q for b in range(q)] for a in range(q)], [[(a * b) % q for b in range(q)] for a in range(q)]


def affine_geometry(v: int, k: int) -> list[list[list[int]]] | None:
    """The rounds of AG(d, k) when v = k**d (k = 3, 4, 5; d >= 2); else None."""
    if k not in (3, 4, 5):
        return None
    d, size = 1, k
    while size < v:
        d, size = d + 1, size * k
    if size != v or d < 2:
        return None
    return [list(map(list, tables)) for tables in _rounds(k, d)]


@cache
def _rounds(q: int, d: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    add, mul = _field(q)
    points = list(product(range(q), repeat=d))
    number = {point: index for index, point in enumerate(points)}
    # One direction per line through the origin: its first non-zero coordinate is 1.
    directions = [u for u in points if any(u) and u[next(i for i, c in enumerate(u) if c)] == 1]
    rounds = []
    for u in directions:
        seen: set = set()
        tables = []
        for point in points:
            if point in seen:
                continue
            line = [tuple(add[p][mul[t][c]] for p, c in zip(point, u, strict=True)) for t in range(q)]
            seen.update(line)
            tables.append(tuple(sorted(number[p] for p in line)))
        rounds.append(tuple(tables))
    return tuple(rounds)
