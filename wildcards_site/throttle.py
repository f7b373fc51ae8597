"""Limits on what sends mail or guesses passwords, counted in the cache (django-ratelimit).

With CACHE_URL every web process shares the counts (`check --deploy` insists on it);
failed logins are counted by django-axes in the database. A limit reached answers
429 with a page that says when to try again, and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django_ratelimit.core import is_ratelimited

Key = str | Callable[[str, HttpRequest], str]


def allowed(request: HttpRequest, group: str, key: Key, rate: str) -> bool:
    """Count one attempt of `group` for `key`; False when `rate` is used up."""
    return not is_ratelimited(request, group=group, key=key, rate=rate, increment=True)


def by_field(name: str) -> Callable[[str, HttpRequest], str]:
    """A key from a posted field, case and spaces ignored (an address asked for many times)."""
    return lambda _group, request: request.POST.get(name, "").strip().lower()


def by_mailbox(name: str) -> Callable[[str, HttpRequest], str]:
    """A key from a posted address: its mailbox, however written ("+tag", quotes, Gmail's dots)."""

    def key(_group: str, request: HttpRequest) -> str:
        from games.services.unasked import mailbox

        return mailbox(request.POST.get(name, ""))

    return key


def too_many(request: HttpRequest) -> HttpResponse:
    return render(request, "throttled.html", {"minutes": 60}, status=429)


def rate(name: str) -> str:
    return settings.THROTTLE_RATES[name]
