"""Ratings, leaderboards and tournaments in the JSON API (/api/v1/), with their OpenAPI paths.

The views use games' API conventions (bearer token, `{"error": {code, message}}`); their
description joins games' hand-written document through `games.api.openapi.register_paths`.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import Count, Max, Q
from django.http import HttpRequest
from django.utils.translation import gettext as _

from games.api.auth import endpoint
from games.api.errors import ApiError
from games.api.openapi import get_operation, path_parameter, post_operation, query_parameter
from games.api.openapi_schemas import AUTH_ERRORS, DATE_TIME
from tournaments.models import Tournament, TournamentInvitation
from tournaments.pages.presenters import tournament_data, tournament_json
from tournaments.ratings import leaderboards
from tournaments.ratings.models import RatingChange
from tournaments.ratings.pools import POOLS
from tournaments.services import do_accept_tournament_invitation, do_leave, do_register

HISTORY_LIMIT = 500


def _page_number(request: HttpRequest) -> int:
    raw = request.GET.get("page", "1")
    try:
        number = int(raw)
    except ValueError:
        number = 0
    if not 1 <= number <= leaderboards.MAX_PAGE:
        raise ApiError(
            "bad_filter",
            _("page must be a whole number from 1 to %(max)s.") % {"max": leaderboards.MAX_PAGE},
            400,
        )
    return number


def _pool(pool: str) -> str:
    if pool not in POOLS:
        raise ApiError("not_found", _("There is no such leaderboard."), 404)
    return pool


def _player(username: str):
    person = get_user_model().objects.filter(username=username).select_related("profile").first()
    if person is None:
        raise ApiError("not_found", _("There is no such player."), 404)
    return person


@endpoint("GET")
def leaderboard(request: HttpRequest, token, pool: str) -> dict:
    # ?bots=1: the bot accounts' leaderboard (people and bot accounts are listed apart).
    bots = request.GET.get("bots") == "1"
    board = leaderboards.page(_pool(pool), _page_number(request), bots)
    return {
        "pool": pool,
        "bots": bots,
        "page": board.number,
        "has_next": board.has_next,
        "rows": [
            {
                "position": board.first_position + index,
                "username": row.player.username,
                "name": row.player.profile.name,
                "bot_account": row.player.profile.bot_account,
                "rating": row.rating,
                "games": row.games,
                "provisional": row.provisional,
            }
            for index, row in enumerate(board.rows)
        ],
    }


@endpoint("GET")
def player_ratings(request: HttpRequest, token, username: str) -> dict:
    person = _player(username)
    return {
        "username": person.username,
        "ratings": [
            {
                "pool": rating.pool,
                "rating": rating.rating,
                **_seen_games(rating, person, token.user),
                "provisional": rating.provisional,
                "peak": rating.peak,
                "position": rating.position,
            }
            for rating in leaderboards.ratings_with_positions(person)
        ],
    }


def _seen_games(rating, person, viewer) -> dict:
    """Games, wins and the last game's date as the viewer may know them: a private game counts
    only for its own players and staff (its date would tell when it was played)."""
    if viewer.pk == person.pk or viewer.is_staff:
        return {"games": rating.games, "wins": rating.wins, "last_game_at": rating.last_game_at.isoformat()}
    changes = leaderboards.seen_by(RatingChange.objects.filter(player=person, pool=rating.pool), viewer)
    seen = changes.aggregate(games=Count("pk"), wins=Count("pk", filter=Q(rank=1)), last=Max("finished_at"))
    last = seen["last"].isoformat() if seen["last"] else None
    return {"games": seen["games"], "wins": seen["wins"], "last_game_at": last}


@endpoint("GET")
def rating_history(request: HttpRequest, token, username: str, pool: str) -> dict:
    person, pool = _player(username), _pool(pool)
    changes = leaderboards.seen_by(RatingChange.objects.filter(player=person, pool=pool), token.user).order_by(
        "-finished_at", "-game_id"
    )
    rows = changes.values_list("game_id", "finished_at", "rank", "before", "after", "delta")[:HISTORY_LIMIT]
    return {
        "username": person.username,
        "pool": pool,
        "changes": [
            {
                "game": game,
                "finished_at": at.isoformat(),
                "rank": rank,
                "before": before,
                "after": after,
                "delta": delta,
            }
            for game, at, rank, before, after, delta in reversed(rows)
        ],
    }


@endpoint("GET")
def tournaments(request: HttpRequest, token) -> dict:
    found = Tournament.objects.prefetch_related("entries").order_by("-created_at")[:100]
    return {"tournaments": [tournament_json(tournament) for tournament in found]}


@endpoint("GET")
def tournament(request: HttpRequest, token, tournament_id: int) -> dict:
    found = _tournament(tournament_id)
    data = tournament_data(found)
    return {**tournament_json(found), "pairings": data["rounds"], "standings": data["standings"]}


@endpoint("POST")
def register(request: HttpRequest, token, tournament_id: int) -> dict:
    """Enter a tournament, as its page's button does: the same conditions refuse the same way."""
    found = _tournament(tournament_id)
    entry = do_register(found.pk, token.user)
    return {**tournament_json(_tournament(found.pk)), "registered": True, "rating": entry.rating}


@endpoint("POST")
def leave(request: HttpRequest, token, tournament_id: int) -> dict:
    """Leave before the start (a running event is dropped out of on its page)."""
    found = _tournament(tournament_id)
    do_leave(found.pk, token.user)
    return {**tournament_json(_tournament(found.pk)), "registered": False, "rating": None}


def _my_invitations(user):
    """The player's invitations still to accept, as their home page lists them (tournaments/pages/sections.py):
    to their account, or to their address before it had one."""
    mine = Q(user=user) | Q(user__isnull=True, email__iexact=user.email) if user.email else Q(user=user)
    return (
        TournamentInvitation.objects.filter(mine, accepted_at__isnull=True)
        .filter(tournament__in=Tournament.objects.filter(Tournament.TAKES_ENTRIES))
        .exclude(Q(waives_conditions=True) & ~Q(tournament__status=Tournament.Status.REGISTRATION))
        .exclude(tournament__entries__user=user)
    )


@endpoint("GET")
def invitations(request: HttpRequest, token) -> dict:
    found = _my_invitations(token.user).select_related("tournament", "invited_by__profile")[:20]
    return {
        "invitations": [
            {
                "id": invitation.pk,
                "tournament": invitation.tournament_id,
                "name": invitation.tournament.name,
                "invited_by": invitation.invited_by.profile.name,
                "created_at": invitation.created_at,
            }
            for invitation in found
        ]
    }


@endpoint("POST")
def accept_invitation(request: HttpRequest, token, invitation_id: int) -> dict:
    """Accept and enter, as the invitation's link does; the other conditions still apply."""
    invitation = _my_invitations(token.user).filter(pk=invitation_id).first()
    if invitation is None:
        raise ApiError("no_invitation", _("There is no such invitation for you."), 404)
    entry = do_accept_tournament_invitation(invitation.token, token.user)
    return {**tournament_json(_tournament(invitation.tournament_id)), "registered": True, "rating": entry.rating}


def _tournament(tournament_id: int) -> Tournament:
    found = Tournament.objects.filter(pk=tournament_id).first()
    if found is None:
        raise ApiError("not_found", _("There is no such tournament."), 404)
    return found


# The OpenAPI description of the views above -------------------------------------------------

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
