"""Searching bots (Good, Strong): think outside every lock, then submit like a player.

`do_bot_move` reads the game without locking it, computes the bot's move (up to about a
second of search) outside any transaction, and submits it through `do_action` with the
version it answered. If the game moved on meanwhile (a person's move, another bot's),
the submission is refused as stale and changes nothing; the bot looks again and
recomputes, a bounded number of times. Its random numbers come from (game, version,
seat) alone, so a retried or twice-delivered task makes the same move, and
`expected_version` lets exactly one of them be stored.

The task is queued when the transaction that left the bot to act commits; the deadline
sweep queues it again for a game a searching bot has kept waiting too long (a lost
message, a killed worker), so no game waits for a bot forever. A search that raises
(a bug) would raise again on every retry: Standard plays that move, and the error is logged.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Max, Q
from django.utils import timezone

from games.engines import get_engine
from games.models import Action, Game, Seat
from games.services import bot_choice
from games.services.errors import ActionRejected
from games.services.play import do_action
from wildcards_site.queueing import queue_task

log = logging.getLogger(__name__)

# Looks again after a stale submission at most so many times; the task queued by the
# change that overtook it carries on from there.
MAX_ATTEMPTS = 3


def _searching_level(game: Game, seat: int) -> str | None:
    row = Seat.objects.filter(game=game, position=seat, kind=Seat.Kind.BOT).first()
    level = row.level if row is not None else ""
    return level if bot_choice.searches(get_engine(game.engine), level) else None


def do_bot_move(game_id: int, seat: int) -> int | None:
    """Play the searching bot at `seat` if the game waits for it; returns the version it answered, or None."""
    for _attempt in range(MAX_ATTEMPTS):
        game = Game.objects.filter(pk=game_id, status=Game.Status.RUNNING).first()
        if game is None:
            return None
        engine = get_engine(game.engine)
        if engine.is_over(game.state) or seat not in engine.to_act(game.state):
            return None
        level = _searching_level(game, seat)
        if level is None:
            return None  # a person took the seat back, or the bot plays instantly now
        # The search: no transaction is open and no row is locked while it runs.
        try:
            action = bot_choice.choose(engine, game.state, seat, level, game.pk, game.version)
        except Exception:
            # A bug in a search fails every retry alike (its random numbers are fixed by the
            # version) and would leave the game waiting for this bot until the deadline: Standard
            # plays this move instead, and the error goes to the log.
            log.exception("bot game=%s seat=%s level=%s: the search failed; Standard plays", game_id, seat, level)
            action = bot_choice.choose(engine, game.state, seat, bot_choice.DEFAULT_LEVEL, game.pk, game.version)
        try:
            do_action(game.pk, seat, action, Action.Channel.BOT, expected_version=game.version)
        except ActionRejected as rejected:
            if rejected.code != "stale":
                log.info("bot game=%s seat=%s refused: %s", game_id, seat, rejected.code)
                return None
            continue  # the game moved on while the bot thought: look again
        return game.version
    log.info("bot game=%s seat=%s: the game kept moving; the next task carries on", game_id, seat)
    return None


def stalled_bot_games(now: datetime | None = None) -> list[tuple[int, list[int]]]:
    """Running games a searching bot has kept waiting past GAME_BOT_STALL_SECONDS, with those seats."""
    now = now or timezone.now()
    cutoff = now - timedelta(seconds=settings.GAME_BOT_STALL_SECONDS)
    games = (
        Game.objects.filter(
            status=Game.Status.RUNNING,
            seats__kind=Seat.Kind.BOT,
            seats__bot_level__in=bot_choice.SEARCHING,
            started_at__lt=cutoff,
        )
        .annotate(last=Max("actions__created_at"))
        .filter(Q(last__lt=cutoff) | Q(last__isnull=True))
        .distinct()
    )
    stalled = []
    for game in games:
        waiting = searching_bots_to_act(game)
        if waiting:
            stalled.append((game.pk, waiting))
    return stalled


def searching_bots_to_act(game: Game) -> list[int]:
    """The seats of a running game whose move a searching bot's task is working out now."""
    if game.status != Game.Status.RUNNING or game.state is None:
        return []
    engine = get_engine(game.engine)
    to_act = engine.to_act(game.state)
    if not to_act:
        return []
    levels = {seat.position: seat.level for seat in game.seats.filter(kind=Seat.Kind.BOT, position__in=to_act)}
    return [seat for seat in to_act if bot_choice.searches(engine, levels.get(seat, ""))]


def bots_thinking(game: Game, now: datetime | None = None) -> list[int]:
    """The searching bots working out a move now (`searching_bots_to_act`), unless the game has not
    moved for GAME_BOT_STALL_SECONDS: then its task was lost and the sweep queues it again."""
    thinking = searching_bots_to_act(game)
    if not thinking:
        return []
    last = game.actions.aggregate(last=Max("created_at"))["last"] or game.started_at
    now = now or timezone.now()
    return thinking if last is None or now - last < timedelta(seconds=settings.GAME_BOT_STALL_SECONDS) else []


def requeue_stalled_bots(now: datetime | None = None) -> int:
    """Queue again the move of every searching bot left waiting (see `stalled_bot_games`); returns how many."""
    queued = 0
    for game_id, seats in stalled_bot_games(now):
        for seat in seats:
            queued += queue_task("games.tasks.bot_move", (game_id, seat))
    return queued
