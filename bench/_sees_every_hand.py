"""A level that sees every hand: the ceiling of what a better sampler could give, for the bench only.

When a Strong or Good figure stays open, the question is whether the search or the
information is short. This seat plays a level's own search (`games.bots.choose`, the same
budget and rollouts) on states dealt from the real one instead of from its view: every hand,
sealed bid and face-down payment as they are, while what nobody at the table can know is
dealt anew (the piles still to be drawn from, and a fresh seed for later deals and
reshuffles). Its share against the same opponents is what the level could win with a
sampler that guessed the hidden cards perfectly.

It never plays on the site: it lives here, out of `games/`, and the bench seats it only
with `--sees-every-hand`. Session 25 measured Wizard this way with a patch outside the
repository; this keeps the measurement runnable.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager

from games.bots import GAMES, choose
from games.engines.base import Action, Engine, State, copy_state

# The piles no seat can see the order of: drawn from later, so dealt anew in every sample.
UNKNOWN_PILES = {
    "wizard": ("deck",),
    "wildcards": ("deck", "animal_deck", "leo_pile"),
    "cubirds": ("deck",),
    "emu_ranchers": ("deck",),
}
SUFFIX = " seeing every hand"


def level_name(level: str) -> str:
    return level + SUFFIX


class SeesEveryHand:
    """`level`'s search, handed the real state instead of a sample of the seat's view."""

    sees_state = True

    def __init__(self, level: str):
        self.level = level

    def act_on_state(self, engine: Engine, state: State, seat: int, rng: random.Random, budget: int | None) -> Action:
        with _dealing_from(engine.name, state):
            return choose(engine, state, seat, self.level, rng, budget)


def deal_from_truth(game_name: str, truth: State, rng: random.Random) -> State:
    """The real state with the unknown piles shuffled and a fresh seed."""
    state = copy_state(truth)
    for pile in UNKNOWN_PILES[game_name]:
        rng.shuffle(state[pile])
    state["seed"] = f"sample-{rng.getrandbits(64)}"
    return state


@contextmanager
def _dealing_from(game_name: str, truth: State) -> Iterator[None]:
    """Every sampler the game's levels deal from (`sample`, Strong's `strong_sample`) deals from `truth`."""
    game = GAMES[game_name]

    def sample(view: dict, seat: int, rng: random.Random, *args: object, **kwargs: object) -> State:
        return deal_from_truth(game_name, truth, rng)

    replaced = {name: getattr(game, name) for name in ("sample", "strong_sample") if hasattr(game, name)}
    try:
        for name in replaced:
            setattr(game, name, sample)
        yield
    finally:
        for name, original in replaced.items():
            setattr(game, name, original)
