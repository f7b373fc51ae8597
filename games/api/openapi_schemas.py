"""The API's shared pieces of its OpenAPI document: the component schemas, the error answers
and the parameters every part of the API (games, the lobby, streams, tournaments) refers to.
`openapi.py` assembles the document from them."""

from __future__ import annotations

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
