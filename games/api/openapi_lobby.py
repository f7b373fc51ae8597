"""The OpenAPI description of what a player does besides moving: creating, joining, leaving and
inviting (views_lobby.py), invitations and seat offers, resigning and table talk (views_table.py),
and their own mail settings (views_me.py). `openapi.document` adds it to games' own part.
"""

from __future__ import annotations

from games.api.openapi import get_operation, json_body, path_parameter
from games.api.openapi import post_operation as post
from games.api.openapi_schemas import ANY_OBJECT, AUTH_ERRORS, DATE_TIME, GAME_ID
from games.engines import available_engines
from games.lobby.forms import CLOCK_CHOICES, PHASE_CHOICES
from games.models import Game, Seat

INTEGER, STRING, BOOLEAN = {"type": "integer"}, {"type": "string"}, {"type": "boolean"}


def _ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def _object(properties: dict, required: list | None = None) -> dict:
    return {"type": "object", "properties": properties, "required": list(properties) if required is None else required}


def _schemas() -> dict:
    return {
        "NewGame": {
            "type": "object",
            "additionalProperties": False,
            "required": ["engine"],
            "description": "The creation page's settings; a field left out takes the page's default.",
            "properties": {
                "engine": {"type": "string", "enum": list(available_engines())},
                "num_players": {"type": "integer", "description": "seats, bots included (default: the fewest)"},
                "bots": {"type": "integer", "minimum": 0, "description": "bot seats (default 0)"},
                "bot_levels": {
                    "type": "array",
                    "items": {"type": "string", "enum": list(Seat.Level.values)},
                    "description": "each bot's level, in order; the rest play standard",
                },
                "visibility": {"type": "string", "enum": list(Game.Visibility.values), "description": "default open"},
                "clock": {"type": "string", "enum": [value for value, _label in CLOCK_CHOICES]},
                "phase_seconds": {"type": "integer", "enum": [value for value, _label in PHASE_CHOICES]},
                "weekend_pause": BOOLEAN,
                "rated": {"type": "boolean", "description": "default true; never with bots alone"},
                "rate_bot_accounts": {
                    "type": "boolean",
                    "description": "default false: a game seating a bot account and a person is then unrated",
                },
                "timeouts_before_bot": {"type": "integer", "minimum": 1, "maximum": 10},
                "options": {**ANY_OBJECT, "description": "the game's options (see its rules page), e.g. edition"},
            },
        },
        "GameSettings": _object(
            {
                "rated": BOOLEAN,
                "rate_bot_accounts": BOOLEAN,
                "time_control": _object(
                    {
                        "clock": {"type": "string", "enum": list(Game.Clock.values)},
                        "phase_seconds": INTEGER,
                        "bank_start_seconds": INTEGER,
                        "bank_increment_seconds": INTEGER,
                        "bank_cap_seconds": INTEGER,
                        "weekend_pause": BOOLEAN,
                    }
                ),
                "timeouts_before_bot": INTEGER,
            }
        ),
        "CreatedGame": {
            "allOf": [
                _ref("GameDetail"),
                _ref("GameSettings"),
                _object({"my_turn": BOOLEAN, "actions": {"type": "array", "items": ANY_OBJECT}}),
            ]
        },
        "OpenGames": _object(
            {
                "games": {
                    "type": "array",
                    "items": {"allOf": [_ref("GameSummary"), _ref("GameSettings"), _object({"free_seats": INTEGER})]},
                }
            }
        ),
        "Left": _object({"game": INTEGER, "cancelled": {"type": "boolean", "description": "you created it"}}),
        "Invited": _object({"game": INTEGER, "who": STRING}),
        "Invitations": _object(
            {
                "invitations": {
                    "type": "array",
                    "items": _object(
                        {
                            "id": INTEGER,
                            "game": INTEGER,
                            "invited_by": STRING,
                            "token": {"type": "string", "description": "joins with POST games/{id}/join"},
                            "created_at": DATE_TIME,
                        }
                    ),
                },
                "seat_offers": {
                    "type": "array",
                    "items": _object(
                        {
                            "id": INTEGER,
                            "game": INTEGER,
                            "seat": INTEGER,
                            "offered_by": {"type": ["string", "null"]},
                            "created_at": DATE_TIME,
                        }
                    ),
                },
            }
        ),
        "SeatTaken": {"allOf": [_ref("GameDetail"), _object({"offer": INTEGER, "accepted": {"const": True}})]},
        "SeatDeclined": _object({"offer": INTEGER, "game": INTEGER, "accepted": {"const": False}}),
        "InvitationDeclined": _object({"invitation": INTEGER, "game": INTEGER, "declined": {"const": True}}),
        "TalkLine": _object({"id": INTEGER, "name": STRING, "text": STRING, "at": DATE_TIME}),
        "Talk": _object({"game": INTEGER, "messages": {"type": "array", "items": _ref("TalkLine")}}),
        "MailPreferences": _object(
            {
                "events": {
                    "type": "array",
                    "items": _object({"event": STRING, "label": STRING, "on": BOOLEAN}),
                },
                "digest": {"type": "boolean", "description": "one mail a day instead of turn mails"},
            }
        ),
        "Vacations": _object(
            {
                "year": INTEGER,
                "allowance": {"type": "integer", "description": "vacation days a year"},
                "used": {"type": "integer", "description": "days booked this year"},
                "vacations": {
                    "type": "array",
                    "items": _object({"id": INTEGER, "starts_at": DATE_TIME, "ends_at": DATE_TIME}),
                },
            }
        ),
    }


NOT_VISIBLE = "not_found: no such game, or not visible to you"
ID = {"type": "integer", "minimum": 0}


def openapi_paths() -> tuple[dict, dict]:
    game = (GAME_ID,)
    return (
        {
            "/games": post(
                "Create a game (the creation page's form and service); every other seat a bot's: it starts at once",
                _ref("CreatedGame"),
                {400: "malformed; bad_options (the page's refusals, each after its field)"},
                body=json_body(_ref("NewGame")),
                status=201,
            ),
            "/games/open": get_operation("Games waiting for players, newest first (50 at most)", "OpenGames"),
            "/games/{game_id}/join": post(
                "Take a free seat; the game starts when every seat is taken",
                _ref("GameDetail"),
                {
                    400: "malformed",
                    403: "private (an invitation is needed), not_yours (an invitation for another player)",
                    404: NOT_VISIBLE,
                    409: "not_open, already_seated, full, bad_invitation (used, withdrawn or another game's)",
                },
                params=game,
                body=json_body(_object({"token": {"type": "string", "description": "an invitation's"}}, []), False),
            ),
            "/games/{game_id}/leave": post(
                "Give up your seat before the start (the creator leaving cancels the game)",
                _ref("Left"),
                {403: "not_seated", 404: NOT_VISIBLE, 409: "not_open (it started: resign instead)"},
                params=game,
            ),
            "/games/{game_id}/invitations": post(
                "Invite a player by username or email address (the page's hourly limit applies)",
                _ref("Invited"),
                {
                    400: "malformed, bad_address",
                    403: "forbidden (only the game's players invite)",
                    404: NOT_VISIBLE,
                    409: "not_open, already_seated, already_invited",
                    422: "no_user (no player has that username)",
                    429: "rate_limited (your invitations this hour), too_many_invitations (that person's today)",
                },
                params=game,
                body=json_body(_object({"who": {"type": "string", "minLength": 1, "maxLength": 254}})),
                status=201,
            ),
            "/games/{game_id}/resign": post(
                "Resign a running game: a bot plays on, you rank last",
                _ref("GameDetail"),
                {403: "not_your_seat", 404: NOT_VISIBLE, 409: "not_running"},
                params=game,
            ),
            "/games/{game_id}/talk": {
                **get_operation(
                    "The table's latest talk, oldest first (50 lines)",
                    "Talk",
                    params=game,
                    errors=(*AUTH_ERRORS, 404),
                ),
                **post(
                    "Say something at the table (5 lines a minute at most)",
                    _ref("TalkLine"),
                    {
                        400: "malformed, empty, too_long (500 characters at most)",
                        403: "not_seated",
                        404: NOT_VISIBLE,
                        409: "cancelled",
                        429: "too_fast (see Retry-After)",
                    },
                    params=game,
                    body=json_body(_object({"text": STRING})),
                    status=201,
                ),
            },
            "/invitations": get_operation("Games I am invited to, and seats offered to me", "Invitations"),
            "/invitations/{invitation_id}/accept": post(
                "Accept an invitation: join its game",
                _ref("GameDetail"),
                {
                    403: "private, not_yours",
                    404: "no_invitation",
                    409: "not_open, already_seated, full, bad_invitation (used or withdrawn)",
                },
                params=(path_parameter("invitation_id", ID, "the invitation's id"),),
            ),
            "/invitations/{invitation_id}/decline": post(
                "Decline an invitation: its link seats nobody, and its sender sees it declined",
                _ref("InvitationDeclined"),
                {404: "not_invited", 409: "answered (taken up, withdrawn or declined already)"},
                params=(path_parameter("invitation_id", ID, "the invitation's id"),),
            ),
            "/seat-offers/{offer_id}/accept": post(
                "Take a seat offered to you in a running game",
                _ref("SeatTaken"),
                {
                    403: "bound_seat",
                    404: "no_offer",
                    409: "answered, expired, not_running, no_seat, still_playing, already_seated",
                },
                params=(path_parameter("offer_id", ID, "the offer's id"),),
            ),
            "/seat-offers/{offer_id}/decline": post(
                "Turn down a seat offered to you",
                _ref("SeatDeclined"),
                {404: "no_offer", 409: "answered"},
                params=(path_parameter("offer_id", ID, "the offer's id"),),
            ),
            "/me/mail-preferences": get_operation("Which mail you get (changed on the site)", "MailPreferences"),
            "/me/vacations": get_operation("Your vacations not over yet, and this year's days", "Vacations"),
        },
        _schemas(),
    )
