"""Which move a bot seat or a timed-out seat makes on the site, from `games.bots`.

The site's side of the bots (the bots themselves are pure, in `games/bots/`):
- **Instant levels** (Beginner, Standard) move inside the action's transaction, like
  the engines' defaults did: they cost well under a millisecond.
- **Searching levels** (Good, Strong) never run there: a Celery task computes their move
  outside every transaction and lock (`games.services.bot_moves`).
- **A timed-out person** gets Standard, except where the game keeps its own default in
  a sealed phase (each game's `keeps_default` in `games/bots/`): there the default is part of the game's rules as
  this site plays them, the same whether the player was away or a bot.

Every move draws its random numbers from (game, version, seat) alone (`bot_rng`), so a
replay, a retry or a second delivery of the task makes the same move.
"""

from __future__ import annotations

import random

from django.conf import settings
from django.db import transaction

from games import bots
from games.engines.base import Action, Engine, State
from wildcards_site.queueing import queue_task

INSTANT = ("beginner", "standard")
SEARCHING = ("good", "strong")
# A person who timed out too often, resigned or was removed: the bot plays well for them.
TAKEOVER_LEVEL = "good"
DEFAULT_LEVEL = "standard"


def has_bots(engine: Engine) -> bool:
    """Whether `games.bots` knows this game; a game it does not (a test's toy) plays its own default."""
    return engine.name in bots.GAMES


def searches(engine: Engine, level: str) -> bool:
    """Whether a bot at `level` searches in this game (and so moves from a task, never under the lock).

    A game `games.bots` does not know plays its own default at every level: instantly.
    """
    return level in SEARCHING and has_bots(engine)


def check_level(level: str) -> str:
    if level not in bots.LEVELS:
        raise ValueError(f"unknown bot level {level!r}; known: {', '.join(bots.LEVELS)}")
    return level


def bot_seed(game_id: int, version: int, seat: int) -> str:
    """The seed of a bot's move: the game, the version it answers and the seat, nothing else."""
    return f"bot:{game_id}:{version}:{seat}"


def bot_rng(game_id: int, version: int, seat: int) -> random.Random:
    return random.Random(bot_seed(game_id, version, seat))


def budget(level: str) -> int | None:
    """Rollouts (Good) or iterations (Strong) a move; None is the level's own default."""
    return settings.GAME_BOT_BUDGETS.get(level)


def choose(engine: Engine, state: State, seat: int, level: str, game_id: int, version: int) -> Action:
    """The move of a bot at `level` for `seat`, at this version of this game."""
    if not has_bots(engine):
        return engine.auto_action(state, seat)
    return bots.choose(engine, state, seat, level, bot_rng(game_id, version, seat), budget(level))


def timeout_action(engine: Engine, state: State, seat: int, game_id: int, version: int) -> Action:
    """What a seat whose deadline passed plays: Standard, or the game's default where it keeps one."""
    if has_bots(engine) and bots.keeps_default(engine, state, seat):
        return engine.auto_action(state, seat)
    return choose(engine, state, seat, DEFAULT_LEVEL, game_id, version)


def queue_bot_moves(game_id: int, seats: list[int]) -> None:
    """Queue one move task per searching bot seat, once the current transaction commits."""
    for seat in seats:
        transaction.on_commit(lambda seat=seat: queue_task("games.tasks.bot_move", (game_id, seat)))
