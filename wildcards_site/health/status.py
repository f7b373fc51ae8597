"""What the health check reports: database, broker and the worker's last heartbeat."""

from __future__ import annotations

from django.conf import settings
from django.db import connection
from django.utils import timezone

from wildcards_site.health.models import Heartbeat

WORKER = "worker"


def record_heartbeat(hostname: str) -> None:
    Heartbeat.objects.update_or_create(name=WORKER, defaults={"last_seen": timezone.now(), "hostname": hostname})


def database_status() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        return "ok"
    except Exception as error:  # noqa: BLE001 - any failure is the answer
        return f"error: {error.__class__.__name__}"


def broker_status() -> str:
    from wildcards_site.celery import app

    try:
        # A fresh connection each time: a pooled one may hide an outage.
        with app.connection_for_write(settings.CELERY_BROKER_URL) as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
        return "ok"
    except Exception as error:  # noqa: BLE001
        return f"error: {error.__class__.__name__}"


def broker_kind() -> str:
    return settings.CELERY_BROKER_URL.split("://", 1)[0]


def report() -> dict:
    beat = Heartbeat.objects.filter(name=WORKER).first() if database_status() == "ok" else None
    status = {
        "database": database_status(),
        "database_vendor": connection.vendor,
        "broker": broker_status(),
        "broker_kind": broker_kind(),
        "worker_last_seen": beat.last_seen.isoformat() if beat else None,
    }
    status["ok"] = status["database"] == "ok" and status["broker"] == "ok"
    return status
