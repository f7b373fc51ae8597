"""Celery tasks: thin wrappers around the services."""

import logging

from celery import shared_task
from django.db import OperationalError

from games.services import close_games, do_close_overdue, do_resume_long_pauses, do_send_reminders, overdue_games
from games.services.bot_moves import do_bot_move, requeue_stalled_bots
from wildcards_site.queueing import queue_task

log = logging.getLogger(__name__)

# Overdue games per task: a big sweep is split so that every worker takes a share.
SWEEP_BATCH = 100


@shared_task(ignore_result=True)
def sweep_deadlines() -> int:
    """Close every overdue wait: the first batch here, the others as tasks any worker may take.

    Two sweeps (two beats by mistake, or a slow sweep overtaken by the next)
    may hand out the same games: closing is idempotent under the game lock.
    Batches the broker refuses are closed here; what a killed worker drops
    the next sweep finds again.
    """
    do_resume_long_pauses()  # a pause past its limit ends by itself, then its waits run again
    requeue_stalled_bots()  # a searching bot whose task was lost gets another
    game_ids = overdue_games()
    batches = [game_ids[start : start + SWEEP_BATCH] for start in range(0, len(game_ids), SWEEP_BATCH)]
    inline = batches[:1]
    for batch in batches[1:]:
        if not queue_task("games.tasks.close_overdue_games", (batch,)):
            log.warning("sweep: could not hand out %s games; closing them here", len(batch))
            inline.append(batch)
    return sum(close_games(batch) for batch in inline)


@shared_task(ignore_result=True)
def close_overdue_games(game_ids: list[int]) -> int:
    return close_games(game_ids)


@shared_task(ignore_result=True)
def close_overdue(game_id: int) -> int:
    return do_close_overdue(game_id)


@shared_task(ignore_result=True)
def send_reminders() -> int:
    return do_send_reminders()


@shared_task(ignore_result=True, autoretry_for=(OperationalError,), retry_backoff=True, max_retries=3)
def bot_move(game_id: int, seat: int) -> int | None:
    """A searching bot's move: computed outside every lock, stored once (see games/services/bot_moves.py).

    A retry, or a second delivery, answers the same version with the same move, or finds
    the game moved on and does nothing more than look.
    """
    return do_bot_move(game_id, seat)
