"""The guarantee behind rating at the finish: a beat sweep rates every game that was missed.

Rating at the finish can fail (a lost connection, a locked database) and its retry task can
be lost with the broker; the sweep (every RATING_SWEEP_SECONDS) finds finished rated games
without rating changes that would be rated, oldest first, and rates them one by one. It
looks back RATING_SWEEP_DAYS (read through the finish time's index: cheap however long the
history); once a day beat runs it over the whole history (a few seconds for a million
games), for games missed while beat itself was down.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.db.models import Count, Exists, IntegerField, OuterRef, Q, Subquery
from django.db.models.fields.json import KT
from django.db.models.functions import Cast, Coalesce
from django.utils import timezone

from games.models import Game, GameEvent, Seat
from tournaments.ratings import fair_play
from tournaments.ratings.models import RatingChange
from tournaments.ratings.services import do_rate_game

log = logging.getLogger(__name__)

# Games per query, and queries per sweep: a sweep rates at most BATCH * BATCHES games; the
# next one goes on where it stopped (the oldest first again).
BATCH = 100
BATCHES = 10


def _count(queryset, column: str, distinct: bool = False) -> Coalesce:
    counted = queryset.order_by().values("game_id").annotate(count=Count(column, distinct=distinct)).values("count")
    return Coalesce(Subquery(counted, output_field=IntegerField()), 0)


# Unrated games read per query, before the dearer test of which of them would be rated.
PAGE = 1000


def _unrated(after: tuple | None, days: int | None, limit: int) -> list[tuple]:
    """(finished_at, id) of finished rated games without rating changes, oldest first: the finish
    time's index and the rating changes' unique index only."""
    games = Game.objects.filter(status=Game.Status.FINISHED, rated=True).exclude(
        Exists(RatingChange.objects.filter(game_id=OuterRef("pk")))
    )
    if days is not None:
        games = games.filter(finished_at__gte=timezone.now() - timedelta(days=days))
    if after is not None:
        games = games.filter(Q(finished_at__gt=after[0]) | Q(finished_at=after[0], pk__gt=after[1]))
    return list(games.order_by("finished_at", "pk").values_list("finished_at", "pk")[:limit])


def _would_be_rated(game_ids: list[int]) -> set[int]:
    """Those of `game_ids` with two rated people or more once those who quit early are left out (fair_play)."""
    people = _count(Seat.objects.filter(game_id=OuterRef("pk"), user__isnull=False, rank__isnull=False), "pk")
    # Players an organiser replaced and who are not at the table any more are rated too (participants.py).
    gone = _count(
        GameEvent.objects.filter(game_id=OuterRef("pk"), kind=GameEvent.Kind.SEAT_REPLACED)
        .annotate(previous=Cast(KT("detail__previous_user"), IntegerField()))
        .filter(previous__isnull=False)
        .exclude(Exists(Seat.objects.filter(game_id=OuterRef("game_id"), user_id=OuterRef("previous")))),
        "previous",
        distinct=True,
    )
    games = Game.objects.filter(pk__in=game_ids).annotate(participants=people + gone).filter(participants__gte=2)
    counted = dict(games.values_list("pk", "participants"))
    quitters = fair_play.early_quitters(list(counted)) if counted else {}
    return {game_id for game_id, count in counted.items() if count - len(quitters.get(game_id, ())) >= 2}


def missed_games(limit: int = BATCH, after: tuple | None = None, days: int | None = None) -> list[tuple]:
    """(finished_at, id) of finished rated games that would be rated and have no rating change yet,
    oldest first, after `after` (a previous answer's last row); only the last `days` days if given.

    In two steps: a query over a whole history that tested every game for an early quitter
    read every seat (a second at a million games); the unrated games are few.
    """
    found: list[tuple] = []
    while len(found) < limit:
        page = _unrated(after, days, PAGE)
        rated = _would_be_rated([game_id for _at, game_id in page]) if page else set()
        found += [row for row in page if row[1] in rated]
        if len(page) < PAGE:
            break
        after = page[-1]
    return found[:limit]


def sweep_unrated_games(batch: int = BATCH, batches: int = BATCHES, everything: bool = False) -> int:
    """Rate the missed games; each on its own, so one that fails is logged and the others go on."""
    rated = 0
    after = None
    days = None if everything else settings.RATING_SWEEP_DAYS
    for _ in range(batches):
        found = missed_games(batch, after, days)
        for _finished_at, game_id in found:
            try:
                if do_rate_game(game_id):
                    rated += 1
            except Exception:
                log.exception("rating sweep: game %s could not be rated; the next sweep tries again", game_id)
        if len(found) < batch:
            break
        after = found[-1]
    if rated:
        log.info("rating sweep: rated %s games missed at their finish", rated)
    return rated
