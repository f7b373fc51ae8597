"""The API of answers ahead: a seat's cases and its stored answers, read, stored, taken back.

The same services as the table and the mail (`games.services.ahead`); only the token owner's
own seat is read, so no answer tells anyone else whether a seat holds answers.
"""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.translation import gettext as _

from games.ahead.models import StoredAnswer
from games.api.auth import endpoint
from games.api.errors import ApiError, malformed
from games.api.openapi_schemas import AUTH_ERRORS, ERROR_TEXTS, GAME_ID, _json, _ref
from games.api.views import my_position, summary, visible_game
from games.engines import get_engine
from games.engines.base import answers_ahead
from games.models import Action, Game
from games.play.jsonbody import loads_move
from games.services.ahead import do_answer_ahead, do_drop_answer
from games.services.refusals import words_text


@endpoint("GET", "POST", "DELETE")
def answers(request: HttpRequest, token, game_id: int) -> dict:
    game = visible_game(token, game_id)
    position = my_position(game, token)
    if position is None:
        raise ApiError("not_your_seat", _("You have no seat in this game."), 403)
    if request.method == "POST":
        phase, case, action = _body(request, need_action=True)
        stored = do_answer_ahead(game.pk, token.user, phase, case, action, Action.Channel.API)
        game.refresh_from_db()
        return _state(game, position, token.user) | {"played_now": stored.outcome is not None}
    if request.method == "DELETE":
        phase, case, _action = _body(request, need_action=False)
        dropped = do_drop_answer(game.pk, token.user, phase, case)
        return _state(game, position, token.user) | {"dropped": dropped}
    return _state(game, position, token.user)


def _body(request: HttpRequest, need_action: bool) -> tuple[str, str, dict | None]:
    try:
        body = loads_move(request.body or b"")
    except ValueError:
        raise malformed(_('The body must be JSON: {"phase": …, "case": …, "action": {...}}.')) from None
    allowed = {"phase", "case", "action"} if need_action else {"phase", "case"}
    if not isinstance(body, dict) or set(body) - allowed:
        raise malformed(_("The body must be an object with “phase”, “case” and, to store, “action”."))
    phase, case, action = body.get("phase"), body.get("case"), body.get("action")
    if not isinstance(phase, str) or not isinstance(case, str) or len(phase) > 40 or len(case) > 40:
        raise malformed(_("“phase” and “case” must be strings, as listed under “cases”."))
    if need_action and (not isinstance(action, dict) or not isinstance(action.get("type"), str)):
        raise malformed(_("“action” must be an object with a “type”, as listed under the case's “moves”."))
    return phase, case, action


def _state(game: Game, position: int, user) -> dict:
    engine = get_engine(game.engine)
    running = game.status == Game.Status.RUNNING and game.state is not None and answers_ahead(engine)
    cases = engine.ahead_cases(game.state, position) if running else []
    rows = StoredAnswer.objects.filter(game=game, seat=position, user=user).order_by("phase", "case")
    return {
        **summary(game),
        "seat": position,
        "cases": cases,
        "answers": [
            {
                "phase": row.phase,
                "case": row.case,
                "action": row.action,
                "status": row.status,
                "reason": words_text(row.reason) if row.reason else None,
            }
            for row in rows
        ],
    }


def openapi_paths() -> tuple[dict, dict]:
    errors = {str(status): _json(_ref("Error"), ERROR_TEXTS[status]) for status in (*AUTH_ERRORS, 400, 403, 404)}
    changes = {
        str(status): _json(_ref("Error"), ERROR_TEXTS[status]) for status in (*AUTH_ERRORS, 400, 403, 404, 409, 422)
    }
    body = {"required": True, "content": {"application/json": {"schema": _ref("AnswerAhead")}}}
    ok = _json(_ref("AnswersAhead"), "the seat's cases and its own stored answers")
    paths = {
        "/games/{game_id}/answers-ahead": {
            "get": {
                "summary": "What my seat may answer ahead now, and my stored answers",
                "parameters": [GAME_ID],
                "responses": {"200": ok, **errors},
            },
            "post": {
                "summary": "Store an answer ahead for one case (played at once when its case holds already)",
                "parameters": [GAME_ID],
                "requestBody": body,
                "responses": {"200": ok, **changes},
            },
            "delete": {
                "summary": "Take back my answer for one case",
                "parameters": [GAME_ID],
                "requestBody": body,
                "responses": {"200": ok, **changes},
            },
        }
    }
    case = {
        "type": "object",
        "required": ["phase", "case", "moves"],
        "properties": {
            "phase": {"type": "string", "description": "the call it is for, e.g. r3:t2 (round 3, trick 2 from 0)"},
            "case": {"type": "string", "description": "what will then be public: a suit led, wizard, any, lead"},
            "moves": {"type": "array", "items": {"type": "object", "additionalProperties": True}},
        },
    }
    answer = {
        "type": "object",
        "required": ["phase", "case", "action", "status"],
        "properties": {
            "phase": {"type": "string"},
            "case": {"type": "string"},
            "action": {"type": "object", "additionalProperties": True},
            "status": {"type": "string", "enum": ["waiting", "dropped"]},
            "reason": {"type": ["string", "null"], "description": "why it was not played"},
        },
    }
    schemas = {
        "AnswerAhead": {
            "type": "object",
            "required": ["phase", "case"],
            "properties": {
                "phase": {"type": "string", "maxLength": 40},
                "case": {"type": "string", "maxLength": 40},
                "action": {"type": "object", "additionalProperties": True, "description": "to store (POST)"},
            },
        },
        "AnswersAhead": {
            "allOf": [
                _ref("GameSummary"),
                {
                    "type": "object",
                    "required": ["seat", "cases", "answers"],
                    "properties": {
                        "seat": {"type": "integer"},
                        "cases": {"type": "array", "items": case},
                        "answers": {"type": "array", "items": answer},
                        "played_now": {"type": "boolean", "description": "POST: its case held, it was played"},
                        "dropped": {"type": "boolean", "description": "DELETE: there was one to take back"},
                    },
                },
            ]
        },
    }
    return paths, schemas
