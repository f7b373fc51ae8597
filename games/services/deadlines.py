"""Closing overdue waits with the engine's default action, and reminders.

The database is the truth: a Deadline row is overdue when its time has
passed and it is still open. The periodic sweep closes every one of them;
Celery tasks scheduled at a deadline only make short phases close sooner.
Closing runs under the game's row lock and re-reads the rows, so running
it twice, or beside the player's own last-second action, has one outcome.
"""

from __future__ import annotations

import logging
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from games.clock import reminder_lead
from games.engines import get_engine
from games.models import Action, Deadline, Game, Seat
from games.services import notify
from games.services.play import Outcome, advance, record
from games.services.timing import cancel_wait, close_wait

log = logging.getLogger(__name__)


def do_close_overdue(game_id: int, now: datetime | None = None) -> int:
    """Apply the default action for every overdue wait of one game; returns how many actions.

    A game locked by someone else is skipped: whoever holds it is acting on
    it, and the next sweep looks again.
    """
    now = now or timezone.now()
    applied = 0
    with transaction.atomic():
        game = Game.objects.select_for_update(skip_locked=True).filter(pk=game_id).first()
        if game is None or game.status != Game.Status.RUNNING:
            return 0
        outcome = Outcome(game)
        while game.status == Game.Status.RUNNING:
            overdue = list(
                Deadline.objects.filter(game=game, closed_at__isnull=True, closes_at__lte=now).order_by(
                    "closes_at", "seat"
                )
            )
            if not overdue:
                break
            applied += _play_defaults(game, overdue, now, outcome)
    return applied


def _play_defaults(game: Game, overdue: list[Deadline], now: datetime, outcome: Outcome) -> int:
    """Play the default for each overdue seat, then advance the game once for all of them.

    The default plays out the seat's whole part of the phase (a turn of
    several steps, a payment of several cards); a seat the game no longer
    waits for (the phase moved on) is left alone and its wait cancelled.
    """
    engine = get_engine(game.engine)
    answered: dict[int, bool] = {}
    applied = 0
    for deadline in overdue:
        seat, key = deadline.seat, engine.phase_key(game.state)
        while (
            not engine.is_over(game.state) and seat in engine.to_act(game.state) and engine.phase_key(game.state) == key
        ):
            action = engine.auto_action(game.state, seat)
            outcome.actions.append(
                record(game, seat, action, Action.Channel.TIMEOUT, None, engine.apply(game.state, seat, action))
            )
            answered[seat] = False
            applied += 1
    if not answered:
        for deadline in overdue:
            cancel_wait(game, deadline.seat, now)
        return 0
    # Count the timeouts first, so that a seat a bot takes over moves as a bot at once.
    timed_out = [(deadline, _count_timeout(game, deadline.seat)) for deadline in overdue if deadline.seat in answered]
    if not game.seats.filter(kind=Seat.Kind.HUMAN, status=Seat.Status.PLAYING).exists():
        # The default moves were played: those waits timed out; only the others are cancelled.
        for deadline, _seat in timed_out:
            close_wait(game, deadline.seat, now, acted=False, deadline=deadline)
        abandon(game, now)
    else:
        advance(game, now, outcome, answered=answered)
    for deadline, seat in timed_out:
        notify.timed_out(game, seat, deadline, seat.kind == Seat.Kind.BOT)
        log.info(
            "close game=%s seat=%s wait=%s outcome=%s",
            game.pk,
            seat.position,
            deadline.pk,
            "bot" if seat.kind == Seat.Kind.BOT else "timeout",
        )
    return applied


def _count_timeout(game: Game, position: int) -> Seat:
    """After too many timeouts in a row a bot takes the seat and the player has left."""
    seat = Seat.objects.select_related("user__profile").get(game=game, position=position)
    seat.consecutive_timeouts += 1
    if seat.kind == Seat.Kind.HUMAN and seat.consecutive_timeouts >= game.timeouts_before_bot:
        seat.kind, seat.status = Seat.Kind.BOT, Seat.Status.LEFT
    seat.save(update_fields=["consecutive_timeouts", "kind", "status"])
    return seat


def abandon(game: Game, now: datetime) -> None:
    from games.services.timing import close_all_waits

    close_all_waits(game, now)
    game.status = Game.Status.ABANDONED
    game.finished_at = now
    game.save(update_fields=["status", "finished_at", "version", "state", "phase_key"])


def overdue_games(now: datetime | None = None, limit: int = 10_000) -> list[int]:
    """Running games with an overdue open wait, the longest overdue first."""
    now = now or timezone.now()
    game_ids = (
        Deadline.objects.filter(closed_at__isnull=True, closes_at__lte=now, game__status=Game.Status.RUNNING)
        .order_by("closes_at")
        .values_list("game_id", flat=True)[:limit]
    )
    return list(dict.fromkeys(game_ids))


def close_games(game_ids: list[int], now: datetime | None = None) -> int:
    """Close the overdue waits of these games; returns how many actions were applied.

    Safe beside another worker closing the same games: each game is closed
    under its row lock (a locked one is skipped) and its rows are re-read.
    """
    total = 0
    for game_id in game_ids:
        try:
            total += do_close_overdue(game_id, now)
        except Exception:  # one broken game must not stop the sweep for the others
            log.exception("closing overdue waits of game %s failed", game_id)
    return total


def sweep_overdue(now: datetime | None = None, limit: int = 10_000) -> int:
    """Close every overdue wait of every running game; returns how many actions were applied."""
    now = now or timezone.now()
    return close_games(overdue_games(now, limit), now)


def do_send_reminders(now: datetime | None = None) -> int:
    """Queue one reminder per open wait whose reminder time has come; each wait gets one at most."""
    now = now or timezone.now()
    sent = 0
    candidates = Deadline.objects.filter(
        closed_at__isnull=True, reminder_sent_at__isnull=True, closes_at__gt=now, game__status=Game.Status.RUNNING
    ).select_related("game")
    for deadline in candidates.iterator():
        if deadline.closes_at - reminder_lead(deadline.allowed_seconds) > now:
            continue
        with transaction.atomic():
            # The conditional update is the claim: two sweeps never both remind.
            claimed = Deadline.objects.filter(pk=deadline.pk, reminder_sent_at__isnull=True).update(
                reminder_sent_at=now
            )
            if not claimed:
                continue
            seat = Seat.objects.select_related("user__profile").get(game=deadline.game, position=deadline.seat)
            if seat.kind == Seat.Kind.HUMAN:
                notify.reminder(deadline.game, seat, deadline)
                sent += 1
    return sent
