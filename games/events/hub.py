"""One Redis subscription per server process, shared by all the streams it serves.

A stream asks the hub for a queue on its topic; the hub subscribes to the topic's channel
while somebody listens and hands each announcement to every queue on it. A thousand open
streams cost one Redis connection, not a thousand.
"""

from __future__ import annotations

import asyncio
import logging
import weakref

import redis.asyncio as aioredis
from django.conf import settings

from games.events import store

log = logging.getLogger(__name__)

OVERFLOW = object()  # put on a queue its reader has let fill: the stream ends and its client resumes
QUEUE_SIZE = 500


class Hub:
    def __init__(self) -> None:
        self.redis = aioredis.Redis.from_url(settings.EVENTS_REDIS_URL)
        self.pubsub = self.redis.pubsub()
        self.queues: dict[str, set[asyncio.Queue]] = {}
        self.confirmed: dict[str, asyncio.Future] = {}
        self.reader: asyncio.Task | None = None
        self.lock = asyncio.Lock()

    async def subscribe(self, topic: str) -> asyncio.Queue:
        """A queue of (id, body) announcements on `topic`, from the moment Redis confirmed it."""
        channel = store.key(topic)
        queue: asyncio.Queue = asyncio.Queue(maxsize=QUEUE_SIZE)
        async with self.lock:
            listeners = self.queues.setdefault(channel, set())
            listeners.add(queue)
            if len(listeners) == 1:
                self.confirmed[channel] = asyncio.get_running_loop().create_future()
                await self.pubsub.subscribe(channel)
                if self.reader is None or self.reader.done():
                    self.reader = asyncio.create_task(self._read())
            waiting = self.confirmed[channel]
        # Only once Redis has confirmed is every later event sure to reach the queue; the
        # stream reads what came before from the stored events after this.
        await asyncio.wait_for(asyncio.shield(waiting), timeout=5)
        return queue

    async def unsubscribe(self, topic: str, queue: asyncio.Queue) -> None:
        channel = store.key(topic)
        async with self.lock:
            listeners = self.queues.get(channel, set())
            listeners.discard(queue)
            if not listeners:
                self.queues.pop(channel, None)
                self.confirmed.pop(channel, None)
                await self.pubsub.unsubscribe(channel)

    def listening(self) -> int:
        return sum(len(queues) for queues in self.queues.values())

    async def _read(self) -> None:
        while True:
            try:
                message = await self.pubsub.get_message(timeout=1.0)
            except (aioredis.RedisError, OSError):
                log.warning("events hub: subscription lost; the open streams end", exc_info=True)
                self._end_all()
                return
            if message is None:
                if not self.queues:
                    return
                continue
            channel = message["channel"].decode()
            if message["type"] == "subscribe":
                future = self.confirmed.get(channel)
                if future is not None and not future.done():
                    future.set_result(True)
            elif message["type"] == "message":
                event_id, _space, body = message["data"].decode().partition(" ")
                for queue in list(self.queues.get(channel, ())):
                    _offer(queue, (event_id, body))

    def _end_all(self) -> None:
        for queues in self.queues.values():
            for queue in queues:
                _offer(queue, OVERFLOW)


def _offer(queue: asyncio.Queue, item) -> None:
    try:
        queue.put_nowait(item)
    except asyncio.QueueFull:
        # A client too slow to read: end its stream (it resumes from its last event id).
        while not queue.empty():
            queue.get_nowait()
        queue.put_nowait(OVERFLOW)


_hubs: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def hub() -> Hub:
    """The hub of the running event loop (one per server process)."""
    loop = asyncio.get_running_loop()
    found = _hubs.get(loop)
    if found is None:
        found = _hubs[loop] = Hub()
    return found
