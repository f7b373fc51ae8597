"""Celery tasks: thin wrappers around the services."""

from celery import shared_task

from games.services import do_close_overdue, do_resume_long_pauses, do_send_reminders, sweep_overdue


@shared_task(ignore_result=True)
def sweep_deadlines() -> int:
    do_resume_long_pauses()  # a pause past its limit ends by itself, then its waits run again
    return sweep_overdue()


@shared_task(ignore_result=True)
def close_overdue(game_id: int) -> int:
    return do_close_overdue(game_id)


@shared_task(ignore_result=True)
def send_reminders() -> int:
    return do_send_reminders()
