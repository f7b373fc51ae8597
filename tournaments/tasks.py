"""Celery tasks: thin wrappers around the services."""

from celery import shared_task

from tournaments.services import do_advance_round, do_prepare, sweep_tournaments


@shared_task(ignore_result=True)
def advance_tournament(tournament_id: int) -> bool:
    """Queued when one of the tournament's games finishes; does nothing until the round is over."""
    return do_advance_round(tournament_id) is not None


@shared_task(ignore_result=True)
def sweep() -> int:
    return sweep_tournaments()


@shared_task(ignore_result=True)
def prepare_tournament(tournament_id: int) -> bool:
    """Queued by the start of a round robin (and by the sweep): its schedule, then round 1."""
    return do_prepare(tournament_id) is not None
