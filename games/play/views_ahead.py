"""Answers ahead and a delegate from the table: one case answered by pointing at a move, or taken
back; the seat handed to a delegate, or taken back."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.models import Action
from games.play.jsonbody import loads_move
from games.play.views import table_after_post, visible_game
from games.services import ActionRejected
from games.services.ahead import do_answer_ahead, do_drop_answer
from games.services.delegate import do_delegate, do_end_delegate


@login_required
@require_POST
def answer_ahead(request: HttpRequest, game_id: int) -> HttpResponse:
    visible_game(request, game_id)  # 404 for a game the player may not see
    phase, case = request.POST.get("phase", "")[:40], request.POST.get("case", "")[:40]
    try:
        if request.POST.get("drop"):
            if not do_drop_answer(game_id, request.user, phase, case):
                messages.info(request, _("That answer was no longer there: played, or its case is over."))
        else:
            action = loads_move(request.POST.get("action", ""))
            stored = do_answer_ahead(game_id, request.user, phase, case, action, Action.Channel.WEB)
            if stored.outcome is not None:
                messages.success(request, _("Its case holds already: your answer was played as your move."))
    except (ValueError, TypeError):
        messages.error(request, _("That submission was not understood; nothing was changed."))
    except ActionRejected as rejected:
        messages.error(request, rejected.message)
    return table_after_post(request, game_id)


@login_required
@require_POST
def delegate(request: HttpRequest, game_id: int) -> HttpResponse:
    """Hand the seat to a delegate ("back", "round") or take it back ("end")."""
    visible_game(request, game_id)
    scope = request.POST.get("scope", "")
    try:
        if scope == "end":
            if not do_end_delegate(game_id, request.user):
                messages.info(request, _("You had no delegate."))
        else:
            do_delegate(game_id, request.user, scope)
    except ActionRejected as rejected:
        messages.error(request, rejected.message)
    return table_after_post(request, game_id)
