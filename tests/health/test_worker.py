"""A real Celery worker, on the configured broker (Redis in CI), runs a real task."""

import time

import pytest

from wildcards_site.health.models import Heartbeat
from wildcards_site.health.tasks import heartbeat


@pytest.mark.worker
def test_a_real_worker_runs_the_heartbeat_task_from_the_broker(live_worker):
    heartbeat.delay()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not Heartbeat.objects.exists():
        time.sleep(0.1)
    beat = Heartbeat.objects.get()
    assert beat.hostname, "the worker records which host ran it"
