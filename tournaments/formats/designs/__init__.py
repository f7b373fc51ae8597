"""Resolvable designs: rounds of tables of k in which every pair of v players meets exactly once.

`resolvable(v, k)` gives the design's rounds in player numbers 0..v-1, or None when none is
known here. Three sources, in order:

- affine geometries AG(d, q) for v = q**d, k = q (q = 3, 4, 5): 9, 27, 81 at 3, 16, 64 at 4,
  25 at 5 (`affine.py`, built on the spot);
- Kirkman's schoolgirls, 15 at 3 (`kirkman.py`, a small search on PG(3, 2));
- the designs a solver found once, offline (`search.py`), stored in `resolvable.json`:
  Kirkman triple systems 21, 33, 39, 45, 51, 57, 63 at 3 and (v, 4, 1) designs 28, 40, 52
  at 4. Not here although it exists: 45 at 5.

The tests check every design they return directly (each round seats everyone once, each pair
meets once), without this code.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from tournaments.formats.designs.affine import affine_geometry
from tournaments.formats.designs.kirkman import kirkman_fifteen

STORE = Path(__file__).with_name("resolvable.json")


@cache
def _stored() -> dict[str, list[list[list[int]]]]:
    return json.loads(STORE.read_text()) if STORE.exists() else {}


def resolvable(v: int, k: int) -> list[list[list[int]]] | None:
    """(v - 1) / (k - 1) rounds of v / k tables of k, every pair of 0..v-1 once; None if unknown."""
    if k < 3 or v < k:
        return None
    if v == k:
        return [[list(range(v))]]
    design = affine_geometry(v, k)
    if design is None and (v, k) == (15, 3):
        design = kirkman_fifteen()
    if design is None:
        design = _stored().get(f"{v}-{k}")
    return [[list(table) for table in tables] for tables in design] if design is not None else None


def known_sizes(k: int, up_to: int = 64) -> list[int]:
    """Field sizes up to `up_to` with a design at tables of k (for the docs and tests)."""
    return [v for v in range(k, up_to + 1) if _exists_here(v, k)]


def _exists_here(v: int, k: int) -> bool:
    return v == k or affine_geometry(v, k) is not None or (v, k) == (15, 3) or f"{v}-{k}" in _stored()
