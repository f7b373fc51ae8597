"""The OpenAPI description of the ratings, leaderboards and tournaments views (`views.py`),
joined to games' hand-written document through `games.api.openapi.register_paths`."""

from __future__ import annotations

from games.api.openapi import get_operation, path_parameter, post_operation, query_parameter
from games.api.openapi_schemas import AUTH_ERRORS, DATE_TIME
from tournaments.api.views import HISTORY_LIMIT
from tournaments.models import Tournament
from tournaments.ratings import leaderboards
from tournaments.ratings.pools import POOLS

NUMBER = {"type": "number"}
INTEGER = {"type": "integer"}
STRING = {"type": "string"}
POOL = path_parameter("pool", {"type": "string"}, "a leaderboard: " + ", ".join(POOLS))
USERNAME = path_parameter("username", {"type": "string"}, "a player's username")


def _object(properties: dict, required: list | None = None) -> dict:
    return {"type": "object", "properties": properties, "required": required or list(properties)}


SCHEMAS = {
    "LeaderboardPage": _object(
        {
            "pool": STRING,
            "bots": {"type": "boolean", "description": "the bot accounts' leaderboard (?bots=1), else the people's"},
            "page": INTEGER,
            "has_next": {"type": "boolean"},
            "rows": {
                "type": "array",
                "items": _object(
                    {
                        "position": INTEGER,
                        "username": STRING,
                        "name": STRING,
                        "bot_account": {"type": "boolean"},
                        "rating": NUMBER,
                        "games": INTEGER,
                        "provisional": {"type": "boolean"},
                    }
                ),
            },
        }
    ),
    "PlayerRatings": _object(
        {
            "username": STRING,
            "ratings": {
                "type": "array",
                "items": _object(
                    {
                        "pool": STRING,
                        "rating": NUMBER,
                        "games": INTEGER,
                        "wins": INTEGER,
                        "provisional": {"type": "boolean"},
                        "peak": NUMBER,
                        "last_game_at": DATE_TIME,
                        "position": {"type": ["integer", "null"], "description": "null: not on the leaderboard"},
                    }
                ),
            },
        }
    ),
    "RatingHistory": _object(
        {
            "username": STRING,
            "pool": STRING,
            "changes": {
                "type": "array",
                "description": f"oldest first, the last {HISTORY_LIMIT}",
                "items": _object(
                    {
                        "game": INTEGER,
                        "finished_at": DATE_TIME,
                        "rank": INTEGER,
                        "before": NUMBER,
                        "after": NUMBER,
                        "delta": NUMBER,
                    }
                ),
            },
        }
    ),
    "TournamentSummary": _object(
        {
            "id": INTEGER,
            "name": STRING,
            "game": STRING,
            "format": {"type": "string", "enum": list(Tournament.Format.values)},
            "status": {"type": "string", "enum": list(Tournament.Status.values)},
            "seats": _object({"preferred": INTEGER, "min": INTEGER, "max": INTEGER}),
            "rounds": {"type": ["integer", "null"]},
            "current_round": INTEGER,
            "rated": {"type": "boolean"},
            "entrants": INTEGER,
        }
    ),
    "TournamentList": _object(
        {"tournaments": {"type": "array", "items": {"$ref": "#/components/schemas/TournamentSummary"}}}
    ),
    "TournamentDetail": {
        "allOf": [
            {"$ref": "#/components/schemas/TournamentSummary"},
            _object(
                {
                    "pairings": {"type": "array", "items": {"type": "object"}, "description": "rounds with tables"},
                    "standings": {"type": "array", "items": {"type": "object"}},
                }
            ),
        ]
    },
    "TournamentEntry": {
        "allOf": [
            {"$ref": "#/components/schemas/TournamentSummary"},
            _object(
                {
                    "registered": {"type": "boolean"},
                    "rating": {"type": ["number", "null"], "description": "the rating you entered with"},
                }
            ),
        ]
    },
    "TournamentInvitations": _object(
        {
            "invitations": {
                "type": "array",
                "items": _object(
                    {
                        "id": INTEGER,
                        "tournament": INTEGER,
                        "name": STRING,
                        "invited_by": STRING,
                        "created_at": DATE_TIME,
                    }
                ),
            }
        }
    ),
}
TOURNAMENT_ID = path_parameter("tournament_id", {"type": "integer", "minimum": 0}, "the tournament's id")


def openapi_paths() -> tuple[dict, dict]:
    not_found = (*AUTH_ERRORS, 404)
    entry = {"$ref": "#/components/schemas/TournamentEntry"}
    return (
        {
            "/ratings/{pool}": get_operation(
                "A leaderboard page (50 players, best first)",
                "LeaderboardPage",
                params=(
                    POOL,
                    query_parameter(
                        "page", {"type": "integer", "minimum": 1, "maximum": leaderboards.MAX_PAGE}, "page number"
                    ),
                    query_parameter("bots", {"type": "string", "enum": ["1"]}, "1: the bot accounts' leaderboard"),
                ),
                errors=(*not_found, 400),
            ),
            "/players/{username}/ratings": get_operation(
                "A player's ratings and leaderboard places", "PlayerRatings", params=(USERNAME,), errors=not_found
            ),
            "/players/{username}/ratings/{pool}": get_operation(
                "A player's rating history in one pool", "RatingHistory", params=(USERNAME, POOL), errors=not_found
            ),
            "/tournaments": get_operation("Tournaments, newest first (100 at most)", "TournamentList"),
            "/tournaments/{tournament_id}": get_operation(
                "A tournament with its rounds' tables and standings",
                "TournamentDetail",
                params=(TOURNAMENT_ID,),
                errors=not_found,
            ),
            "/tournaments/{tournament_id}/register": post_operation(
                "Enter a tournament (its page's conditions and refusals)",
                entry,
                {
                    403: "removed, organised, invitation_only, bot_accounts_not_allowed, rating_too_low, unreliable",
                    404: "not_found",
                    409: "closed, already_registered, full, organiser (step down first)",
                },
                params=(TOURNAMENT_ID,),
            ),
            "/tournaments/invitations": get_operation(
                "Tournaments I am invited to, still taking entries", "TournamentInvitations"
            ),
            "/tournaments/invitations/{invitation_id}/accept": post_operation(
                "Accept an invitation and enter (the other conditions still apply)",
                entry,
                {
                    403: "removed, organised, bot_accounts_not_allowed, rating_too_low, unreliable",
                    404: "no_invitation",
                    409: "bad_invitation, started, closed, already_registered, full, organiser",
                },
                params=(path_parameter("invitation_id", {"type": "integer", "minimum": 0}, "the invitation's id"),),
            ),
            "/tournaments/{tournament_id}/leave": post_operation(
                "Leave a tournament before it starts",
                entry,
                {404: "not_found", 409: "started (drop out on its page instead), not_registered"},
                params=(TOURNAMENT_ID,),
            ),
        },
        SCHEMAS,
    )
