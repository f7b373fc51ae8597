"""Celery tasks: thin wrappers around the services."""

from celery import shared_task

from games.services import do_close_overdue, do_send_reminders, sweep_overdue


@shared_task(ignore_result=True)
def sweep_deadlines() -> int:
    return sweep_overdue()


@shared_task(ignore_result=True)
def close_overdue(game_id: int) -> int:
    return do_close_overdue(game_id)


@shared_task(ignore_result=True)
def send_reminders() -> int:
    return do_send_reminders()
