"""Handing a task to the broker after a commit, without ever holding the request for it.

The outbox sweep and the deadline sweep do every job a task would do, so a task is
only a way to do it sooner. When the broker does not answer, redis-py's retries
would hold the request for seconds: instead the first failure opens a breaker for
`BROKER_RETRY_AFTER_SECONDS`, during which nothing is sent to the broker at all, and
every connection attempt is bounded by short timeouts (settings).
"""

from __future__ import annotations

import logging
import threading
import time

from django.conf import settings

log = logging.getLogger(__name__)

_lock = threading.Lock()
_broken_until = 0.0


def broker_resting() -> bool:
    """Whether the broker failed recently, so that tasks are not even tried."""
    return time.monotonic() < _broken_until


def queue_task(name: str, args: tuple, **options) -> bool:
    """Send the task called `name` now if the broker answers; False (the sweeps will do it) otherwise.

    Tasks are named, not imported: the services that queue them never import the task
    modules, which import the services (no import circle).
    """
    global _broken_until
    if broker_resting():
        return False
    from wildcards_site.celery import app

    try:
        app.send_task(name, args, retry=False, **options)
    except Exception as error:  # noqa: BLE001 - a broker outage must not fail the action
        with _lock:
            _broken_until = time.monotonic() + settings.BROKER_RETRY_AFTER_SECONDS
        log.warning(
            "broker: could not queue %s (%s); the sweeps do it, next try in %ss",
            name,
            error,
            settings.BROKER_RETRY_AFTER_SECONDS,
        )
        return False
    return True


def reset() -> None:
    """Forget a past failure (tests, and a worker that saw the broker come back)."""
    global _broken_until
    _broken_until = 0.0
