"""Stepping through a game's log: the state after any action, cheaply.

Every state is rebuilt through the engine from the seed and the actions
(the log is the truth). Rebuilding from the start for every step would
cost O(n) applies per page, so states are kept as a cache: every
`CHECKPOINT_EVERY`-th state and the last state asked for go into Django's
cache, and a request starts from the nearest cached state at or before
the step it wants. Stepping forward therefore costs one `apply`; jumping
anywhere costs at most `CHECKPOINT_EVERY` applies. The log is append-only,
so a cached state for (game, seed, step) never goes stale.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.core.cache import cache

from games.engines import get_engine
from games.models import Action, Game

CHECKPOINT_EVERY = 20
CACHE_SECONDS = 3600

# The games whose replay shows everything: the game has ended.
REVEALED_STATUSES = {Game.Status.FINISHED, Game.Status.ABANDONED}


@dataclass
class LoggedAction:
    seq: int
    seat: int
    payload: dict
    channel: str
    created_at: datetime | None = None


@dataclass
class Replay:
    """One game's log and the engine that replays it; caches the states it has built."""

    engine_name: str
    num_players: int
    seed: str
    options: dict
    actions: list[LoggedAction]
    cache_key: str | None = None
    _states: dict[int, dict] = field(default_factory=dict, repr=False)

    @classmethod
    def of(cls, game: Game) -> Replay:
        """The replay of a stored game: one query for the whole log."""
        rows = (
            Action.objects.filter(game=game)
            .order_by("seq")
            .values_list("seq", "seat", "payload", "channel", "created_at")
        )
        return cls(
            game.engine,
            game.num_seats,
            game.seed,
            game.options,
            [LoggedAction(*row) for row in rows],
            # The creation time too: a database rebuilt (or a test's rolled back) reuses ids and seeds.
            cache_key=f"replay:{game.pk}:{game.seed}:{game.created_at.timestamp():.6f}",
        )

    @property
    def engine(self):
        return get_engine(self.engine_name)

    @property
    def last_step(self) -> int:
        return len(self.actions)

    def state_at(self, step: int) -> dict:
        """The state after the first `step` actions (0: before any action)."""
        if not 0 <= step <= self.last_step:
            raise IndexError(f"step {step} is outside 0..{self.last_step}")
        if step in self._states:
            return self._states[step]
        start, state = self._nearest(step)
        engine = self.engine
        for action in self.actions[start:step]:
            state = engine.apply(state, action.seat, action.payload)
            if action.seq + 1 != step and (action.seq + 1) % CHECKPOINT_EVERY == 0:
                self._remember(action.seq + 1, state)
        self._remember(step, state)
        return state

    def states(self):
        """Every state from the start to the end, in order: one apply each."""
        state = self.state_at(0)
        yield state
        engine = self.engine
        for action in self.actions:
            state = engine.apply(state, action.seat, action.payload)
            yield state

    def _nearest(self, step: int) -> tuple[int, dict]:
        known = [s for s in self._states if s <= step]
        best = max(known) if known else None
        if self.cache_key and best != step:
            candidates = {step, step - 1, step - step % CHECKPOINT_EVERY} - {best}
            candidates = {s for s in candidates if s > (best if best is not None else -1) and s >= 0}
            found = cache.get_many([f"{self.cache_key}:{s}" for s in candidates])
            for s in sorted(candidates, reverse=True):
                if f"{self.cache_key}:{s}" in found:
                    self._states[s] = found[f"{self.cache_key}:{s}"]
                    best = s
                    break
        if best is None:
            state = self.engine.new_game(self.num_players, self.seed, self.options)
            self._states[0] = state
            return 0, state
        return best, self._states[best]

    def _remember(self, step: int, state: dict) -> None:
        self._states[step] = state
        if self.cache_key:
            cache.set(f"{self.cache_key}:{step}", state, CACHE_SECONDS)


def is_revealed(game: Game) -> bool:
    """After the end a replay shows every seat's view and every action."""
    return game.status in REVEALED_STATUSES


def views_at(replay: Replay, state: dict, viewer: int | None, revealed: bool) -> list[tuple[int | None, dict]]:
    """The views a replay step shows: the viewer's own while the game runs, every seat's after the end."""
    engine = replay.engine
    if revealed:
        return [(seat, engine.view(state, seat)) for seat in range(replay.num_players)]
    return [(viewer, engine.view(state, viewer))]


def action_visible(action: LoggedAction, viewer: int | None, revealed: bool) -> bool:
    """Whether a log line may show the action itself (a bid, a payment), not just that a move was made."""
    return revealed or (viewer is not None and action.seat == viewer)
