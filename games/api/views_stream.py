"""The event streams: an account's news, and a table as the token's seat sees it.

Async views: under the ASGI server (`wildcards_site.asgi`, see docs/operators.md) an open
stream costs a coroutine, not a worker. Under the WSGI server they answer 503 and name
where streams are served, since WSGI would hold a worker for as long as a stream is open.
"""

from __future__ import annotations

from collections.abc import Callable

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import connections
from django.http import HttpRequest, JsonResponse, StreamingHttpResponse
from django.utils import translation
from django.utils.translation import gettext as _

from games.api import views
from games.api.auth import authenticate
from games.api.errors import ApiError
from games.engines import get_engine
from games.events import publish, store, streaming, topics
from games.models import Game, Seat
from games.services.errors import ActionRejected
from wildcards_site.lean_asgi import lean


@lean
async def account_events(request: HttpRequest) -> JsonResponse | StreamingHttpResponse:
    """GET /stream/events: your turns, games started and over, invitations, offers, rounds."""
    try:
        token = await _open(request)
    except ApiError as error:
        return error.response()
    user_id = token.user_id
    return _respond(request, topics.account(user_id), lambda: _database(_turns_now)(user_id))


@lean
async def game_events(request: HttpRequest, game_id: int) -> JsonResponse | StreamingHttpResponse:
    """GET /games/<id>/stream: each change at the table as the token's seat may see it."""
    try:
        token = await _open(request)
        topic, position = await _database(_game_topic)(token, game_id)
    except ActionRejected as rejected:
        return ApiError.from_rejection(rejected).response()
    except ApiError as error:
        return error.response()
    return _respond(request, topic, lambda: _database(_table_now)(game_id, position))


async def _open(request: HttpRequest):
    if request.method != "GET":
        raise ApiError("method_not_allowed", _("Use %(methods)s here.") % {"methods": "GET"}, 405, {"Allow": "GET"})
    token = await _database(authenticate)(request)
    if not isinstance(request, ASGIRequest):
        where = f"{settings.STREAM_URL}{request.path}"
        raise ApiError("stream_elsewhere", _("Event streams are served at %(url)s.") % {"url": where}, 503)
    if not store.enabled():
        raise ApiError("no_streams", _("This site has no event streams: it runs without Redis."), 503)
    last_id = request.headers.get("Last-Event-ID") or request.GET.get("since")
    if last_id is not None and store.parse_id(last_id) is None:
        raise ApiError("malformed", _("The last event id must be an id this stream sent, like 1700000000000-0."))
    request.last_event_id = last_id
    return token


def _database(function: Callable) -> Callable:
    """Run `function` in the shared thread pool and give its database connection back at once:
    an open stream holds neither a thread nor a connection while it waits."""

    def closing(*args, **kwargs):
        try:
            return function(*args, **kwargs)
        finally:
            connections.close_all()

    return sync_to_async(closing, thread_sensitive=False)


def _respond(request: HttpRequest, topic: str, snapshot) -> StreamingHttpResponse:
    accept = request.headers.get("Accept", "")
    kind = streaming.SSE if streaming.SSE in accept else streaming.NDJSON
    language = translation.get_language()

    async def snapshot_now() -> list[dict]:
        with translation.override(language):
            return await snapshot()

    response = StreamingHttpResponse(streaming.stream(topic, request.last_event_id, snapshot_now, kind))
    response["Content-Type"] = kind
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response


def _game_topic(token, game_id: int) -> tuple[str, int | None]:
    game = views.visible_game(token, game_id)
    position = views.my_position(game, token)
    return (topics.watch(game.pk) if position is None else topics.seat(game.pk, position)), position


def _table_now(game_id: int, position: int | None) -> list[dict]:
    game = Game.objects.get(pk=game_id)
    seats = list(game.seats.select_related("user__profile").order_by("position", "pk"))
    news = {"moves": [], "talk": [], "table": [], "waits": publish.open_waits(game)}
    return [publish.game_event(game, seats, position, news)]


def _turns_now(user_id: int) -> list[dict]:
    """Every turn the account owes now, so that a bot that (re)connects acts on all of them."""
    turns = []
    seats = Seat.objects.filter(user_id=user_id, game__status=Game.Status.RUNNING, kind=Seat.Kind.HUMAN)
    for seat in seats.select_related("game").order_by("game_id")[:200]:
        game = seat.game
        position = publish.owed_turn(game, seat, get_engine(game.engine).to_act(game.state))
        if position is not None:
            turns.append(publish.your_turn(game, position, publish.open_waits(game)))
    return turns
