"""Running time: deadlines skip weekends (when the game says so) and a player's vacation.

Pure functions over datetimes, so every rule about time is tested without a database.
Weekends are Saturday and Sunday in UTC, the same for every player of a game.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime, timedelta

Interval = tuple[datetime, datetime]
# Looking further ahead than this for free time means something is wrong (a vacation of years).
_HORIZON = timedelta(days=3 * 366)


def _weekends_from(start: datetime) -> Iterable[Interval]:
    day = start.astimezone(UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    saturday = (
        day - timedelta(days=(day.weekday() - 5) % 7) if day.weekday() >= 5 else day + timedelta(days=5 - day.weekday())
    )
    while True:
        yield saturday, saturday + timedelta(days=2)
        saturday += timedelta(days=7)


def stopped_intervals(start: datetime, end: datetime, weekend_pause: bool, away: Iterable[Interval]) -> list[Interval]:
    """The merged intervals in [start, end] during which a clock does not run."""
    blocks = [(max(a, start), min(b, end)) for a, b in away if b > start and a < end]
    if weekend_pause:
        for saturday, monday in _weekends_from(start):
            if saturday >= end:
                break
            if monday > start:
                blocks.append((max(saturday, start), min(monday, end)))
    blocks.sort()
    merged: list[Interval] = []
    for a, b in blocks:
        if merged and a <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], b))
        else:
            merged.append((a, b))
    return merged


def add_running_time(
    start: datetime, seconds: float, weekend_pause: bool = False, away: Iterable[Interval] = ()
) -> datetime:
    """The moment at which `seconds` of running time have passed since `start`."""
    away = list(away)
    remaining = timedelta(seconds=seconds)
    moment = start
    window = max(remaining * 2, timedelta(days=14))
    while True:
        stops = stopped_intervals(moment, moment + window, weekend_pause, away)
        for a, b in stops:
            free = a - moment
            if free >= remaining:
                return moment + remaining
            remaining -= max(free, timedelta(0))
            moment = max(moment, b)
        end = moment + window
        if not stops or stops[-1][1] < end:
            free = end - moment
            if free >= remaining:
                return moment + remaining
            remaining -= free
            moment = end
        if moment - start > _HORIZON:
            raise ValueError("no running time within three years")


def running_seconds(
    start: datetime, end: datetime, weekend_pause: bool = False, away: Iterable[Interval] = ()
) -> float:
    """Seconds of running time between `start` and `end` (what a time bank spends)."""
    if end <= start:
        return 0.0
    stopped = sum((b - a).total_seconds() for a, b in stopped_intervals(start, end, weekend_pause, away))
    return (end - start).total_seconds() - stopped


def reminder_lead(phase_seconds: float) -> timedelta:
    """How long before a deadline the reminder goes: 1 h for short phases, 3 h for longer, and
    never more than a quarter of the phase (a one-hour lead on a one-hour phase reminded the
    player a minute after the turn opened, before the turn's own mail)."""
    lead = timedelta(hours=1) if phase_seconds <= 86400 else timedelta(hours=3)
    return min(lead, timedelta(seconds=phase_seconds / 4))
