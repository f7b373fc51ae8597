"""Fixtures shared by the whole suite, and the report of which services it uses."""

from __future__ import annotations

import os

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


def pytest_terminal_summary(terminalreporter):
    database = settings.DATABASES["default"]
    terminalreporter.write_line(
        f"wildcards: tests ran against database {database['ENGINE'].rsplit('.', 1)[-1]} "
        f"and broker {settings.CELERY_BROKER_URL.split('://', 1)[0]}"
    )


def make_user(username: str, *, staff: bool = False, active: bool = True, **profile):
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user(
        username, f"{username}@example.org", PASSWORD, is_staff=staff, is_active=active
    )
    if profile:
        type(user.profile).objects.filter(user=user).update(**profile)
        user.profile.refresh_from_db()
    return user


@pytest.fixture
def alice(db):
    return make_user("alice", display_name="Alice")


@pytest.fixture
def bob(db):
    return make_user("bob", language="it", time_zone="Europe/Rome")


@pytest.fixture
def charlie(db):
    return make_user("charlie", staff=True)
