"""Which rating pool a game counts in: the one place that decides it.

Today one pool per game (engine). An option that changes a game's nature (a Wizard
variant, a Wild Cards edition) can get a pool of its own by adding a rule here.
"""

from __future__ import annotations

import zlib

from django.db import connection

from games import registry

POOLS = registry.names()


def pool_for(engine: str, options: dict | None = None) -> str:
    """The pool's name; it starts with the engine's name (recompute selects games by it)."""
    return engine


def engine_of(pool: str) -> str:
    return pool.split(":", 1)[0]


def pool_title(pool: str) -> str:
    return registry.title(pool)


def lock_pool(pool: str) -> None:
    """Serialise rating updates of one pool (PostgreSQL advisory lock, released at commit).

    One lock per pool keeps two games of the same player from reading the same
    "before" rating, and keeps updates in the order their games commit.
    """
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [16, zlib.crc32(pool.encode()) & 0x7FFFFFFF])
