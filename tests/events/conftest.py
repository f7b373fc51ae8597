"""The events' tests run the site under a real ASGI server (uvicorn, as in production) in a thread."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
from urllib.parse import urlsplit

import pytest
from django.conf import settings

pytestmark = pytest.mark.skipif(not settings.EVENTS_REDIS_URL, reason="event streams need Redis")


@pytest.fixture
def asgi_server(transactional_db):
    """The site served by uvicorn on a free port; its base address."""
    import uvicorn
    from django.db import connections

    from wildcards_site.asgi import application

    # As wildcards_site.asgi sets for the real server (its settings are loaded already here).
    kept = connections.settings["default"]["CONN_MAX_AGE"]
    connections.settings["default"]["CONN_MAX_AGE"] = 0
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(application, log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)
    connections.settings["default"]["CONN_MAX_AGE"] = kept


class Stream:
    """An open event stream, read a line (an event) at a time."""

    def __init__(self, base: str, path: str, token: str, last_id: str | None = None, accept: str | None = None):
        parts = urlsplit(base)
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
        headers = {"Authorization": f"Bearer {token}"}
        if last_id:
            headers["Last-Event-ID"] = last_id
        if accept:
            headers["Accept"] = accept
        self.connection.request("GET", f"/api/v1{path}", headers=headers)
        self.response = self.connection.getresponse()

    def next(self, timeout: float = 10) -> dict:
        """The next event (keepalive lines skipped)."""
        self.connection.sock.settimeout(timeout)
        while True:
            raw = self.response.readline()
            assert raw, "the stream ended"
            if raw.strip():
                return json.loads(raw)

    def until(self, test, timeout: float = 10) -> dict:
        """Read on until an event passes `test`; the events skipped are kept in `skipped`."""
        self.skipped = []
        end = time.monotonic() + timeout
        while True:
            event = self.next(max(0.1, end - time.monotonic()))
            if test(event):
                return event
            self.skipped.append(event)

    def nothing_within(self, seconds: float) -> bool:
        self.connection.sock.settimeout(seconds)
        try:
            while True:
                raw = self.response.readline()
                if raw.strip():
                    return False
        except TimeoutError:
            return True

    def close(self) -> None:
        self.connection.close()
