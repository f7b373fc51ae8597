"""Listening to games: a finished game is rated right after its commit."""

from __future__ import annotations

from tournaments.ratings.services import do_rate_game


def rate_finished_game(sender, game_id: int, **kwargs) -> None:
    do_rate_game(game_id)
