"""The games the site offers, in one place: each game's engine, presentation, bot and title.

The list of games is the engines' (`games.engines.ENGINE_NAMES`, which stays free of Django so
bots and benchmarks run without the site); everything else about a game is found from its name
here: its engine (`games/engines/<game>/`), its presentation (`games/presenters/<game>/`: the
table, the mail, the words and the recap, each a module whose hooks `games.presenters.base`
lists), its bot (`games/bots/<game>.py`) and its title. Adding a game: docs/contributing.md.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.engines import ENGINE_NAMES, Engine, available_engines, get_engine

# The parts of a game's presentation package, each a module of that name.
PARTS = ("table", "mail", "terms", "recap")

TITLES: dict[str, Promise] = {
    "wildcards": _("Wild Cards"),
    "wizard": _("Wizard"),
    "cubirds": _("CuBirds"),
    "emu_ranchers": _("Emu Ranchers"),
}


def names() -> tuple[str, ...]:
    return ENGINE_NAMES


def is_game(name: str) -> bool:
    return name in ENGINE_NAMES


def title(name: str) -> str:
    """The game's name as people read it, in the active language; an unknown name as it is."""
    return str(TITLES.get(name, name))


def choices() -> list[tuple[str, str]]:
    """[(name, title)] of every game people may choose, in the site's order."""
    return [(name, title(name)) for name in available_engines()]


def engine(name: str) -> Engine:
    return get_engine(name)


def part(name: str, part_name: str) -> ModuleType | None:
    """One part of a game's presentation (`games.presenters.<game>.<part>`), None for a name
    that is no game (tests register engines without a presentation: they get the generic one)."""
    if part_name not in PARTS:
        raise ValueError(f"no presentation part {part_name!r}")
    if name not in ENGINE_NAMES:
        return None
    return import_module(f"games.presenters.{name}.{part_name}")


def bot(name: str) -> ModuleType:
    """The game's bot (`games/bots/<game>.py`), as `games.bots` chooses moves with it."""
    from games.bots import GAMES  # the bots load every game's search: only when one is asked for

    return GAMES[name]
