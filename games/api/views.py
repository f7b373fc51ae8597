"""API endpoints. Each parses the request, calls a service or a query, and answers JSON.

Every game answer is built from `engine.view(state, seat)` for the token
owner's seat (None for a spectator of an open game), never from raw state.
"""

from __future__ import annotations

import logging

from django.core.paginator import Paginator
from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext as _

from games import presenters
from games.api.auth import endpoint, rate_limit
from games.api.errors import ApiError, malformed, not_found
from games.api.openapi import document as openapi_document
from games.api.openapi_schemas import MY_GAME_STATUSES
from games.engines import get_engine
from games.history import finding as history
from games.history.archive import export_game
from games.history.replay_steps import Replay, action_visible, is_revealed, views_at
from games.models import Action, Game, Seat
from games.play.jsonbody import loads_move
from games.services import do_action

log = logging.getLogger(__name__)


@endpoint("GET", auth=False)
def openapi(request: HttpRequest, token) -> dict:
    return openapi_document(request.build_absolute_uri("/api/v1"))


@endpoint("GET")
def me(request: HttpRequest, token) -> dict:
    user = token.user
    limit, window = rate_limit(user)
    return {
        "username": user.username,
        "name": user.profile.name,
        "bot_account": user.profile.bot_account,
        "token": {"name": token.name, "prefix": token.prefix},
        # So that a bot can pace itself below the limit instead of learning it from a 429.
        "rate_limit": {"requests": limit, "window_seconds": int(window.total_seconds())},
    }


def my_games(request: HttpRequest, token) -> dict:
    """GET /games (views_lobby.games answers POST, a new game)."""
    status = request.GET.get("status", "")
    if status and status not in MY_GAME_STATUSES:
        raise ApiError("bad_filter", _("status must be one of: %(values)s") % {"values": ", ".join(MY_GAME_STATUSES)})
    games = history.with_players(Game.objects.filter(seats__user=token.user).order_by("-id"))
    if status:
        games = games.filter(status=status)
    answer = []
    for game in games[:200]:
        position = next(seat.position for seat in game.seats.all() if seat.user_id == token.user.pk)
        running = game.status == Game.Status.RUNNING and game.state is not None
        to_act = get_engine(game.engine).to_act(game.state) if running else []
        answer.append({**summary(game), "seat": position, "my_turn": position in to_act})
    return {"games": answer}


@endpoint("GET")
def game_detail(request: HttpRequest, token, game_id: int) -> dict:
    return detail(visible_game(token, game_id), token)


def detail(game: Game, token) -> dict:
    """A game as the token's seat sees it (GET games/<id>, and the answer of joining, resigning…)."""
    position = my_position(game, token)
    answer = {**summary(game), "seat": position, "view": presenters.table_view(game, position)}
    answer["to_act"] = get_engine(game.engine).to_act(game.state) if game.status == Game.Status.RUNNING else []
    answer["result"] = result(game)
    return answer


@endpoint("GET")
def legal_actions(request: HttpRequest, token, game_id: int) -> dict:
    game = visible_game(token, game_id)
    position = my_position(game, token)
    return {"game": game.pk, "version": game.version, "status": game.status, "seat": position, **turn(game, position)}


@endpoint("POST")
def submit_action(request: HttpRequest, token, game_id: int) -> dict:
    game = visible_game(token, game_id)
    try:
        body = loads_move(request.body or b"")
    except ValueError:
        raise malformed(_('The body must be JSON: {"version": <int>, "action": {...}}.')) from None
    if not isinstance(body, dict) or set(body) - {"version", "action"}:
        raise malformed(_("The body must be an object with “version” and “action” only."))
    version, action = body.get("version"), body.get("action")
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        raise malformed(_("“version” must be the game version you answer, a whole number."))
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise malformed(_("“action” must be an object with a “type”, as listed by legal-actions."))
    position = my_position(game, token)
    if position is None:
        # Seats are numbered at the start: a player seated in a game still filling has none yet.
        if game.status == Game.Status.OPEN and game.seats.filter(user=token.user).exists():
            raise ApiError("not_running", _("This game has not started yet: it starts once every seat is taken."), 409)
        raise ApiError("not_your_seat", _("You have no seat in this game."), 403)
    outcome = do_action(game.pk, position, action, Action.Channel.API, user=token.user, expected_version=version)
    game = outcome.game
    return {
        **summary(game),
        "seat": position,
        "applied": len(outcome.actions),
        "view": presenters.table_view(game, position),
        "result": result(game),
        # Who is to act now and what this seat may do: a bot's next move needs no other request.
        **turn(game, position),
    }


@endpoint("GET")
def history_list(request: HttpRequest, token) -> dict:
    form = history.HistoryFilterForm(request.GET)
    if not form.is_valid():
        # A refusal of the whole form (dates in the wrong order) is not a field's: no "__all__:" before it.
        errors = "; ".join(
            " ".join(messages) if field == "__all__" else f"{field}: {' '.join(messages)}"
            for field, messages in form.errors.items()
        )
        raise ApiError("bad_filter", errors)
    games = history.finished_games(token.user, **form.cleaned_data)
    try:
        page_number = int(request.GET.get("page", "1"))
    except ValueError:
        raise ApiError("bad_filter", _("page must be a whole number.")) from None
    paginator = Paginator(games, history.PAGE_SIZE)
    if not 1 <= page_number <= max(paginator.num_pages, 1):
        raise ApiError("bad_filter", _("There is no such page."))
    page = paginator.page(page_number)
    return {
        "count": paginator.count,
        "page": page_number,
        "pages": paginator.num_pages,
        "games": [{**summary(game), "result": result(game)} for game in page],
    }


@endpoint("GET")
def replay(request: HttpRequest, token, game_id: int) -> dict:
    game = visible_game(token, game_id)
    if game.state is None:
        raise ApiError("not_started", _("This game has not started, so there is nothing to replay."), 409)
    steps = Replay.of(game)
    revealed = is_revealed(game)
    raw = request.GET.get("step", str(steps.last_step if revealed else 0))
    try:
        step = int(raw)
    except ValueError:
        raise ApiError("bad_step", _("step must be a whole number.")) from None
    if not 0 <= step <= steps.last_step:
        raise ApiError("bad_step", _("step must be between 0 and %(last)s.") % {"last": steps.last_step})
    position = my_position(game, token)
    state = steps.state_at(step)
    return {
        "game": game.pk,
        "step": step,
        "last_step": steps.last_step,
        "revealed": revealed,
        "to_act": steps.engine.to_act(state),
        "views": [{"seat": seat, "view": view} for seat, view in views_at(steps, state, position, revealed)],
        "log": [
            {
                "step": action.seq + 1,
                "seat": action.seat,
                "channel": action.channel,
                "at": action.created_at,
                "action": action.payload if action_visible(action, position, revealed) else None,
            }
            for action in steps.actions
        ],
    }


@endpoint("GET")
def export(request: HttpRequest, token, game_id: int) -> JsonResponse:
    game = visible_game(token, game_id)
    if game.status != Game.Status.FINISHED:
        raise ApiError("not_finished", _("Only finished games can be exported."), 409)
    return JsonResponse(export_game(game))


def visible_game(token, game_id: int) -> Game:
    """The same rule as the pages: open games for all, private ones for their players and staff."""
    user = token.user
    game = Game.objects.filter(pk=game_id).first() if game_id < 2**63 else None
    if game is None:
        raise not_found()
    if game.visibility == Game.Visibility.PRIVATE and not user.is_staff and not takes_part(game, user):
        raise not_found()
    return game


def takes_part(game: Game, user) -> bool:
    """As on the pages (games/play/views.py): seated, offered a seat they may still accept, or
    invited to the game while it waits for players (so they can read it and join)."""
    invited = game.status == Game.Status.OPEN and game.invitations.open().filter(user=user).exists()
    return game.seats.filter(user=user).exists() or game.seat_offers.standing().filter(user=user).exists() or invited


def my_position(game: Game, token) -> int | None:
    """The seat the token's user plays, whose hidden cards they see (none once a bot took it over)."""
    return presenters.private_position(game, game.seats.filter(user=token.user).first())


def turn(game: Game, position: int | None) -> dict:
    """Who is to act, whether it is this seat, and the moves it may make now (none while it waits)."""
    running = game.status == Game.Status.RUNNING and game.state is not None
    engine = get_engine(game.engine)
    to_act = engine.to_act(game.state) if running else []
    actions = engine.legal_actions(game.state, position) if running and position is not None else []
    return {"to_act": to_act, "my_turn": position is not None and position in to_act, "actions": actions}


def summary(game: Game) -> dict:
    return {
        "id": game.pk,
        "engine": game.engine,
        "options": game.options,
        "status": game.status,
        "visibility": game.visibility,
        "num_players": game.num_seats,
        "version": game.version,
        "started_at": game.started_at,
        "finished_at": game.finished_at,
        "players": [
            {
                "seat": seat.position,
                "name": str(seat.name),
                "kind": seat.kind,
                "is_bot": seat.kind == Seat.Kind.BOT,
                "bot_account": seat.user_id is not None and seat.user.profile.bot_account,
                "bot_level": seat.level or None,
            }
            for seat in game.seats.all()
            if seat.position is not None or game.status == Game.Status.OPEN
        ],
    }


def result(game: Game) -> list[dict] | None:
    if game.status != Game.Status.FINISHED:
        return None
    return [{"seat": seat.position, "score": seat.score, "rank": seat.rank} for seat in game.seats.all()]
