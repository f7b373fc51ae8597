"""Is a service answering? Used to pick the database and broker at start-up."""

from __future__ import annotations

import logging
import socket
from urllib.parse import urlsplit

log = logging.getLogger(__name__)

LOCAL_REDIS_URL = "redis://127.0.0.1:6379/0"


def answers(url: str, timeout: float = 0.3) -> bool:
    """True when something accepts TCP connections at the URL's host and port."""
    parts = urlsplit(url)
    default_ports = {"redis": 6379, "postgres": 5432, "postgresql": 5432, "amqp": 5672}
    port = parts.port or default_ports.get(parts.scheme)
    if not parts.hostname or not port:
        return False
    try:
        with socket.create_connection((parts.hostname, port), timeout=timeout):
            return True
    except OSError:
        return False


def redis_answers(url: str = LOCAL_REDIS_URL, timeout: float = 0.3) -> bool:
    """True when a Redis server answers PING at `url`."""
    if not answers(url, timeout):
        return False
    import redis

    try:
        return bool(redis.Redis.from_url(url, socket_timeout=timeout, socket_connect_timeout=timeout).ping())
    except redis.RedisError:
        return False
