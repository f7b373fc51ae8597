"""Fixtures shared by the whole suite, and the report of which services it uses."""

from __future__ import annotations

import os
import re
import time
from types import SimpleNamespace

import pytest
from django.conf import settings

PASSWORD = "correct-horse-battery"


def pytest_report_header(config):
    database = settings.DATABASES["default"]
    broker = settings.CELERY_BROKER_URL
    return [
        f"wildcards: database {database['ENGINE'].rsplit('.', 1)[-1]} {database.get('HOST') or ''} "
        f"{database.get('NAME')}",
        f"wildcards: broker {broker.split('://', 1)[0]} ({settings.BROKER_CHOICE}) {broker}",
    ]


def pytest_sessionstart(session):
    if os.getenv("WILDCARDS_REQUIRE_SERVICES") == "1":
        vendor = settings.DATABASES["default"]["ENGINE"]
        broker = settings.CELERY_BROKER_URL
        if "postgresql" not in vendor or not broker.startswith("redis://"):
            pytest.exit(f"CI requires PostgreSQL and Redis, got {vendor} and {broker}", returncode=3)


_REAL_PARTS: dict[str, str] = {}


def pytest_runtest_logreport(report):
    # Remember how the tests that use real outside parts ended, to list them at the end.
    keywords = report.keywords
    if ("worker" in keywords or "browser" in keywords) and (report.when == "call" or report.outcome != "passed"):
        _REAL_PARTS[report.nodeid] = report.outcome


def pytest_terminal_summary(terminalreporter):
    for nodeid, outcome in sorted(_REAL_PARTS.items()):
        terminalreporter.write_line(f"wildcards: {outcome.upper():7} {nodeid}")
    database = settings.DATABASES["default"]
    terminalreporter.write_line(
        f"wildcards: tests ran against database {database['ENGINE'].rsplit('.', 1)[-1]} "
        f"and broker {settings.CELERY_BROKER_URL.split('://', 1)[0]}"
    )


@pytest.fixture(autouse=True, scope="session")
def _own_events_prefix():
    """The events this run writes to Redis (games/events) under a name of its own, removed at the end."""
    import uuid

    settings.EVENTS_PREFIX = f"test-{uuid.uuid4().hex[:12]}"
    yield
    if settings.EVENTS_REDIS_URL:
        from games.events import store

        try:
            client = store.client()
            for name in client.scan_iter(f"{settings.EVENTS_PREFIX}:*", count=1000):
                client.delete(name)
        except Exception:  # noqa: BLE001 - a Redis gone by the end leaves only keys that expire
            pass


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with an empty cache: ids and seeds repeat from test to test."""
    from django.core.cache import cache

    from wildcards_site import queueing
    from wildcards_site.outbox import sending

    cache.clear()
    # Mail keys wait for a commit to be handed to the worker; a test rolled back never commits.
    sending._pending.keys = []
    # A broker that a test stopped must not keep the next test's tasks from being queued.
    queueing.reset()


@pytest.fixture(autouse=True)
def _site_language():
    """Each test starts in the site's language: a request's middleware leaves the language it
    chose active in the thread, and a test after it that reads words directly would get them in
    that language (a Spanish refusal once made a Wizard test that expects English fail)."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


def make_user(username: str, *, staff: bool = False, active: bool = True, **profile):
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user(
        username, f"{username}@example.org", PASSWORD, is_staff=staff, is_active=active
    )
    if profile:
        for field, value in profile.items():
            setattr(user.profile, field, value)
        user.profile.save()  # not a queryset update: save keeps the name keys (accounts/names.py)
    return user


def rendered(row):
    """An outbox row as the worker sends it: a recipe row is rendered first (its content comes from the recipe)."""
    from wildcards_site.outbox.sending import render_claimed

    if row.recipe is not None and not row.text:
        assert render_claimed(row), f"{row.key} was dropped instead of rendered"
    return row


@pytest.fixture
def alice(db):
    return make_user("alice", display_name="Alice")


@pytest.fixture
def bob(db):
    return make_user("bob", language="it", time_zone="Europe/Rome")


@pytest.fixture
def charlie(db):
    return make_user("charlie", staff=True)


@pytest.fixture
def live_worker(transactional_db):
    """A real Celery worker thread on the configured broker (Redis in CI); never eager mode.

    Messages left on the broker by earlier runs are purged first, so the
    worker runs only what this test sends.
    """
    from celery.contrib.testing.worker import start_worker

    from wildcards_site.celery import app

    assert not app.conf.task_always_eager
    app.control.purge()
    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10) as worker:
        yield worker


def register_engine(monkeypatch, engine) -> None:
    """Register a test engine beside the real ones for the duration of a test."""
    import games.engines as engines

    monkeypatch.setitem(engines._cache, engine.name, engine)
    monkeypatch.setattr(engines, "ENGINE_NAMES", (*engines.ENGINE_NAMES, engine.name))


@pytest.fixture
def still_ratelimit_clock(monkeypatch):
    """django-ratelimit counts in fixed windows of the clock: a test that crossed a window's end
    (a slow machine) would start a fresh allowance halfway. Its clock stands still instead."""
    import django_ratelimit.core  # noqa: PLC0415

    now = time.time()
    monkeypatch.setattr(django_ratelimit.core, "time", SimpleNamespace(time=lambda: now))


def without_csrf_token(html: str) -> str:
    """A page with its CSRF token taken out: the token is masked anew on every response, so two
    pages that must read alike (a missing and a forbidden object) differ there alone."""
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", html)
