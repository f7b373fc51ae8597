"""Resigning, what a game's creator or an organiser may do at the table, and answering a seat offer."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.models import Game
from games.play.numbers import whole_number
from games.play.views import visible_game
from games.services import (
    ActionRejected,
    do_accept_seat,
    do_decline_seat,
    do_extend_deadline,
    do_offer_seat,
    do_pause,
    do_resign,
    do_resume,
    do_seat_bot,
)

# Refusals that mean the form asked for something that cannot exist: 400, not a message.
BAD_INPUT = {"no_seat", "bad_extension"}


class BadRequest(ValueError):
    """A form field missing or not a number: answered 400, nothing changed."""


def _number(request: HttpRequest, name: str, low: int = 0, high: int = 10**6) -> int:
    value = whole_number(request.POST.get(name, ""), low, high)
    if value is None:
        raise BadRequest(name)
    return value


def _run(request: HttpRequest, game_id: int, call, done: str) -> HttpResponse:
    visible_game(request, game_id)  # 404 for a private game the asker takes no part in: its state stays unknown
    try:
        call()
    except Game.DoesNotExist:
        return HttpResponse(_("There is no such game."), status=404, content_type="text/plain; charset=utf-8")
    except BadRequest:
        message = _("That request was not understood; nothing was changed.")
        return HttpResponseBadRequest(message, content_type="text/plain; charset=utf-8")
    except ActionRejected as rejected:
        if rejected.code in BAD_INPUT:
            return HttpResponseBadRequest(rejected.message, content_type="text/plain; charset=utf-8")
        messages.error(request, rejected.message)
    else:
        messages.success(request, done() if callable(done) else done)
    return redirect("games:table", game_id=game_id)


@login_required
@require_POST
def resign(request, game_id):
    return _run(request, game_id, lambda: do_resign(game_id, request.user), _("You resigned; a bot plays your seat."))


@login_required
@require_POST
def pause(request, game_id):
    return _run(request, game_id, lambda: do_pause(game_id, request.user), _("The game is paused."))


@login_required
@require_POST
def resume(request, game_id):
    return _run(request, game_id, lambda: do_resume(game_id, request.user), _("The game runs again."))


@login_required
@require_POST
def extend(request, game_id):
    def call():
        do_extend_deadline(game_id, request.user, _number(request, "seat"), _number(request, "hours"))

    return _run(request, game_id, call, _("The deadline is extended."))


@login_required
@require_POST
def replace(request, game_id):
    """A seat goes to a bot at once (empty name), or is offered to the player named."""
    outcome = {}

    def call():
        seat = _number(request, "seat")
        username = request.POST.get("username", "").strip()
        if not username:
            do_seat_bot(game_id, request.user, seat)
            outcome["done"] = _("A bot plays that seat now.")
            return
        new_user = get_user_model().objects.filter(username__iexact=username).first()
        if new_user is None:
            raise ActionRejected("no_user", _("No player is called “%(name)s”.") % {"name": username})
        do_offer_seat(game_id, request.user, seat, new_user)
        outcome["done"] = _("The seat is offered; it is theirs if they accept.")

    return _run(request, game_id, call, lambda: outcome["done"])


@login_required
@require_POST
def answer_offer(request, game_id, offer_id):
    if request.POST.get("answer") == "accept":
        return _run(request, game_id, lambda: do_accept_seat(offer_id, request.user), _("The seat is yours."))
    return _run(request, game_id, lambda: do_decline_seat(offer_id, request.user), _("You declined the seat."))
