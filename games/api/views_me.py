"""The token owner's own settings that bear on play: which mail they get, and their vacations.

Read only: they are changed on the preferences page (games/bymail/views.py).
"""

from __future__ import annotations

from django.http import HttpRequest
from django.utils import timezone

from games.api.auth import endpoint
from games.bymail import preferences, vacations
from games.models import Vacation
from wildcards_site.accounts.models import profile_for


@endpoint("GET")
def mail_preferences(request: HttpRequest, token) -> dict:
    chosen = preferences.current(token.user)
    return {
        "events": [
            {"event": event, "label": str(label), "on": chosen[event]} for event, label in preferences.EVENTS.items()
        ],
        "digest": profile_for(token.user).email_digest,
    }


@endpoint("GET")
def my_vacations(request: HttpRequest, token) -> dict:
    """Vacations not over yet (as the preferences page lists them) and this year's days."""
    user = token.user
    year = vacations.local_today(user).year
    booked = Vacation.objects.filter(user=user, ends_at__gt=timezone.now())
    return {
        "year": year,
        "allowance": vacations.allowance(),
        "used": vacations.days_used(user, year),
        "vacations": [
            {"id": vacation.pk, "starts_at": vacation.starts_at, "ends_at": vacation.ends_at} for vacation in booked
        ],
    }
