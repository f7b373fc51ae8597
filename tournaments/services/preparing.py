"""A round robin's schedule is computed once, by a worker, and kept: never in a request.

`do_start` seeds the field and leaves a round robin PREPARING (the organiser's request ends
at once); the task `prepare_tournament` runs `do_prepare`, which computes the whole schedule
outside any transaction (200 players at tables of 4 take ~25 s on a busy machine), then under the
tournament's lock stores it and creates round 1, unless the tournament has left PREPARING in
the meantime: a duplicate task computes for nothing but changes nothing. The beat sweep
(`sweep_tournaments`) queues the task again for a tournament preparing too long.
"""

from __future__ import annotations

import logging
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from tournaments.models import Round, Tournament
from tournaments.services.planning import round_robin_schedule
from tournaments.services.running import do_advance_round

log = logging.getLogger("tournaments")


def do_prepare(tournament_id: int, now: datetime | None = None) -> Round | None:
    """Compute and store a preparing round robin's schedule and create round 1; None if there was nothing to do."""
    preparing = Tournament.objects.filter(pk=tournament_id, status=Tournament.Status.PREPARING)
    tournament = preparing.first()
    if tournament is None:
        return None
    # This worker has it now: the sweep waits PREPARING_STALE from here before handing it out again.
    preparing.update(preparing_since=timezone.now())
    started = timezone.now()
    schedule = round_robin_schedule(tournament, list(tournament.entries.all()))
    log.info(
        "tournament %s: round robin schedule of %s rounds computed in %.1f s",
        tournament_id,
        len(schedule),
        (timezone.now() - started).total_seconds(),
    )
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        if tournament.status != Tournament.Status.PREPARING:
            return None  # another task got there first
        tournament.schedule = schedule
        tournament.status = Tournament.Status.RUNNING
        tournament.preparing_since = None
        tournament.save(update_fields=["schedule", "status", "preparing_since"])
        # Inside this transaction and lock: round 1 exists the moment the tournament is running.
        return do_advance_round(tournament_id, now or timezone.now())
