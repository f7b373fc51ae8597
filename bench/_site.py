"""Benchmarks of the site run against a fresh PostgreSQL database of their own."""

from __future__ import annotations

import os
import sys

ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres"


def fresh_database(name: str) -> str:
    """Drop and create database `name`; return its URL. Exits when PostgreSQL does not answer."""
    import psycopg

    try:
        with psycopg.connect(ADMIN_URL, autocommit=True, connect_timeout=3) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            conn.execute(f'CREATE DATABASE "{name}"')
    except psycopg.OperationalError as error:
        sys.exit(f"this benchmark needs PostgreSQL at 127.0.0.1:5432 ({error})")
    return f"postgres://postgres@127.0.0.1:5432/{name}"


def setup_django(database: str, broker_db: int = 12) -> None:
    """Point the settings at `database` (made fresh), migrate, and set Django up."""
    os.environ["DATABASE_URL"] = fresh_database(database)
    os.environ.setdefault("CELERY_BROKER_URL", f"redis://127.0.0.1:6379/{broker_db}")
    os.environ["DJANGO_SETTINGS_MODULE"] = "wildcards_site.settings"
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]
