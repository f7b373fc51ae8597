"""Celery tasks: thin wrappers around the rating services."""

from celery import shared_task

from tournaments.ratings.services import do_rate_game
from tournaments.ratings.sweep import sweep_unrated_games


@shared_task(ignore_result=True, autoretry_for=(Exception,), retry_backoff=True, max_retries=5)
def rate_game(game_id: int) -> int:
    """Rate a finished game; safe to retry or deliver twice (do_rate_game applies once)."""
    return len(do_rate_game(game_id))


@shared_task(ignore_result=True)
def sweep_ratings(everything: bool = False) -> int:
    """The beat's "rate-finished-games": rate whatever the finish and its retries missed
    (the recent days, or with `everything` the whole history)."""
    return sweep_unrated_games(everything=everything)
