"""Bots that play every game at four levels, from what one seat may see.

`choose(engine, state, seat, level, rng, budget)` is the only entry that takes a state: it
turns it into the seat's view at once and hands on only that view. Everything below works
from the view: each game's Standard heuristic reads it, and the searches play on states
a game's sampler deals from it (with a fresh seed), never on the real state.

Levels:
- "beginner": Standard with mistakes (a random legal move 30 % of the time).
- "standard": a heuristic per game, instant.
- "good": determinized Monte Carlo over sampled states, rollouts by Standard
  (`budget` rollouts; about 100 ms a move); a game whose module sets
  `GOOD_SEARCH = "halving"` (Wizard, Emu Ranchers) compares its candidates on common deals.
- "strong": Information Set MCTS (`budget` iterations; about 1 s a move), or in a game whose
  module sets `STRONG_SEARCH = "flat"` (Wizard, CuBirds, Emu Ranchers: there ISMCTS lost to
  Good more often than not) Good's search with `budget` rollouts, five to ten times Good's;
  a game module's own `strong` comes first where it has one (two-player Wizard: deals
  sampled and each solved with both hands in sight, `wizard_solver.py`).

`rng` is the bot's own generator (a task seeds it from the game and its version, so a
retry makes the same move); the levels that do not need it do not draw from it.
"""

from __future__ import annotations

import random
from importlib import import_module
from types import ModuleType

from games.bots import search
from games.engines import ENGINE_NAMES
from games.engines.base import Action, Engine, State, copy_state

__all__ = ["LEVELS", "choose", "choose_from_view", "keeps_default", "legal_from_view"]

LEVELS = ("beginner", "standard", "good", "strong")
BEGINNER_MISTAKES = 0.3

# Each game's bot, `games/bots/<game>.py` (`games.registry` lists the games).
GAMES: dict[str, ModuleType] = {name: import_module(f"games.bots.{name}") for name in ENGINE_NAMES}


def choose(
    engine: Engine, state: State, seat: int, level: str, rng: random.Random, budget: int | None = None
) -> Action:
    """The move of the bot at `level` for `seat`, from that seat's view alone."""
    return choose_from_view(engine, engine.view(state, seat), seat, level, rng, budget)


def legal_from_view(engine: Engine, view: dict, seat: int) -> list[Action]:
    """The seat's legal actions, from a state sampled from its view.

    A seat's own menu never depends on what it cannot see (the hidden-information twin
    tests check this for every engine), so any sample gives the same menu.
    """
    game = GAMES[engine.name]
    if hasattr(game, "legal"):  # a game that lists the menu from the view directly (faster)
        return game.legal(view, seat)
    legal = engine.legal_actions(game.sample(view, seat, random.Random(0)), seat)
    return [copy_state(action) for action in legal]  # engines may share their action dicts


def choose_from_view(
    engine: Engine, view: dict, seat: int, level: str, rng: random.Random, budget: int | None = None
) -> Action:
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}")
    game = GAMES[engine.name]
    legal = legal_from_view(engine, view, seat)
    if not legal:
        raise ValueError(f"seat {seat} has nothing to do now")
    if level == "beginner":
        if rng.random() < BEGINNER_MISTAKES:
            return legal[rng.randrange(len(legal))]
        return game.standard(engine, view, seat, legal)
    if level == "standard" or len(legal) == 1:
        return game.standard(engine, view, seat, legal)
    if level == "strong" and hasattr(game, "strong"):
        action = game.strong(engine, view, seat, legal, rng, budget)  # a game's own Strong, where it has one
        if action is not None:
            return action
    if level == "strong":
        game = _as_strong_searches(game)
    flat_strong = getattr(game, "STRONG_SEARCH", "ismcts") == "flat"
    if level == "good" or flat_strong:
        # Where ISMCTS lost to Good more often than not, Strong is Good's search with more rollouts.
        default = game.GOOD_ROLLOUTS if level == "good" else strong_iterations(game, view)
        rollouts = budget if budget is not None else default
        # A game may narrow the choice to Standard's best few moves (CuBirds, Emu Ranchers).
        choices = game.candidates(engine, view, seat, legal) if hasattr(game, "candidates") else legal
        if getattr(game, "GOOD_SEARCH", "ucb") == "halving":
            return search.sequential_halving(engine, game, view, seat, choices, rng, rollouts)
        return search.flat_monte_carlo(engine, game, view, seat, choices, rng, rollouts)
    iterations = budget if budget is not None else strong_iterations(game, view)
    return search.ismcts(engine, game, view, seat, legal, rng, iterations)


def strong_iterations(game: object, view: dict) -> int:
    """Strong's default budget: the game's own for this table (`strong_iterations(view)`), or `STRONG_ITERATIONS`."""
    own = getattr(game, "strong_iterations", None)
    return own(view) if own else game.STRONG_ITERATIONS


def _as_strong_searches(game: ModuleType) -> ModuleType | _Overriding:
    """The game as Strong searches it: with a sampler (`strong_sample`: Wizard's spreads the
    sealed bids) or a horizon (`strong_horizon_reached`: CuBirds' rollouts play longer) of its
    own where the game gives one, else as Good searches it."""
    overrides = {
        name: getattr(game, f"strong_{name}")
        for name in ("sample", "horizon_reached")
        if hasattr(game, f"strong_{name}")
    }
    return _Overriding(game, overrides) if overrides else game


class _Overriding:
    """A game module with some of its names replaced (every other name as the module has it)."""

    def __init__(self, game: ModuleType, overrides: dict[str, object]) -> None:
        self._game = game
        self.__dict__.update(overrides)

    def __getattr__(self, name: str) -> object:
        return getattr(self._game, name)


def keeps_default(engine: Engine, state: State, seat: int) -> bool:
    """Whether a seat that timed out here plays the game's own default (`auto_action`), not Standard.

    Only where the game's rules, as this site plays them, give a default in a sealed phase (a
    game module's `keeps_default`); elsewhere the rulebooks name none, and Standard plays.
    """
    keeps = getattr(GAMES[engine.name], "keeps_default", None)
    return bool(keeps and keeps(state, seat))
