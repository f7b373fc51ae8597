"""The API's OpenAPI 3.1 document, written by hand beside the views it describes.

tests/api/test_openapi.py validates it and runs a fuzzer against it, so a
view and its description cannot drift apart unnoticed.
"""

from __future__ import annotations

from collections.abc import Callable

from games.api.errors import API_ERROR_CODES, SERVICE_STATUS

MY_GAME_STATUSES = ("open", "running", "paused", "finished", "abandoned", "cancelled")

# Every code an error may carry: the API's own, then the services' refusals (errors.SERVICE_STATUS).
ERROR_CODES = list(dict.fromkeys([*API_ERROR_CODES, *SERVICE_STATUS]))

ANY_OBJECT = {"type": "object", "additionalProperties": True}
DATE_TIME = {"type": ["string", "null"], "format": "date-time"}


def _ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict, description: str) -> dict:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


ERROR_TEXTS = {
    400: "malformed request, bad filter or bad step",
    401: "missing, unknown or revoked token",
    403: "not your seat",
    404: "no such game, or not visible to you",
    405: "method not allowed",
    409: "stale version, game not running, paused, not started or not finished",
    422: "illegal action",
    429: "rate limited (see Retry-After)",
}


def _errors(*statuses: int) -> dict:
    return {str(status): _json(_ref("Error"), ERROR_TEXTS[status]) for status in statuses}


AUTH_ERRORS = (401, 405, 429)
GAME_ID = {
    "name": "game_id",
    "in": "path",
    "required": True,
    "schema": {"type": "integer", "minimum": 0},
    "description": "the game's id",
}

# Who is to act and what the reader's seat may do (legal-actions, and a move's answer).
TURN = {
    "to_act": {"type": "array", "items": {"type": "integer"}, "description": "the seats to act now"},
    "my_turn": {"type": "boolean", "description": "whether your seat is among them"},
    "actions": {
        "type": "array",
        "items": ANY_OBJECT,
        "description": "the moves your seat may make now, each to send back as it is",
    },
}

SCHEMAS = {
    "Me": {
        "type": "object",
        "required": ["username", "name", "token"],
        "properties": {
            "username": {"type": "string"},
            "name": {"type": "string"},
            "bot_account": {"type": "boolean", "description": "a bot account: marked as a bot, its own rate limit"},
            "token": {"type": "object", "properties": {"name": {"type": "string"}, "prefix": {"type": "string"}}},
            "rate_limit": {
                "type": "object",
                "required": ["requests", "window_seconds"],
                "properties": {"requests": {"type": "integer"}, "window_seconds": {"type": "integer"}},
                "description": "requests allowed per window, counted per player (beyond: 429 with Retry-After)",
            },
        },
    },
    "Error": {
        "type": "object",
        "required": ["error"],
        "properties": {
            "error": {
                "type": "object",
                "required": ["code", "message"],
                "properties": {
                    "code": {"type": "string", "enum": ERROR_CODES, "description": "stable, for programs"},
                    "message": {"type": "string", "description": "for people, in the user's language"},
                },
            }
        },
    },
    "Player": {
        "type": "object",
        "required": ["seat", "name", "kind", "is_bot", "bot_level"],
        "properties": {
            "seat": {"type": ["integer", "null"]},
            "name": {"type": "string"},
            "kind": {"type": "string", "enum": ["human", "bot"]},
            "is_bot": {"type": "boolean"},
            "bot_account": {"type": "boolean", "description": "a bot account: a program plays it through the API"},
            "bot_level": {
                "type": ["string", "null"],
                "enum": ["beginner", "standard", "good", "strong", None],
                "description": "How the bot plays this seat; null for a person.",
            },
        },
    },
    "GameSummary": {
        "type": "object",
        "required": ["id", "engine", "options", "status", "num_players", "version", "players"],
        "properties": {
            "id": {"type": "integer"},
            "engine": {"type": "string", "description": "wildcards, wizard, cubirds or emu_ranchers"},
            "options": ANY_OBJECT,
            "status": {"type": "string", "enum": ["open", "running", "paused", "finished", "abandoned", "cancelled"]},
            "visibility": {"type": "string", "enum": ["open", "private"]},
            "num_players": {"type": "integer"},
            "version": {"type": "integer", "description": "actions so far; send it back with an action"},
            "started_at": DATE_TIME,
            "finished_at": DATE_TIME,
            "players": {"type": "array", "items": _ref("Player")},
        },
    },
    "Result": {
        "type": ["array", "null"],
        "items": {
            "type": "object",
            "required": ["seat", "score", "rank"],
            "properties": {"seat": {"type": "integer"}, "score": {"type": ["integer", "null"]}, "rank": {}},
        },
    },
    "GameDetail": {
        "allOf": [
            _ref("GameSummary"),
            {
                "type": "object",
                "required": ["seat", "view", "to_act", "result"],
                "properties": {
                    "seat": {"type": ["integer", "null"], "description": "your seat; null: you watch"},
                    "view": {**ANY_OBJECT, "description": "the engine's view for your seat (see its README)"},
                    "to_act": {"type": "array", "items": {"type": "integer"}},
                    "result": _ref("Result"),
                },
            },
        ]
    },
    "LegalActions": {
        "type": "object",
        "required": ["game", "version", "status", "seat", "to_act", "my_turn", "actions"],
        "properties": {
            "game": {"type": "integer"},
            "version": {"type": "integer"},
            "status": {"type": "string", "enum": list(MY_GAME_STATUSES)},
            "seat": {"type": ["integer", "null"]},
            **TURN,
        },
    },
    "Submission": {
        "type": "object",
        "required": ["version", "action"],
        "additionalProperties": False,
        "properties": {
            "version": {"type": "integer", "minimum": 0, "description": "the game version you answer"},
            "action": {
                "type": "object",
                "required": ["type"],
                "properties": {"type": {"type": "string"}},
                "additionalProperties": True,
                "description": "one of the legal actions",
            },
        },
    },
    "Submitted": {
        "allOf": [
            _ref("GameSummary"),
            {
                "type": "object",
                "required": ["seat", "applied", "view", "result", "to_act", "my_turn", "actions"],
                "properties": {
                    "seat": {"type": "integer"},
                    "applied": {"type": "integer", "description": "your action and the bots' after it"},
                    "view": {**ANY_OBJECT, "description": "the game after it, as your seat sees it"},
                    "result": _ref("Result"),
                    **TURN,
                },
            },
        ]
    },
    "MyGames": {
        "type": "object",
        "required": ["games"],
        "properties": {
            "games": {
                "type": "array",
                "items": {
                    "allOf": [
                        _ref("GameSummary"),
                        {
                            "type": "object",
                            "required": ["seat", "my_turn"],
                            "properties": {"seat": {"type": ["integer", "null"]}, "my_turn": {"type": "boolean"}},
                        },
                    ]
                },
            }
        },
    },
    "HistoryPage": {
        "type": "object",
        "required": ["count", "page", "pages", "games"],
        "properties": {
            "count": {"type": "integer"},
            "page": {"type": "integer"},
            "pages": {"type": "integer"},
            "games": {
                "type": "array",
                "items": {
                    "allOf": [
                        _ref("GameSummary"),
                        {"type": "object", "properties": {"result": _ref("Result")}},
                    ]
                },
            },
        },
    },
    "ReplayStep": {
        "type": "object",
        "required": ["game", "step", "last_step", "revealed", "to_act", "views", "log"],
        "properties": {
            "game": {"type": "integer"},
            "step": {"type": "integer"},
            "last_step": {"type": "integer"},
            "revealed": {"type": "boolean", "description": "true after the end: every seat's view is given"},
            "to_act": {"type": "array", "items": {"type": "integer"}},
            "views": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["seat", "view"],
                    "properties": {"seat": {"type": ["integer", "null"]}, "view": ANY_OBJECT},
                },
            },
            "log": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["step", "seat", "channel", "at", "action"],
                    "properties": {
                        "step": {"type": "integer"},
                        "seat": {"type": "integer"},
                        "channel": {"type": "string"},
                        "at": DATE_TIME,
                        "action": {"type": ["object", "null"], "description": "null while hidden from you"},
                    },
                },
            },
        },
    },
    "GameDocument": {
        "type": "object",
        "required": ["format", "format_version", "engine", "engine_version", "options", "seed", "players", "actions"],
        "properties": {
            "format": {"const": "wildcards-game"},
            "format_version": {"const": 1},
            "engine": {"type": "string"},
            "engine_version": {"type": "string"},
            "options": ANY_OBJECT,
            "seed": {"type": "string"},
            "num_players": {"type": "integer"},
            "players": {"type": "array", "items": ANY_OBJECT},
            "actions": {"type": "array", "items": ANY_OBJECT},
        },
    },
}


def _get(summary: str, schema: str, *, params: tuple = (), errors: tuple = AUTH_ERRORS) -> dict:
    operation = {
        "summary": summary,
        "parameters": list(params),
        "responses": {"200": _json(_ref(schema), "OK"), **_errors(*errors)},
    }
    return {"get": operation}


def _query(name: str, schema: dict, description: str) -> dict:
    return {"name": name, "in": "query", "required": False, "schema": schema, "description": description}


# Parts described beside this module (the lobby's, the answers ahead) and other apps' endpoints
# under /api/v1 (ratings, tournaments, which games never imports): each registers here from its
# AppConfig.ready, as they build on this module's helpers. A contribution returns (paths, schemas).
_contributions: list[Callable[[], tuple[dict, dict]]] = []


def register_paths(contribution: Callable[[], tuple[dict, dict]]) -> None:
    if contribution not in _contributions:
        _contributions.append(contribution)


def document(server: str = "/api/v1") -> dict:
    """The OpenAPI document; `server` is the API's base URL."""
    answer = _own_document(server)
    for contribution in _contributions:
        paths, schemas = contribution()
        for path, item in paths.items():
            # A contribution may add a method to a path already described (POST /games beside GET).
            answer["paths"][path] = {**answer["paths"].get(path, {}), **item}
        answer["components"]["schemas"] = {**answer["components"]["schemas"], **schemas}
    return answer


def json_body(schema: dict, required: bool = True) -> dict:
    return {"required": required, "content": {"application/json": {"schema": schema}}}


def post_operation(
    summary: str,
    answer: dict,
    refusals: dict[int, str],
    *,
    params: tuple = (),
    body: dict | None = None,
    status: int = 200,
) -> dict:
    """A POST path item (for contributions): `answer` the schema of its success, `refusals` each
    error status it may answer beside the token's (401, 405, 429), with the codes it gives."""
    responses = {str(status): _json(answer, "OK" if status == 200 else "created")}
    texts = {401: ERROR_TEXTS[401], 405: ERROR_TEXTS[405], 429: ERROR_TEXTS[429]} | refusals
    responses |= {str(code): _json(_ref("Error"), text) for code, text in sorted(texts.items())}
    operation = {"summary": summary, "parameters": list(params), "responses": responses}
    if body is not None:
        operation["requestBody"] = body
    return {"post": operation}


def get_operation(summary: str, schema: str, *, params: tuple = (), errors: tuple = AUTH_ERRORS) -> dict:
    """A GET path item answering `schema` (for contributions)."""
    return _get(summary, schema, params=params, errors=errors)


def query_parameter(name: str, schema: dict, description: str) -> dict:
    return _query(name, schema, description)


def path_parameter(name: str, schema: dict, description: str) -> dict:
    return {"name": name, "in": "path", "required": True, "schema": schema, "description": description}


def _own_document(server: str) -> dict:
    game_errors = (*AUTH_ERRORS, 404)
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Wildcards API",
            "version": "1",
            "description": (
                "Play and browse slow card games. Authenticate with a personal token "
                "(made and revoked at /games/api-tokens/) as `Authorization: Bearer <token>`. "
                "Errors answer `{error: {code, message}}` with a stable code. Each token may make "
                "a limited number of requests a minute (429 with Retry-After beyond)."
            ),
        },
        "servers": [{"url": server}],
        "security": [{"token": []}],
        "components": {
            "securitySchemes": {"token": {"type": "http", "scheme": "bearer"}},
            "schemas": SCHEMAS,
        },
        "paths": {
            "/openapi.json": {
                "get": {
                    "summary": "This document",
                    "security": [],
                    "responses": {"200": _json(ANY_OBJECT, "OK"), **_errors(405)},
                }
            },
            "/me": _get("The token's owner", "Me"),
            "/games": _get(
                "My games, newest first",
                "MyGames",
                params=(
                    _query("status", {"type": "string", "enum": list(MY_GAME_STATUSES)}, "only games in this status"),
                ),
                errors=(*AUTH_ERRORS, 400),
            ),
            "/games/{game_id}": _get("A game as my seat sees it", "GameDetail", params=(GAME_ID,), errors=game_errors),
            "/games/{game_id}/legal-actions": _get(
                "What my seat may do now", "LegalActions", params=(GAME_ID,), errors=game_errors
            ),
            "/games/{game_id}/actions": {
                "post": {
                    "summary": "Make a move (the same service as the site, channel `api`)",
                    "parameters": [GAME_ID],
                    "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("Submission")}}},
                    "responses": {
                        "200": _json(_ref("Submitted"), "accepted"),
                        **_errors(*AUTH_ERRORS, 400, 403, 404, 409, 422),
                    },
                }
            },
            "/games/{game_id}/replay": _get(
                "One step of the replay",
                "ReplayStep",
                params=(
                    GAME_ID,
                    _query(
                        "step",
                        {"type": "integer", "minimum": 0},
                        "actions applied (default: all of a finished game's; 0 while it runs)",
                    ),
                ),
                errors=(*game_errors, 400, 409),
            ),
            "/games/{game_id}/export": _get(
                "A finished game as one document", "GameDocument", params=(GAME_ID,), errors=(*game_errors, 409)
            ),
            "/history": _get(
                "Finished games, newest first",
                "HistoryPage",
                params=(
                    _query("engine", {"type": "string"}, "wildcards, wizard, cubirds or emu_ranchers"),
                    _query("options", {"type": "string"}, "name=value pairs, e.g. edition=2020"),
                    _query("player", {"type": "string"}, "a username"),
                    _query("since", {"type": "string", "format": "date"}, "finished on or after"),
                    _query("until", {"type": "string", "format": "date"}, "finished on or before"),
                    _query("page", {"type": "integer", "minimum": 1}, "page number, 25 games a page"),
                ),
                errors=(*AUTH_ERRORS, 400),
            ),
        },
    }
