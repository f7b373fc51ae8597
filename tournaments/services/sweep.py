"""The sweep behind the tournaments' tasks: every minute, start what is due, prepare again what
has been preparing too long, advance what is ready; a tournament that cannot move on is marked
with why, for its organisers, and the sweep goes on with the others."""

from __future__ import annotations

import logging
from datetime import datetime

from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

from games.models import Game
from games.services.errors import ActionRejected
from tournaments.mail.organiser_mails import event_stuck
from tournaments.models import Table, Tournament
from tournaments.services.cancelling import cancel
from tournaments.services.running import (
    PREPARE_TASK,
    PREPARING_STALE,
    do_advance_round,
    do_start,
    minimum_entries,
)
from wildcards_site.queueing import queue_task

log = logging.getLogger(__name__)


def sweep_tournaments(now: datetime | None = None) -> int:
    """The guarantee behind the finishing and preparing tasks: start what is due, prepare again
    what has been preparing too long (a lost task, a dead worker), advance what is ready.

    Each tournament in its own transaction: one that fails is logged, its organisers see
    why on its page, and the sweep goes on with the others.
    """
    now = now or timezone.now()
    done = 0
    stale = Tournament.objects.filter(status=Tournament.Status.PREPARING, preparing_since__lt=now - PREPARING_STALE)
    for tournament_id in stale.values_list("pk", flat=True):
        # The conditional update is the claim: two sweeps hand the work out once.
        if stale.filter(pk=tournament_id).update(preparing_since=now):
            queue_task(PREPARE_TASK, (tournament_id,))
            done += 1
    due = Tournament.objects.filter(status=Tournament.Status.REGISTRATION, starts_at__lte=now)
    for tournament_id in due.values_list("pk", flat=True):
        try:
            do_start(tournament_id, now=now)
            done += 1
        except ActionRejected as error:
            log.warning("tournament %s could not start: %s", tournament_id, error.message)
            try:
                _cancel_unstarted(tournament_id, error, now)
            except Exception as failure:
                _note_problem(tournament_id, failure, now)
        except Exception as error:
            _note_problem(tournament_id, error, now)
    live = Table.objects.filter(
        round__tournament=OuterRef("pk"),
        round__number=OuterRef("current_round"),
        game__status__in=[Game.Status.OPEN, Game.Status.RUNNING, Game.Status.PAUSED],
    )
    running = Tournament.objects.filter(status=Tournament.Status.RUNNING).exclude(Exists(live))
    for tournament_id in running.values_list("pk", flat=True):
        try:
            advanced = do_advance_round(tournament_id, now)
        except Exception as error:
            _note_problem(tournament_id, error, now)
            continue
        if advanced is not None:
            done += 1
        Tournament.objects.filter(pk=tournament_id).exclude(problem="").update(
            problem="", problem_words=None, problem_at=None
        )
    return done


def _cancel_unstarted(tournament_id: int, error: ActionRejected, now: datetime) -> None:
    """A scheduled start that could not happen cancels the event as its organisers' Cancel does
    (every entrant mailed, tables none yet), telling why, and the organisers too."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        if tournament.status != Tournament.Status.REGISTRATION:
            return  # started (or cancelled) meanwhile by its organisers
        if error.code == "too_few":
            reason = {"code": error.code, "needed": minimum_entries(tournament)}
        else:
            reason = {"code": error.code, "message": error.message, "words": error.words}
        cancel(tournament, now, reason)


def _note_problem(tournament_id: int, error: Exception, now: datetime) -> None:
    log.exception("tournament %s could not move on", tournament_id)
    # A refusal is already a sentence for people; anything else is named for whoever fixes it.
    problem = error.message if isinstance(error, ActionRejected) else f"{type(error).__name__}: {error}"
    problem = problem[:2000]
    words = getattr(error, "words", None)  # a refusal kept as data: each organiser reads their language
    Tournament.objects.filter(pk=tournament_id).update(problem=problem, problem_words=words, problem_at=now)
    if isinstance(error, ActionRejected):
        # A refusal the organisers can act on: they are told, once a day while it lasts. An
        # error of the site's own is for whoever runs it (the log above), not for them.
        event_stuck(Tournament.objects.get(pk=tournament_id), now.date().isoformat())
