"""Celery tasks: thin wrappers around the services."""

from celery import shared_task

from tournaments.services import do_advance_round, sweep_tournaments


@shared_task(ignore_result=True)
def advance_tournament(tournament_id: int) -> bool:
    """Queued when one of the tournament's games finishes; does nothing until the round is over."""
    return do_advance_round(tournament_id) is not None


@shared_task(ignore_result=True)
def sweep() -> int:
    return sweep_tournaments()
