"""Listening to games: a finished game is rated right after its commit."""

from __future__ import annotations

import logging

from tournaments.ratings.services import do_rate_game

log = logging.getLogger(__name__)


def rate_finished_game(sender, game_id: int, **kwargs) -> None:
    """Rate at once; if that fails (a lost connection), a task with retries does it later."""
    try:
        do_rate_game(game_id)
    except Exception:
        log.exception("rating game %s failed; queued for a retry", game_id)
        from tournaments.ratings.tasks import rate_game

        rate_game.delay(game_id)
