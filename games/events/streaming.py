"""A client's stream of one topic: what it missed since its last event id, then each new event.

Written as lines of JSON (NDJSON) or as server-sent events. A client that reconnects with
the id of the last event it read gets every later event once; when those are no longer
kept (or Redis lost them) it is sent the state as it is now, marked `"resync": true`.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable, Callable

from django.conf import settings

from games.events import hub, store

NDJSON = "application/x-ndjson"
SSE = "text/event-stream"


def line(event: dict, kind: str) -> bytes:
    body = json.dumps(event, separators=(",", ":"), default=str)
    if kind == SSE:
        head = f"id: {event['id']}\n" if event.get("id") else ""
        return f"{head}event: {event.get('type', 'message')}\ndata: {body}\n\n".encode()
    return (body + "\n").encode()


def keepalive(kind: str) -> bytes:
    # Proxies and clients close a connection silent for long; an empty line is no event in NDJSON.
    return b": keepalive\n\n" if kind == SSE else b"\n"


async def stream(
    topic: str, last_id: str | None, snapshot: Callable[[], Awaitable[list[dict]]], kind: str
) -> AsyncIterator[bytes]:
    """The topic's events after `last_id` (none: the state now, then what follows)."""
    events_hub = hub.hub()
    queue = await events_hub.subscribe(topic)
    try:
        backlog, latest, complete = await _after(topic, last_id)
        if last_id is None or not complete:
            for event in await snapshot():
                event["id"] = latest
                if last_id is not None:
                    event["resync"] = True
                yield line(event, kind)
        sent = store.parse_id(latest) if latest else None
        for event in backlog:
            yield line(event, kind)
            sent = store.parse_id(event["id"])
        while True:
            try:
                item = await asyncio.wait_for(queue.get(), timeout=settings.EVENTS_KEEPALIVE_SECONDS)
            except TimeoutError:
                yield keepalive(kind)
                continue
            if item is hub.OVERFLOW:
                return
            event_id, body = item
            position = store.parse_id(event_id)
            if sent is not None and position is not None and position <= sent:
                continue  # read already from the stored events
            yield line(store.decode(event_id, body), kind)
            sent = position
    finally:
        await asyncio.shield(events_hub.unsubscribe(topic, queue))


async def _after(topic: str, last_id: str | None) -> tuple[list[dict], str | None, bool]:
    """(events after last_id, the newest id stored, whether nothing after last_id was lost)."""
    client = hub.hub().redis
    name = store.key(topic)
    newest = await client.xrevrange(name, count=1)
    latest = newest[0][0].decode() if newest else None
    if last_id is None:
        return [], latest, True
    if latest is None:
        return [], None, False  # nothing kept: expired, or Redis lost it
    info = await client.xinfo_stream(name)
    first = info["first-entry"][0].decode() if info.get("first-entry") else latest
    # Still kept, or nothing ever trimmed: what follows it is whole. Else it may have been trimmed.
    if store.parse_id(last_id) < store.parse_id(first) and info["entries-added"] > info["length"]:
        return [], latest, False
    entries = await client.xrange(name, min=f"({last_id}", max="+", count=settings.EVENTS_KEPT)
    return [store.decode(entry_id, fields[b"d"]) for entry_id, fields in entries], latest, True
