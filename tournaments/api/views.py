"""Ratings, leaderboards and tournaments in the JSON API (/api/v1/).

The views use games' API conventions (bearer token, `{"error": {code, message}}`); their
OpenAPI description is `openapi.py`.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import Count, Max, Q
from django.http import HttpRequest
from django.utils.translation import gettext as _

from games.api.auth import endpoint
from games.api.errors import ApiError
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
