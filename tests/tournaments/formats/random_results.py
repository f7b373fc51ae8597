"""Random finishing places: what players do at tables, with a shared place now and then.

The Swiss tests and the tournament bench (`bench/tournaments.py`) both play rounds with it."""

from __future__ import annotations

import random


def random_results(tables, rng: random.Random, shared: float = 0.15) -> list[dict]:
    """Random places; at a share `shared` of tables the first two players share a place (a draw at 2 seats)."""
    results = []
    for table in tables:
        order = list(table)
        rng.shuffle(order)
        ranks = {player: place for place, player in enumerate(order, 1)}
        if rng.random() < shared:
            ranks[order[1]] = ranks[order[0]]
        results.append(ranks)
    return results
