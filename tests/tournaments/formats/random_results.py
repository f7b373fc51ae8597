"""Random finishing places for the Swiss tests: what players do at tables, with a shared place now and then."""

from __future__ import annotations

import random


def random_results(tables, rng: random.Random) -> list[dict]:
    """Random places; now and then two players share one."""
    results = []
    for table in tables:
        order = list(table)
        rng.shuffle(order)
        ranks = {player: place for place, player in enumerate(order, 1)}
        if rng.random() < 0.15:
            ranks[order[1]] = ranks[order[0]]
        results.append(ranks)
    return results
