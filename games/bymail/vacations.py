"""Booking vacation days: whole days in the player's time zone, within a yearly allowance.

Deadlines do not run during a vacation (games.clock); booking one moves the
player's open deadlines at once (`extend_for_vacation`).
"""

from __future__ import annotations

import zoneinfo
from datetime import date, datetime, time, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Vacation
from games.services.timing import extend_for_vacation
from wildcards_site.accounts.models import Profile, profile_for
from wildcards_site.accounts.time_zones import zone_named

MAX_DAYS_AT_ONCE = 60


class VacationRefused(ValueError):
    pass


def allowance() -> int:
    return int(getattr(settings, "VACATION_DAYS_PER_YEAR", 30))


def _zone(user) -> zoneinfo.ZoneInfo:
    return zone_named(profile_for(user).time_zone)


def _midnight(day: date, zone) -> datetime:
    return datetime.combine(day, time(0), tzinfo=zone)


def days_used(user, year: int) -> int:
    """Days of the user's vacations that fall in `year` (their time zone): a day counts whole,
    also the day a vacation booked for today started on."""
    zone = _zone(user)
    start, end = _midnight(date(year, 1, 1), zone), _midnight(date(year + 1, 1, 1), zone)
    used = 0
    for vacation in Vacation.objects.filter(user=user, ends_at__gt=start, starts_at__lt=end):
        first = timezone.localtime(max(vacation.starts_at, start), zone).date()
        last = timezone.localtime(min(vacation.ends_at, end) - timedelta(microseconds=1), zone).date()
        used += (last - first).days + 1
    return used


def local_today(user) -> date:
    return timezone.localtime(timezone.now(), _zone(user)).date()


def do_book_vacation(user, first_day: date, days: int) -> Vacation:
    """Book `days` whole days from `first_day`; refused when in the past, overlapping or over the allowance."""
    if days < 1 or days > MAX_DAYS_AT_ONCE:
        raise VacationRefused(_("Book between 1 and %(max)s days at a time.") % {"max": MAX_DAYS_AT_ONCE})
    if first_day < local_today(user):
        raise VacationRefused(_("A vacation cannot start in the past."))
    if first_day > local_today(user) + timedelta(days=366):
        # The allowance is counted by calendar year, and a date near the calendar's end overflowed.
        raise VacationRefused(_("A vacation can be booked at most a year ahead."))
    zone = _zone(user)
    starts_at, ends_at = _midnight(first_day, zone), _midnight(first_day + timedelta(days=days), zone)
    # Booked for today: it starts now. From midnight, it would give back time already spent on a
    # deadline, rescuing a wait nearly run out.
    starts_at = max(starts_at, timezone.now())
    with transaction.atomic():
        # The profile row serialises two bookings of the same player.
        Profile.objects.select_for_update().filter(user=user).first()
        if Vacation.objects.filter(user=user, starts_at__lt=ends_at, ends_at__gt=starts_at).exists():
            raise VacationRefused(_("These days overlap a vacation you booked already."))
        for year in sorted({first_day.year, (first_day + timedelta(days=days - 1)).year}):
            new_days = sum(1 for i in range(days) if (first_day + timedelta(days=i)).year == year)
            left = allowance() - days_used(user, year)
            if new_days > left:
                raise VacationRefused(
                    _("That is %(days)s days in %(year)s, but only %(left)s of your %(allowance)s are left.")
                    % {"days": new_days, "year": year, "left": left, "allowance": allowance()}
                )
        vacation = Vacation.objects.create(user=user, starts_at=starts_at, ends_at=ends_at)
        extend_for_vacation(user.pk)
    return vacation


def do_cancel_vacation(user, vacation_id: int) -> bool:
    """Cancel a vacation that has not started; deadlines are derived again without it."""
    with transaction.atomic():
        deleted, _rows = Vacation.objects.filter(user=user, pk=vacation_id, starts_at__gt=timezone.now()).delete()
        if deleted:
            extend_for_vacation(user.pk)
    return bool(deleted)
