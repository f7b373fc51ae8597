"""The API's OpenAPI 3.1 document, written by hand beside the views it describes.

tests/api/test_openapi.py validates it and runs a fuzzer against it, so a
view and its description cannot drift apart unnoticed.
"""

from __future__ import annotations

from collections.abc import Callable

from games.api.openapi_schemas import (
    ANY_OBJECT,
    AUTH_ERRORS,
    ERROR_TEXTS,
    GAME_ID,
    MY_GAME_STATUSES,
    SCHEMAS,
    _errors,
    _json,
    _ref,
)


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
