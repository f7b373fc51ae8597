"""Finding, creating, joining and inviting to games, and playing a finished one again."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count, Prefetch
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from games import registry
from games.engines import available_engines
from games.lobby.forms import GameForm, InviteForm
from games.lobby.pending import pending_invitations
from games.models import Game, Invitation, Seat
from games.play.views import visible_game
from games.presenters.game_settings import settings_words, summary_words
from games.services import (
    ActionRejected,
    do_create_game,
    do_invite,
    do_join,
    do_leave_lobby,
    do_rematch,
    do_withdraw_invitation,
)
from games.services.invitations import do_decline_invitation, invitee_name
from wildcards_site import throttle
from wildcards_site.wording import names_list


def lobby(request: HttpRequest) -> HttpResponse:
    open_games = (
        Game.objects.filter(status=Game.Status.OPEN, visibility=Game.Visibility.OPEN)
        .annotate(taken=Count("seats"))
        .select_related("created_by__profile")
        .prefetch_related(Prefetch("seats", Seat.objects.filter(kind=Seat.Kind.BOT), to_attr="bot_seats"))
        .order_by("-created_at")[:50]
    )
    running = Game.objects.filter(status=Game.Status.RUNNING, visibility=Game.Visibility.OPEN).order_by("-started_at")[
        :20
    ]
    open_games, running = list(open_games), list(running)
    for game in open_games + running:
        game.summary = summary_words(game)  # rated or not, and the clock
    engines = registry.choices()
    context = {
        "invitations": pending_invitations(request.user),
        "open_games": open_games,
        "running": running,
        "engines": engines,
    }
    return render(request, "games/lobby.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def create_game(request: HttpRequest) -> HttpResponse:
    engine_name = request.GET.get("engine") or request.POST.get("engine") or ""
    if engine_name not in available_engines():
        return render(
            request,
            "games/choose_engine.html",
            {"engines": registry.choices()},
        )
    form = GameForm(engine_name, request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            game = do_create_game(
                request.user,
                engine_name,
                data["num_seats"],
                form.options(),
                bots=data["bots"],
                bot_levels=form.bot_levels(),
                visibility=data["visibility"],
                time_control=form.time_control(),
                timeouts_before_bot=data["timeouts_before_bot"],
                rated=data["rated"],
                rate_bot_accounts=data["rate_bot_accounts"],
            )
        except ActionRejected as rejected:
            form.add_error(None, rejected.message)
        else:
            if game.status == Game.Status.OPEN:
                messages.success(request, _("Your game is created. Invite players, or wait for them to join."))
            else:  # every other seat a bot's: it started at once
                messages.success(request, _("The game has started: you play against the bots."))
            return redirect("games:table", game_id=game.pk)
    title = registry.title(engine_name)
    return render(request, "games/create.html", {"form": form, "engine": engine_name, "title": title})


@login_required
@require_POST
def join(request: HttpRequest, game_id: int) -> HttpResponse:
    token = request.POST.get("token") or None
    if token is None:
        # A stranger learns nothing of a private game (with a token, the service checks it).
        visible_game(request, game_id)
    try:
        game = do_join(game_id, request.user, token=token)
    except Game.DoesNotExist:
        raise Http404("no such game") from None
    except ActionRejected as rejected:
        messages.error(request, rejected.message)
        return redirect("games:lobby")
    if game.status == Game.Status.RUNNING:
        messages.success(request, _("You joined, and the table is full: the game has started."))
    else:
        messages.success(request, _("You joined the game. It starts when every seat is taken."))
    return redirect("games:table", game_id=game_id)


@login_required
@require_POST
def leave(request: HttpRequest, game_id: int) -> HttpResponse:
    visible_game(request, game_id)
    try:
        cancelled = do_leave_lobby(game_id, request.user)
    except Game.DoesNotExist:
        raise Http404("no such game") from None
    except ActionRejected as rejected:
        messages.error(request, rejected.message)
        return redirect("games:table", game_id=game_id)
    messages.success(request, _("The game is cancelled.") if cancelled else _("You left the game."))
    return redirect("games:lobby")


@login_required
@require_POST
def invite(request: HttpRequest, game_id: int) -> HttpResponse:
    visible_game(request, game_id)
    form = InviteForm(request.POST)
    if not throttle.allowed(request, "invite", "user", throttle.rate("invite_user")):
        return throttle.too_many(request)
    if not form.is_valid():
        messages.error(request, _("Give a username or an email address to invite."))
    else:
        try:
            do_invite(game_id, request.user, form.cleaned_data["who"])
        except Game.DoesNotExist:
            raise Http404("no such game") from None
        except ActionRejected as rejected:
            messages.error(request, rejected.message)
        else:
            messages.success(request, _("Invitation sent to %(who)s.") % {"who": form.cleaned_data["who"]})
    return redirect("games:table", game_id=game_id)


@login_required
@require_POST
def withdraw_invitation(request: HttpRequest, game_id: int, invitation_id: int) -> HttpResponse:
    visible_game(request, game_id)
    try:
        invitation = do_withdraw_invitation(game_id, invitation_id, request.user)
    except Game.DoesNotExist:
        raise Http404("no such game") from None
    except ActionRejected as rejected:
        messages.error(request, rejected.message)
    else:
        messages.success(request, _("Invitation to %(who)s withdrawn.") % {"who": invitee_name(invitation)})
    return redirect("games:table", game_id=game_id)


@login_required
@require_POST
def rematch(request: HttpRequest, game_id: int) -> HttpResponse:
    """Play a finished game again: the first to ask makes the game and invites the others, the rest join it."""
    visible_game(request, game_id)  # 404 for a game the asker may not see: its state stays unknown
    if not throttle.allowed(request, "invite", "user", throttle.rate("invite_user")):
        return throttle.too_many(request)
    try:
        game, outcome = do_rematch(game_id, request.user)
    except ActionRejected as rejected:
        messages.error(request, rejected.message)
        return redirect("games:table", game_id=game_id)
    messages.success(request, _rematch_message(game, outcome, request.user))
    return redirect("games:table", game_id=game.pk)


def _rematch_message(game: Game, outcome: str, user) -> str:
    if outcome == "seated":
        return _("You have a seat in the rematch.")
    if game.status == Game.Status.RUNNING:
        # Against bots alone the rematch starts as it is made; otherwise the last player in starts it.
        return (
            _("The rematch has started.")
            if outcome == "created"
            else _("You joined, and the table is full: the game has started.")
        )
    if outcome == "joined":
        return _("You joined the game. It starts when every seat is taken.")
    # Only the asker's own invitations: an address another player typed is theirs to see.
    mine = game.invitations.open().filter(invited_by=user).select_related("user__profile").order_by("pk")
    names = [invitee_name(invited) for invited in mine]
    if not names:
        return _("A new game with the same settings is waiting for players.")
    return ngettext(
        "A new game with the same settings: %(names)s is invited by mail.",
        "A new game with the same settings: %(names)s are invited by mail.",
        len(names),
    ) % {"names": names_list(names)}


@login_required
@require_POST
def decline_invitation(request: HttpRequest, invitation_id: int) -> HttpResponse:
    try:
        invitation = do_decline_invitation(invitation_id, request.user)
    except ActionRejected as rejected:
        messages.error(request, rejected.message)
        return redirect("games:lobby")
    messages.success(request, _("You declined the invitation to %(game)s.") % {"game": invitation.game})
    return redirect("games:lobby")


def invitation(request: HttpRequest, token: str) -> HttpResponse:
    """An invitation link: newcomers sign up (or log in) and come back here to take the seat."""
    invite = get_object_or_404(Invitation.objects.select_related("game", "invited_by__profile"), token=token)
    # What they would sit down to: the options, the rating and the clock.
    context = {"invite": invite, "settings": settings_words(invite.game)}
    if not request.user.is_authenticated:
        context["login_next"] = reverse("games:invitation", args=[token])
    return render(request, "games/invitation.html", context)
