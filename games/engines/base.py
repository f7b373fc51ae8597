"""The contract every game engine keeps, and small helpers they share.

Engines are pure Python: no Django import, no I/O, no global randomness.
A game is `new_game(num_players, seed, options)` plus the list of actions
applied to it; state, actions and views are plain JSON-serialisable data.
"""

from __future__ import annotations

import json
import random
from typing import Any, Protocol, runtime_checkable

State = dict[str, Any]
Action = dict[str, Any]


class IllegalAction(ValueError):
    """An action the rules do not allow now. The message is shown to players."""


class IllegalOptions(ValueError):
    """Options that do not describe a playable game. The message is shown to players."""


@runtime_checkable
class Engine(Protocol):
    """What `games.engines.get_engine(name)` returns.

    Seats are numbered 0..num_players-1. Automatic participants that no
    person plays (Leo in Wild Cards) are not seats: the engine moves them
    itself, so no seat ever waits for them.
    """

    name: str
    min_players: int
    max_players: int
    default_options: dict[str, Any]

    def validate_options(self, num_players: int, options: dict | None) -> dict:
        """Return the complete options (defaults filled in) or raise IllegalOptions."""

    def new_game(self, num_players: int, seed: int | str, options: dict | None = None) -> State:
        """The state before the first action. Every state has "num_players"."""

    def to_act(self, state: State) -> list[int]:
        """Seats that must act now; several in a simultaneous (sealed) phase."""

    def phase_key(self, state: State) -> str:
        """A string that changes whenever a new wait begins (a new phase or turn).

        The site opens a new deadline when this changes; while it stays the
        same, the seats left in `to_act` are still answering the same call.
        """

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """The seat's legal actions now.

        An engine may share these dicts between calls (Wild Cards builds
        them once): copy an action before changing it.
        """

    def apply(self, state: State, seat: int, action: Action) -> State:
        """Return the new state; never mutate `state`; raise IllegalAction."""

    def auto_action(self, state: State, seat: int) -> Action:
        """The legal action taken for `seat` when a deadline passes (also the simple bot)."""

    def view(self, state: State, seat: int | None) -> dict:
        """What `seat` may see; `None` is a spectator. Never contains hidden cards."""

    def is_over(self, state: State) -> bool: ...

    def result(self, state: State) -> list[dict]:
        """[{"seat", "score", "rank"}], rank 1 wins, equal ranks for shared places."""


def make_rng(seed: int | str, *salt: object) -> random.Random:
    """A generator that gives the same numbers on every machine and Python.

    Seeding with a string uses SHA-512 of its bytes (random's version 2),
    so `make_rng(seed, "reshuffle", 3)` is stable and independent of other
    draws. Store the counters you salt with in the state, never the
    generator.
    """
    return random.Random(":".join(str(part) for part in (seed, *salt)))


def copy_state(state: State) -> State:
    """A deep copy of plain JSON data, several times faster than copy.deepcopy."""
    return _copy(state)


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copy(item) for item in value]
    return value


def json_round_trip(value: Any) -> Any:
    """What `value` becomes after being stored as JSON: the test of serialisability."""
    return json.loads(json.dumps(value, sort_keys=True))


def shared_ranks(scores: list[tuple[int, tuple]]) -> list[dict]:
    """Rank seats by a sort key, highest first; equal keys share a rank.

    `scores` is [(seat, key)], where key is a tuple such as (score, animals)
    and the first element of the key is reported as the score.
    """
    ordered = sorted(scores, key=lambda pair: pair[1], reverse=True)
    result = []
    for position, (seat, key) in enumerate(ordered):
        if position and key == ordered[position - 1][1]:
            rank = result[-1]["rank"]
        else:
            rank = position + 1
        result.append({"seat": seat, "score": key[0], "rank": rank})
    return sorted(result, key=lambda row: row["seat"])


def complete_options(options: object, defaults: dict[str, Any]) -> dict[str, Any]:
    """The defaults overlaid with `options`; IllegalOptions for a non-mapping or an unknown name.

    Checking each value is the engine's job; this is the part every engine shares.
    """
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise IllegalOptions("Options must be a mapping of option names to values.")
    unknown = sorted(str(name) for name in options if name not in defaults)
    if unknown:
        raise IllegalOptions(f"Unknown option(s): {', '.join(unknown)}. Known: {', '.join(defaults)}.")
    return {**defaults, **options}
