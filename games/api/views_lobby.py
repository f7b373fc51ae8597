"""Finding, creating, joining, leaving and inviting to games through the API.

The same services as the lobby's pages (games/lobby/views.py), with the same checks
before them and the same throttle on invitations; a refusal is the service's own.
"""

from __future__ import annotations

from dataclasses import asdict

from django.db.models import Count, Q
from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext as _

from games.api import views
from games.api.auth import endpoint
from games.api.errors import ApiError, malformed, not_found
from games.api.game_form import game_form
from games.models import Game, Invitation, SeatOffer
from games.play.jsonbody import loads_move
from games.services import do_accept_seat, do_create_game, do_decline_seat, do_invite, do_join, do_leave_lobby
from games.services.invitations import do_decline_invitation
from games.services.lobby import TimeControl
from wildcards_site import throttle

OPEN_GAMES_SHOWN = 50  # as many as the lobby page lists
INVITATIONS_SHOWN = 20


def json_body(request: HttpRequest, allowed: set[str], required: bool = True) -> dict:
    """The request's JSON object, with only `allowed` keys; an empty body is {} unless `required`."""
    if not request.body and not required:
        return {}
    try:
        body = loads_move(request.body or b"")
    except ValueError:
        raise malformed(_("The body must be a JSON object.")) from None
    if not isinstance(body, dict):
        raise malformed(_("The body must be a JSON object."))
    unknown = sorted(set(body) - allowed)
    if unknown:
        raise malformed(_("Unknown fields: %(names)s.") % {"names": ", ".join(unknown)})
    return body


def settings_of(game: Game) -> dict:
    """How a game is set up beyond its options: rated or not, its clock, when a bot takes over."""
    return {
        "rated": game.rated,
        "rate_bot_accounts": game.rate_bot_accounts,
        "time_control": asdict(TimeControl.of(game)),
        "timeouts_before_bot": game.timeouts_before_bot,
    }


@endpoint("GET", "POST")
def games(request: HttpRequest, token) -> dict | JsonResponse:
    """GET: my games (views.my_games). POST: a new game, with the creation page's form and service."""
    if request.method == "GET":
        return views.my_games(request, token)
    try:
        body = loads_move(request.body or b"")
    except ValueError:
        raise malformed(_("The body must be a JSON object of the game's settings.")) from None
    form = game_form(body)
    data = form.cleaned_data
    # The form has no upper bound on bots and lists a level for each: past the seats, the
    # service refuses with its own words before a huge list is ever made (a fuzzer's 10**18).
    levels = form.bot_levels() if data["bots"] < data["num_seats"] else []
    game = do_create_game(
        token.user,
        form.engine_name,
        data["num_seats"],
        form.options(),
        bots=data["bots"],
        bot_levels=levels,
        visibility=data["visibility"],
        time_control=form.time_control(),
        timeouts_before_bot=data["timeouts_before_bot"],
        rated=data["rated"],
        rate_bot_accounts=data["rate_bot_accounts"],
    )
    game.refresh_from_db()
    answer = {**views.detail(game, token), **settings_of(game), **views.turn(game, views.my_position(game, token))}
    return JsonResponse(answer, status=201)


@endpoint("GET")
def open_games(request: HttpRequest, token) -> dict:
    """The lobby's list: open games waiting for players, newest first."""
    found = (
        Game.objects.filter(status=Game.Status.OPEN, visibility=Game.Visibility.OPEN)
        .annotate(taken=Count("seats"))
        .prefetch_related("seats__user__profile")
        .order_by("-created_at")[:OPEN_GAMES_SHOWN]
    )
    return {
        "games": [
            {**views.summary(game), **settings_of(game), "free_seats": game.num_seats - game.taken} for game in found
        ]
    }


@endpoint("POST")
def join(request: HttpRequest, token, game_id: int) -> dict:
    """Take a free seat; `token` is an invitation's (to a private game, or one for this player)."""
    invitation = json_body(request, {"token"}, required=False).get("token")
    if invitation is not None and not isinstance(invitation, str):
        raise malformed(_("“token” must be an invitation's token, as text."))
    if not invitation:
        # A stranger learns nothing of a private game (with a token, the service checks it).
        views.visible_game(token, game_id)
    return views.detail(_join(game_id, token.user, invitation or None), token)


def _join(game_id: int, user, invitation: str | None) -> Game:
    try:
        return do_join(game_id, user, token=invitation)
    except Game.DoesNotExist:
        raise not_found() from None


@endpoint("POST")
def leave(request: HttpRequest, token, game_id: int) -> dict:
    """Give up a seat before the start; the creator leaving cancels the game."""
    views.visible_game(token, game_id)
    cancelled = do_leave_lobby(game_id, token.user)
    return {"game": game_id, "cancelled": cancelled}


@endpoint("POST")
def invite(request: HttpRequest, token, game_id: int) -> JsonResponse:
    """Invite a player by username or email address, counted by the page's own throttle."""
    views.visible_game(token, game_id)
    owner = str(token.user.pk)  # the key the page's "user" counts by: both share one allowance
    if not throttle.allowed(request, "invite", lambda _group, _request: owner, throttle.rate("invite_user")):
        raise ApiError(
            "rate_limited", _("You have sent many invitations; try again in an hour."), 429, {"Retry-After": "3600"}
        )
    who = json_body(request, {"who"}).get("who")
    if not isinstance(who, str) or not who.strip() or len(who) > 254:
        raise malformed(_("Give a username or an email address to invite."))
    do_invite(game_id, token.user, who)
    return JsonResponse({"game": game_id, "who": who.strip()}, status=201)


@endpoint("GET")
def invitations(request: HttpRequest, token) -> dict:
    """What the player is invited to: games waiting for players, and seats offered in running games."""
    user = token.user
    # To their account, or to their address before it had one, as the home page lists them.
    mine = Q(user=user) | Q(user__isnull=True, email__iexact=user.email) if user.email else Q(user=user)
    found = (
        Invitation.objects.open()
        .filter(mine, game__status=Game.Status.OPEN)
        .exclude(game__seats__user=user)
        .select_related("invited_by__profile")
        .order_by("-created_at")[:INVITATIONS_SHOWN]
    )
    offers = (
        SeatOffer.objects.standing()
        .filter(user=user, game__status__in=(Game.Status.RUNNING, Game.Status.PAUSED))
        .select_related("offered_by__profile")
        .order_by("-created_at")[:INVITATIONS_SHOWN]
    )
    return {
        "invitations": [
            {
                "id": invitation.pk,
                "game": invitation.game_id,
                "invited_by": invitation.invited_by.profile.name,
                "token": invitation.token,
                "created_at": invitation.created_at,
            }
            for invitation in found
        ],
        "seat_offers": [
            {
                "id": offer.pk,
                "game": offer.game_id,
                "seat": offer.position,
                "offered_by": offer.offered_by.profile.name if offer.offered_by_id else None,
                "created_at": offer.created_at,
            }
            for offer in offers
        ],
    }


@endpoint("POST")
def accept_invitation(request: HttpRequest, token, invitation_id: int) -> dict:
    """Join the game an invitation is for, with its token (the page's "Accept the invitation")."""
    user = token.user
    mine = Q(user=user) | Q(user__isnull=True, email__iexact=user.email) if user.email else Q(user=user)
    invitation = Invitation.objects.filter(mine, pk=invitation_id).first()
    if invitation is None:
        raise ApiError("no_invitation", _("There is no such invitation for you."), 404)
    return views.detail(_join(invitation.game_id, user, invitation.token), token)


@endpoint("POST")
def decline_invitation(request: HttpRequest, token, invitation_id: int) -> dict:
    """Turn an invitation down, as the page's "Decline" does."""
    invitation = do_decline_invitation(invitation_id, token.user)
    return {"invitation": invitation.pk, "game": invitation.game_id, "declined": True}


@endpoint("POST")
def answer_seat_offer(request: HttpRequest, token, offer_id: int, answer: str) -> dict:
    """Take an offered seat (`accept`) or turn it down (`decline`), as the table's buttons do."""
    if answer == "accept":
        game = do_accept_seat(offer_id, token.user)
        return {**views.detail(game, token), "offer": offer_id, "accepted": True}
    offer = do_decline_seat(offer_id, token.user)
    return {"offer": offer.pk, "game": offer.game_id, "accepted": False}
