"""Pairing and advancement for each tournament format: pure Python, no Django import.

Players are plain hashable ids (ints or strings); results come in as finishing ranks
(1 = first, equal ranks for shared places), exactly as `engine.result()` gives them.

- `base`: the `Format` contract; `kinds`: one class per format over the modules below.
- `tables`: how many tables of which sizes, and how many byes.
- `scoring`: points per finishing place, shared places sharing points.
- `swiss`: Swiss rounds at multiplayer tables, standings with tie-breaks, top cut.
- `round_robin`: Berger tables for 2 players, resolvable designs (`designs/`) or covering schedules
  for 3-6-player tables.
- `elimination`: single elimination (2-player and multiplayer), double elimination.

The registry below is the one list of formats: the model's choices and the settings' check read it.
"""

from __future__ import annotations

from tournaments.formats.base import Format
from tournaments.formats.kinds import DoubleElimination, RoundRobin, SingleElimination, Swiss

__all__ = ["FORMATS", "Format", "get_format"]

# In the order the organisers' form offers them.
FORMATS: dict[str, Format] = {
    spec.name: spec for spec in (Swiss(), RoundRobin(), SingleElimination(), DoubleElimination())
}


def get_format(name: str) -> Format:
    """The format registered as `name`; KeyError for an unknown name."""
    try:
        return FORMATS[name]
    except KeyError:
        raise KeyError(f"unknown tournament format: {name!r}") from None
