"""Long-lived async views served outside Django's request cycle (the event streams).

Django's ASGI handler runs its sync parts (middleware, the request signals) in a thread kept
for the whole request: a stream open for hours would hold a thread all that time. A view
marked `@lean` is called directly instead, with no middleware, so it must do itself what it
needs of them (the streams authenticate by token, set no cookie and change nothing).
"""

from __future__ import annotations

import asyncio
import contextlib
import io
from collections.abc import Callable

from django.core.handlers.asgi import ASGIHandler, ASGIRequest
from django.urls import Resolver404, resolve


def lean(view: Callable) -> Callable:
    view.lean = True
    return view


def lean_view(scope: dict):
    """The resolved lean view of an HTTP request, or None for any other request."""
    if scope["type"] != "http":
        return None
    try:
        match = resolve(scope["path"])
    except Resolver404:
        return None
    return match if getattr(match.func, "lean", False) else None


class LeanHandler(ASGIHandler):
    def __init__(self) -> None:  # noqa: D107 - no middleware to load
        pass

    async def serve(self, match, scope: dict, receive, send) -> None:
        await receive()  # the request itself: a stream's GET has no body
        request = ASGIRequest(scope, io.BytesIO())
        response = await match.func(request, *match.args, **match.kwargs)
        sending = asyncio.create_task(self.send_response(response, send))
        watching = asyncio.create_task(receive())  # the next message a GET gets is the disconnect
        try:
            await asyncio.wait({sending, watching}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            # A client gone ends its stream, which unsubscribes in its `finally`.
            for task in (sending, watching):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
            # Ends the response where the connection is still there (a server shutting down says
            # "disconnect" to every open stream); sent to a client gone, it is dropped.
            with contextlib.suppress(Exception):
                await send({"type": "http.response.body", "body": b"", "more_body": False})


def with_lean_views(django_app) -> Callable:
    lean_handler = LeanHandler()

    async def application(scope, receive, send):
        match = lean_view(scope)
        if match is None:
            return await django_app(scope, receive, send)
        return await lean_handler.serve(match, scope, receive, send)

    return application
