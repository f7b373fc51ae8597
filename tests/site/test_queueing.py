"""A broker that does not answer never holds a request: after one failure it is not even tried
for a while, and the sweeps do the jobs meanwhile."""

from __future__ import annotations

import os
import subprocess
import sys

from django.conf import settings

from wildcards_site import queueing
from wildcards_site.celery import app


class CountingBroker:
    def __init__(self, fails: bool):
        self.fails, self.calls = fails, 0

    def send_task(self, name, args, retry=True, **options):
        self.calls += 1
        assert retry is False, "a task is queued once, never retried while the request waits"
        if self.fails:
            raise ConnectionError("broker down")


def test_after_one_failure_the_broker_is_not_tried_again_until_it_has_rested(monkeypatch):
    clock = [1000.0]
    monkeypatch.setattr(queueing.time, "monotonic", lambda: clock[0])
    down = CountingBroker(fails=True)
    monkeypatch.setattr(app, "send_task", down.send_task)
    assert queueing.queue_task("games.tasks.close_overdue", (1,)) is False
    assert [queueing.queue_task("games.tasks.close_overdue", (1,)) for _ in range(50)] == [False] * 50
    assert down.calls == 1
    clock[0] += settings.BROKER_RETRY_AFTER_SECONDS + 1
    up = CountingBroker(fails=False)
    monkeypatch.setattr(app, "send_task", up.send_task)
    assert queueing.queue_task("games.tasks.close_overdue", (1,)) is True and up.calls == 1


def test_connections_to_the_broker_give_up_within_a_second():
    assert app.conf.broker_connection_timeout <= 1
    if settings.CELERY_BROKER_URL.startswith("redis"):
        options = app.conf.broker_transport_options
        assert options["socket_connect_timeout"] <= 1 and options["retry_on_timeout"] is False


def test_a_real_unreachable_broker_fails_once_and_then_rests():
    # A process of its own: the broker URL is read once, when Celery is set up.
    code = (
        "import django; django.setup()\n"
        "from wildcards_site import queueing\n"
        "from wildcards_site.celery import app\n"
        "calls = []\n"
        "real = app.send_task\n"
        "app.send_task = lambda *a, **k: (calls.append(1), real(*a, **k))\n"
        "name = 'wildcards_site.outbox.tasks.send_outbox_keys'\n"
        "print(queueing.queue_task(name, (['k'],)), queueing.broker_resting(), queueing.queue_task(name, (['k'],)))\n"
        "print(len(calls))\n"
    )
    env = {key: value for key, value in os.environ.items() if not key.startswith(("DJANGO", "PYTEST"))}
    env.update(DJANGO_SETTINGS_MODULE="wildcards_site.settings", DEBUG="1", CELERY_BROKER_URL="redis://127.0.0.1:1/0")
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=settings.BASE_DIR, env=env, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False", "True", "False", "1"]
