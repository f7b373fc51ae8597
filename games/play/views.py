"""The game table: the viewer's own view, what is asked and by when, and the action forms."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import select_template
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import presenters, sections, table_talk
from games import recap as recaps
from games.history.replay_steps import Replay
from games.models import Action, Deadline, Game, Invitation, Seat
from games.permissions import can_manage, is_organiser
from games.play.jsonbody import loads_move
from games.play.numbers import whole_number
from games.play.refresh import table_stamp
from games.presenters.ahead import delegate_panel
from games.presenters.ahead import panel as ahead_panel
from games.presenters.game_settings import settings_words
from games.services import ActionRejected, do_action, do_say, looks, talk
from games.services.bot_moves import bots_thinking
from games.services.invitations import invitee_name
from games.services.organiser import longest_extension
from games.services.rematch import current_rematch
from games.services.seats import absent

# Seconds between the table's own refreshes: a slow game changes seldom, but a bot's task
# answers within a second or so, and a player facing bots should not wait 20 s to see it.
REFRESH_SECONDS = 20
REFRESH_SECONDS_WHILE_BOTS_THINK = 2


def visible_game(request: HttpRequest, game_id: int) -> Game:
    """A game the viewer may look at: open games for all, private ones for their players and staff."""
    game = get_object_or_404(Game.objects.select_related("created_by", "rematch_of"), pk=game_id)
    private = game.visibility == Game.Visibility.PRIVATE and not request.user.is_staff
    if private and not (request.user.is_authenticated and _takes_part(game, request.user)):
        raise Http404("no such game")
    return game


def _takes_part(game: Game, user) -> bool:
    """Seated, offered a seat they may still accept, or invited to a game still waiting for players."""
    return (
        game.seats.filter(user=user).exists()
        or game.seat_offers.standing().filter(user=user).exists()
        or _open_invitation(game, user) is not None
    )


def _open_invitation(game: Game, user) -> Invitation | None:
    if game.status != Game.Status.OPEN or not user.is_authenticated:
        return None
    return game.invitations.open().filter(user=user).first()


def _invited(game: Game, user) -> list[dict]:
    """The invitations a waiting game's players see: whom each names (an address only to its
    sender: a fellow player may be a stranger) and whether the viewer may withdraw it."""
    # The declined ones too, so that their sender knows not to wait for them.
    invitations = (
        game.invitations.filter(accepted_at__isnull=True, withdrawn_at__isnull=True)
        .select_related("user__profile", "invited_by__profile")
        .order_by("pk")
    )
    return [
        {
            "pk": invitation.pk,
            "name": invitee_name(invitation)
            if invitation.invited_by_id == user.pk or (invitation.user_id and not invitation.by_address)
            else None,
            "by": invitation.invited_by.profile.name,
            "mine": invitation.invited_by_id == user.pk,
            "declined": invitation.declined_at is not None,
        }
        for invitation in invitations
    ]


def _rematch(game: Game, mine: Seat | None) -> dict | None:
    """What a finished game's player sees of playing it again: nothing asked yet, or the
    rematch someone asked for, whether they sit in it and whether it still waits for them."""
    if mine is None or mine.status == Seat.Status.REMOVED or game.status != Game.Status.FINISHED:
        return None
    rematch = current_rematch(game)
    if rematch is None:
        # Against bots alone nobody is invited: the rematch starts as it is made.
        return {"game": None, "people": game.seats.exclude(user=None).exclude(user_id=mine.user_id).exists()}
    return {
        "game": rematch,
        "by": rematch.created_by.profile.name if rematch.created_by_id else "",
        "seated": rematch.seats.filter(user_id=mine.user_id).exists(),
    }


def _rematch_of(game: Game, user) -> Game | None:
    """The game this one plays again, to a viewer who may see it (a private one: its players, staff)."""
    previous = game.rematch_of
    if previous is None or previous.visibility == Game.Visibility.OPEN or user.is_staff:
        return previous
    return previous if user.is_authenticated and previous.seats.filter(user=user).exists() else None


def table_context(
    request: HttpRequest, game: Game, since: int | None = None, thinking: list[int] | None = None
) -> dict:
    """What the table shows. `since`: the version the recap starts from ("since your last look");
    None for the seat's own baseline, which an htmx refresh carries so the recap stays put.
    `thinking`: the bots working out a move, when the caller has already asked."""
    seats = list(game.seats.select_related("user__profile").order_by("position", "pk"))
    mine = presenters.seat_of(game, request.user)
    position = presenters.private_position(game, mine)
    recap = latest = None
    if game.state is not None:
        names = {s.position: s.name for s in seats if s.position is not None}
        replay = Replay.of(game)  # one log read for both stories
        latest = recaps.latest_moves(game, position, names, replay)
        if mine is not None:
            since = looks.look_baseline(mine) if since is None else since
            recap = recaps.recap(game, position, since, names, replay=replay)
    open_waits = {d.seat: d for d in Deadline.objects.filter(game=game, closed_at__isnull=True)}
    sections.annotate_seats([game], lambda _game: seats)
    actions = presenters.legal_action_choices(game, position)
    thinking = bots_thinking(game) if thinking is None else thinking
    manage = can_manage(game, request.user)
    # The seats this viewer may give away: a player gone, or, for an organiser, any player (the
    # service's own rule, so no seat is offered that the service then refuses). A manager
    # who did not create the game is an organiser already (can_manage asked); a creator, only
    # where a player still plays is it worth asking.
    seated = [seat for seat in seats if seat.position is not None]
    creator = game.created_by_id is not None and game.created_by_id == getattr(request.user, "pk", None)
    playing = [seat for seat in seated if not absent(seat)]
    organiser = manage and (not creator or (bool(playing) and is_organiser(game, request.user)))
    givable = [seat for seat in seated if absent(seat) or organiser] if manage else []
    return {
        "game": game,
        "seats": seats,
        "my_seat": mine,
        "view": presenters.table_view(game, position),
        "actions": actions,
        "turn_note": presenters.turn_note(game, position, {s.position: s.name for s in seats}) if actions else "",
        "refusals": presenters.refused_picks(game, position) if actions else {},
        "bots_thinking": thinking,
        # Quick refreshes only while the viewer has nothing to do: a refresh would reset a move being pointed at.
        "refresh_seconds": REFRESH_SECONDS_WHILE_BOTS_THINK if thinking and not actions else REFRESH_SECONDS,
        "my_deadline": open_waits.get(position),
        "waiting_for": [seat for seat in seats if seat.position in open_waits],
        "open_waits": open_waits,
        "latest": latest,
        "can_organise": manage,
        "givable_seats": givable,
        "game_links": sections.game_links([game]).get(game.pk, []),
        "settings": settings_words(game),
        "table_sections": sections.table_sections(game, request.user),
        "resign_notes": sections.resign_notes(game, mine) if mine is not None and game.is_live else [],
        "seat_offers": list(game.seat_offers.standing().filter(user=request.user))
        if request.user.is_authenticated
        else [],
        "my_invitation": None if mine else _open_invitation(game, request.user),
        "invited": _invited(game, request.user) if mine and game.status == Game.Status.OPEN else [],
        "rematch": _rematch(game, mine),
        "rematch_of": _rematch_of(game, request.user),
        "may_talk": talk.may_talk(game, mine),
        "talk": table_talk.latest(game),
        "talk_limit": talk.MAX_LENGTH,
        "max_extension_hours": longest_extension(game, request.user),
        "events": list(game.events.select_related("actor__profile").order_by("-created_at", "-pk")[:10]),
        "refill_card": {"id": "refill", "habitat": None, "value": None},
        "seat_names": [seat.name for seat in seats if seat.position is not None],
        "winners": [str(seat.name) for seat in seats if seat.rank == 1] if game.status == Game.Status.FINISHED else [],
        # The places the site recorded (a player who left below those who stayed), for score sheets
        # that rank by themselves.
        "final_places": {seat.position: seat.rank for seat in seats if seat.rank}
        if game.status == Game.Status.FINISHED
        else None,
        "engine_template": select_template([f"games/table/{game.engine}.html", "games/table/generic.html"]),
        "recap": recap,
        "marks": presenters.last_move_marks(game.engine, latest.last if latest else None),
        "ahead": ahead_panel(game, mine),
        "delegate": delegate_panel(game, mine),
    }


def stamped(request: HttpRequest, game: Game) -> tuple[list[int], str]:
    """The bots thinking now, and the stamp of the table the viewer is about to be shown."""
    thinking = bots_thinking(game)
    return thinking, table_stamp(game, request.user, thinking)


def table(request: HttpRequest, game_id: int) -> HttpResponse:
    game = visible_game(request, game_id)
    since = request.GET.get("since", "")
    # Any version is safe to ask for: a recap shows only the viewer's own views.
    since = whole_number(since, high=2**31 - 1)
    since = None if since is None else min(since, game.version)
    thinking, stamp = stamped(request, game)
    if request.htmx and request.GET.get("stamp") == stamp:
        return HttpResponse(status=204)  # nothing the table shows has changed: htmx keeps it
    context = table_context(request, game, since, thinking) | {"stamp": stamp}
    if request.htmx:
        return render(request, "games/table_body.html", context)
    if context["my_seat"] is not None:
        looks.do_note_look(context["my_seat"].pk, game.version)
    return render(request, "games/table.html", context)


@login_required
@require_POST
def act(request: HttpRequest, game_id: int) -> HttpResponse:
    # The busiest page: one small query for the seat, then do_action locks and loads the game itself.
    position = (
        Seat.objects.filter(game_id=game_id, user=request.user, position__isnull=False)
        .order_by("position")
        .values_list("position", flat=True)
        .first()
    )
    try:
        if position is None:
            visible_game(request, game_id)  # 404 for a game the player may not see
            raise ActionRejected("not_your_seat", _("You have no seat in this game."))
        action = loads_move(request.POST.get("action", ""))
        version = int(request.POST.get("version", ""))
        do_action(game_id, position, action, Action.Channel.WEB, user=request.user, expected_version=version)
    except (ValueError, TypeError):
        messages.error(request, _("That submission was not understood; nothing was changed."))
    except ActionRejected as rejected:
        messages.error(request, rejected.message)
    return table_after_post(request, game_id)


def table_after_post(request: HttpRequest, game_id: int) -> HttpResponse:
    """After a form at the table: htmx gets the table's body as it is now, a plain form a redirect."""
    if request.htmx:
        game = visible_game(request, game_id)
        thinking, stamp = stamped(request, game)
        return render(request, "games/table_body.html", table_context(request, game, None, thinking) | {"stamp": stamp})
    return redirect("games:table", game_id=game_id)


@login_required
@require_POST
def say(request: HttpRequest, game_id: int) -> HttpResponse:
    """Table talk: one message from a player; a refusal says why and keeps nothing."""
    visible_game(request, game_id)  # 404 for a game the writer may not see
    try:
        do_say(game_id, request.user, request.POST.get("text", ""))
    except ActionRejected as rejected:
        messages.error(request, rejected.message)
    return redirect(reverse("games:table", args=[game_id]) + "#talk")
