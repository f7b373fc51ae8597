"""The events' storage in Redis: one capped stream per topic, and a publish on its channel.

A topic is an account (`account:<user id>`), a seat of a game (`game:<id>:<seat>`) or a
game's spectators (`game:<id>:watch`). Appending and announcing happen in one script,
so the order of the stream and of the announcements is the same for every listener.
"""

from __future__ import annotations

import json
import logging
import time
from functools import cache

import redis
from django.conf import settings

log = logging.getLogger(__name__)

# XADD then PUBLISH of "<id> <json>", atomically; the key expires a while after its last event.
_APPEND = """
local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[2], '*', 'd', ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[3])
redis.call('PUBLISH', KEYS[1], id .. ' ' .. ARGV[1])
return id
"""


# After Redis fails, events are skipped for a while: a move must not wait on a dead Redis each time.
RESTING_SECONDS = 10.0
_resting_until = 0.0


def enabled() -> bool:
    return bool(settings.EVENTS_REDIS_URL) and time.monotonic() >= _resting_until


def failed() -> None:
    """Redis did not answer: rest a while before trying again."""
    global _resting_until
    _resting_until = time.monotonic() + RESTING_SECONDS


def kept_seconds() -> int:
    return settings.EVENTS_KEPT_SECONDS


def key(topic: str) -> str:
    """The Redis key and channel of a topic (the prefix keeps test runs and sites apart)."""
    return f"{settings.EVENTS_PREFIX}:ev:{topic}"


@cache
def client() -> redis.Redis:
    # Short timeouts: a move must not wait on Redis for long; its events are lost instead.
    return redis.Redis.from_url(settings.EVENTS_REDIS_URL, socket_connect_timeout=1, socket_timeout=2)


@cache
def _append_script():
    return client().register_script(_APPEND)


def append(topic: str, event: dict) -> str | None:
    """Store one event on a topic and announce it; its id, or None when Redis could not take it."""
    if not enabled():
        return None
    body = json.dumps(event, separators=(",", ":"), default=str)
    try:
        raw = _append_script()(keys=[key(topic)], args=[body, settings.EVENTS_KEPT, settings.EVENTS_KEPT_SECONDS])
    except redis.RedisError:
        # The move is stored; only its notice is lost, and a client reconnecting is told to reload.
        log.warning("events: could not append to %s", topic, exc_info=True)
        failed()
        return None
    return raw.decode() if isinstance(raw, bytes) else raw


def parse_id(event_id: str) -> tuple[int, int] | None:
    """A stream id as a pair of numbers, for ordering; None for anything else."""
    millis, dash, sequence = event_id.partition("-")
    if not dash or not millis.isdigit() or not sequence.isdigit() or len(event_id) > 40:
        return None
    return int(millis), int(sequence)


def decode(event_id: bytes | str, body: bytes | str) -> dict:
    event = json.loads(body)
    event["id"] = event_id.decode() if isinstance(event_id, bytes) else event_id
    return event
