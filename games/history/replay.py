"""Rebuilding a game's state from its seed and action log."""

from __future__ import annotations

from games.engines import get_engine
from games.models import Game


def rebuild_state(game: Game, upto: int | None = None) -> dict:
    """The state after the first `upto` actions (all of them by default)."""
    engine = get_engine(game.engine)
    state = engine.new_game(game.num_seats, game.seed, game.options)
    actions = game.actions.order_by("seq").values_list("seat", "payload")
    if upto is not None:
        actions = actions[:upto]
    for seat, payload in actions:
        state = engine.apply(state, seat, payload)
    return state


def state_at(game: Game, version: int) -> dict:
    """The state after `version` actions: the cached one when the game is still there."""
    if version == game.version and game.state is not None:
        return game.state
    return rebuild_state(game, upto=version)


def verify(game: Game) -> list[str]:
    """Differences between the cached state and the log; empty when they agree."""
    problems = []
    seqs = list(game.actions.order_by("seq").values_list("seq", flat=True))
    if seqs != list(range(len(seqs))):
        problems.append("the action log has gaps or duplicates")
    if len(seqs) != game.version:
        problems.append(f"version {game.version} but {len(seqs)} actions in the log")
    if game.state is not None and rebuild_state(game) != game.state:
        problems.append("the cached state differs from the state rebuilt from the log")
    return problems
