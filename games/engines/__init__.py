"""Registry of the game engines.

Each engine lives in its own package and exposes a module-level object
`ENGINE` that keeps the contract in `base.Engine`. Nothing here imports
Django, so engines run in tests, benchmarks and bots without the site.
"""

from __future__ import annotations

from importlib import import_module

from games.engines.base import Engine, IllegalAction, IllegalOptions

__all__ = ["Engine", "IllegalAction", "IllegalOptions", "ENGINE_NAMES", "get_engine", "available_engines"]

ENGINE_NAMES = ("wildcards", "wizard", "cubirds", "emu_ranchers")

_cache: dict[str, Engine] = {}


def get_engine(name: str) -> Engine:
    """The engine registered as `name`; KeyError for an unknown name."""
    if name not in _cache:
        if name not in ENGINE_NAMES:
            raise KeyError(f"unknown game engine: {name!r}")
        module = import_module(f"games.engines.{name}")
        _cache[name] = module.ENGINE
    return _cache[name]


def available_engines() -> list[str]:
    """The engines people can choose from (tests may register more)."""
    return list(ENGINE_NAMES)
