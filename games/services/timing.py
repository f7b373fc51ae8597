"""Opening and closing the waits (Deadline rows) that follow the engine's `to_act`."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from games.clock import add_running_time, running_seconds
from games.models import Deadline, Game, Seat, Vacation
from wildcards_site.queueing import queue_task

# Deadlines sooner than this also get a Celery task at their time; the sweep covers all.
ETA_TASK_WITHIN = timedelta(hours=6)


def away_intervals(user_id: int | None, start: datetime) -> list[tuple[datetime, datetime]]:
    if user_id is None:
        return []
    rows = Vacation.objects.filter(user_id=user_id, ends_at__gt=start).values_list("starts_at", "ends_at")
    return list(rows)


def away_intervals_of(user_ids: list[int], start: datetime) -> dict[int, list[tuple[datetime, datetime]]]:
    """`away_intervals` of several players in one query (none when `preload_away` read them already)."""
    away: dict[int, list[tuple[datetime, datetime]]] = {user_id: [] for user_id in user_ids}
    known = getattr(_preloaded, "away", None)
    if known is not None and known[0] <= start and all(user_id in known[1] for user_id in away):
        # Vacations ending before `start` drop out as they would from the query.
        return {user_id: [(s, e) for s, e in known[1][user_id] if e > start] for user_id in away}
    if away:
        rows = Vacation.objects.filter(user_id__in=away, ends_at__gt=start).order_by("starts_at")
        for user_id, starts_at, ends_at in rows.values_list("user_id", "starts_at", "ends_at"):
            away[user_id].append((starts_at, ends_at))
    return away


_preloaded = threading.local()


@contextmanager
def preload_away(user_ids: list[int], start: datetime) -> Iterator[None]:
    """Read these players' vacations once for a block that opens many waits (the deadline sweep).

    The block must run in the transaction that read them, from `start` on.
    """
    _preloaded.away = (start, away_intervals_of(user_ids, start))
    try:
        yield
    finally:
        _preloaded.away = None


def seconds_allowed(game: Game, seat: Seat) -> int:
    if game.clock == Game.Clock.BANK:
        return seat.bank_seconds
    return game.phase_seconds


def open_waits(game: Game, seats: list[Seat], now: datetime) -> list[Deadline]:
    """Open a wait for each of these seats: one query for their vacations, one INSERT for all."""
    away = away_intervals_of([seat.user_id for seat in seats if seat.user_id is not None], now)
    deadlines = []
    for seat in seats:
        allowed = seconds_allowed(game, seat)
        closes_at = add_running_time(now, allowed, game.weekend_pause, away.get(seat.user_id, []))
        deadlines.append(
            Deadline(
                game=game,
                seat=seat.position,
                phase_key=game.phase_key,
                opened_at=now,
                allowed_seconds=allowed,
                closes_at=closes_at,
            )
        )
    Deadline.objects.bulk_create(deadlines)
    # One task per distinct closing time: closing the game closes every wait due by then.
    for closes_at in sorted({deadline.closes_at for deadline in deadlines}):
        if closes_at - now <= ETA_TASK_WITHIN:
            transaction.on_commit(lambda when=closes_at: _schedule_close(game.pk, when))
    return deadlines


def _schedule_close(game_id: int, when: datetime) -> None:
    # If the broker is down the periodic sweep closes the deadline anyway.
    queue_task("games.tasks.close_overdue", (game_id,), eta=when + timedelta(seconds=1))


def close_wait(game: Game, position: int, now: datetime, acted: bool, deadline: Deadline | None = None) -> None:
    """Close this seat's open wait (`deadline`, when the caller has it); a time bank pays for the time spent."""
    if deadline is None:
        deadline = Deadline.objects.filter(game=game, seat=position, closed_at__isnull=True).first()
    if deadline is None:
        return
    deadline.closed_at = now
    deadline.outcome = Deadline.Outcome.ACTED if acted else Deadline.Outcome.TIMEOUT
    deadline.save(update_fields=["closed_at", "outcome"])
    if game.clock == Game.Clock.BANK:
        seat = game.seats.get(position=position)
        spent = running_seconds(deadline.opened_at, now, game.weekend_pause, away_intervals(seat.user_id, now))
        left = max(0, seat.bank_seconds - int(spent)) if acted else 0
        seat.bank_seconds = min(game.bank_cap_seconds, left + game.bank_increment_seconds)
        seat.save(update_fields=["bank_seconds"])


def sync_waits(game: Game, engine, now: datetime, answered: dict[int, bool], seats: list[Seat]) -> list[Deadline]:
    """Make the open waits match who must act now; notify the seats newly waited for; return the open waits.

    A seat still waited for in the same phase keeps its wait (a turn of
    several steps is one deadline and one mail). A wait that ends closes as
    answered for the seats in `answered`, as cancelled for the others.
    """
    from games.services import notify

    phase_key = engine.phase_key(game.state)
    waiting = set(engine.to_act(game.state))
    same_phase = phase_key == game.phase_key
    humans = {seat.position: seat for seat in seats if seat.kind == Seat.Kind.HUMAN}
    have, kept = set(), []
    ending: dict[str, list[int]] = {}  # outcome -> waits that end with it, closed in one UPDATE each
    for deadline in Deadline.objects.filter(game=game, closed_at__isnull=True):
        if same_phase and deadline.seat in waiting and deadline.seat in humans:
            have.add(deadline.seat)
            kept.append(deadline)
            if answered.get(deadline.seat):
                notify.turn_goes_on(game, humans[deadline.seat], deadline, now)
        elif deadline.seat in answered and game.clock == Game.Clock.BANK:
            close_wait(game, deadline.seat, now, answered[deadline.seat], deadline)  # the bank pays for the time
        else:
            outcome = Deadline.Outcome.CANCELLED
            if deadline.seat in answered:
                outcome = Deadline.Outcome.ACTED if answered[deadline.seat] else Deadline.Outcome.TIMEOUT
            ending.setdefault(outcome, []).append(deadline.pk)
    for outcome, pks in ending.items():
        Deadline.objects.filter(pk__in=pks).update(closed_at=now, outcome=outcome)
    game.phase_key = phase_key
    opened = open_waits(game, [humans[pos] for pos in sorted(waiting - have) if pos in humans], now)
    # A turn a timeout opens finds its player at the table too: they may have just moved there,
    # and want no mail of it. One query, only where a wait opens.
    present = notify.at_the_table(game, [humans[deadline.seat] for deadline in opened], now) if opened else set()
    for deadline in opened:
        notify.your_turn(game, humans[deadline.seat], deadline, present=deadline.seat in present)
    return kept + opened


def cancel_wait(game: Game, position: int, now: datetime) -> None:
    Deadline.objects.filter(game=game, seat=position, closed_at__isnull=True).update(
        closed_at=now, outcome=Deadline.Outcome.CANCELLED
    )


def close_all_waits(game: Game, now: datetime) -> None:
    Deadline.objects.filter(game=game, closed_at__isnull=True).update(closed_at=now, outcome=Deadline.Outcome.CANCELLED)


def recompute(deadline: Deadline, game: Game, user_id: int | None) -> None:
    """Derive `closes_at` again from the running time granted (after a vacation or extension)."""
    closes_at = add_running_time(
        deadline.opened_at, deadline.allowed_seconds, game.weekend_pause, away_intervals(user_id, deadline.opened_at)
    )
    if closes_at != deadline.closes_at:
        deadline.closes_at = closes_at
        deadline.save(update_fields=["closes_at", "opened_at", "allowed_seconds"])
        if closes_at - timezone.now() <= ETA_TASK_WITHIN:
            transaction.on_commit(lambda: _schedule_close(game.pk, closes_at))


def seat_user(game: Game, position: int) -> int | None:
    return game.seats.filter(position=position).values_list("user_id", flat=True).first()


def resume_waits(game: Game, paused_for: timedelta) -> None:
    """After a pause every open wait starts later by the pause: clocks stop, they never reset."""
    for deadline in Deadline.objects.filter(game=game, closed_at__isnull=True):
        deadline.opened_at += paused_for
        recompute(deadline, game, seat_user(game, deadline.seat))


def extend_wait(game: Game, position: int, seconds: int) -> Deadline | None:
    deadline = Deadline.objects.filter(game=game, seat=position, closed_at__isnull=True).first()
    if deadline is not None:
        deadline.allowed_seconds += seconds
        recompute(deadline, game, seat_user(game, position))
    return deadline


def extend_for_vacation(user_id: int) -> None:
    """A new vacation moves the player's open deadlines by the running time it stops."""
    seats = Seat.objects.filter(user_id=user_id, game__status=Game.Status.RUNNING).select_related("game")
    for seat in seats:
        for deadline in Deadline.objects.filter(game=seat.game, seat=seat.position, closed_at__isnull=True):
            recompute(deadline, seat.game, user_id)
