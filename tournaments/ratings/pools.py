"""Which rating pool a game counts in: the one place that decides it.

Today one pool per game (engine). An option that changes a game's nature (a Wizard
variant, a Wild Cards edition) can get a pool of its own by adding a rule here.
"""

from __future__ import annotations

from games.models import ENGINE_TITLES

POOLS = tuple(ENGINE_TITLES)


def pool_for(engine: str, options: dict | None = None) -> str:
    """The pool's name; it starts with the engine's name (recompute selects games by it)."""
    return engine


def engine_of(pool: str) -> str:
    return pool.split(":", 1)[0]


def pool_title(pool: str) -> str:
    return str(ENGINE_TITLES.get(pool, pool))
