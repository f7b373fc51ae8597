"""The event streams in the OpenAPI document (registered by `games.apps`)."""

from __future__ import annotations

from games.api.openapi_schemas import AUTH_ERRORS, ERROR_TEXTS, GAME_ID, _json, _ref

STREAM_TYPES = [
    "game",
    "your_turn",
    "game_started",
    "game_over",
    "invitation",
    "invitation_declined",
    "seat_offer",
    "tournament_round",
]


def _stream(schema: dict, description: str) -> dict:
    events = {"type": "array", "items": schema}
    return {
        "description": description,
        "content": {"application/x-ndjson": {"schema": events}, "text/event-stream": {"schema": events}},
    }


def openapi_paths() -> tuple[dict, dict]:
    resume = [
        {
            "name": "Last-Event-ID",
            "in": "header",
            "required": False,
            "schema": {"type": "string"},
            "description": "the id of the last event read: the stream goes on from there, losing and repeating none",
        },
        {
            "name": "since",
            "in": "query",
            "required": False,
            "schema": {"type": "string"},
            "description": "the same as Last-Event-ID, for clients that cannot set headers",
        },
    ]
    errors = {str(status): _json(_ref("Error"), ERROR_TEXTS[status]) for status in (*AUTH_ERRORS, 400)}
    unavailable = _json(_ref("Error"), "stream_elsewhere: served by the ASGI server; no_streams: no Redis")
    paths = {
        "/stream/events": {
            "get": {
                "summary": "My account's events: my turns (with the view and legal moves), games started and "
                "over, invitations, seat offers, tournament rounds. Opens with every turn owed now.",
                "parameters": resume,
                "responses": {
                    "200": _stream(_ref("StreamEvent"), "one JSON object a line (NDJSON) or server-sent events"),
                    **errors,
                    "503": unavailable,
                },
            }
        },
        "/games/{game_id}/stream": {
            "get": {
                "summary": "A table's events as my seat sees it (a spectator's view for others): each move, "
                "talk, pauses and clocks. Opens with the table as it is now.",
                "parameters": [GAME_ID, *resume],
                "responses": {
                    "200": _stream(_ref("StreamEvent"), "one JSON object a line (NDJSON) or server-sent events"),
                    **errors,
                    "404": _json(_ref("Error"), ERROR_TEXTS[404]),
                    "503": unavailable,
                },
            }
        },
    }
    schemas = {
        "StreamEvent": {
            "type": "object",
            "required": ["type", "id"],
            "additionalProperties": True,
            "properties": {
                "type": {"type": "string", "enum": STREAM_TYPES},
                "id": {"type": ["string", "null"], "description": "resume from here (Last-Event-ID)"},
                "resync": {"type": "boolean", "description": "events were lost: this is the state now"},
                "game": {"type": "integer"},
                "version": {"type": "integer", "description": "send it with your move"},
                "seat": {"type": ["integer", "null"]},
                "my_turn": {"type": "boolean"},
                "to_act": {"type": "array", "items": {"type": "integer"}},
                "actions": {"type": "array", "items": {"type": "object", "additionalProperties": True}},
                "view": {"type": "object", "additionalProperties": True},
                "moves": {
                    "type": "array",
                    "description": "the moves since the last event; `action` only for your own seat's",
                    "items": {"type": "object", "additionalProperties": True},
                },
            },
        }
    }
    return paths, schemas
