"""The history of finished games, players' pages and the replay of any game."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import select_template
from django.utils.translation import gettext as _

from games import presenters, registry, sections
from games.bymail.render import name_of
from games.history import finding as history
from games.history.archive import export_game
from games.history.replay_steps import Replay, action_visible, is_revealed, views_at
from games.models import Action, Game
from games.play.views import visible_game
from games.presenters.seat_names import SeatNames, names_along, names_at_step
from games.recap import recap

# The replay page lists the moves around the current step; the slider and the links reach the others.
LOG_WINDOW = 20


def history_list(request: HttpRequest) -> HttpResponse:
    form = history.HistoryFilterForm(request.GET or None)
    games = Game.objects.none()
    if form.is_bound and form.is_valid():
        games = history.finished_games(request.user, **form.cleaned_data)
    elif not form.is_bound:
        games = history.finished_games(request.user)
    page = Paginator(games, history.PAGE_SIZE).get_page(request.GET.get("page"))
    sections.annotate_seats(page)
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        "history/list.html",
        {"form": form, "page": page, "query": query.urlencode(), "titles": registry.TITLES},
    )


def player(request: HttpRequest, username: str) -> HttpResponse:
    person = get_object_or_404(get_user_model().objects.select_related("profile"), username=username)
    games = history.player_games(request.user, person)
    page = Paginator(games, history.PAGE_SIZE).get_page(request.GET.get("page"))
    rows = []
    for game in page:
        mine = next((seat for seat in game.seats.all() if seat.user_id == person.pk), None)
        rows.append({"game": game, "seat": mine, "others": [s for s in game.seats.all() if s is not mine]})
    sections.annotate_seats(row["game"] for row in rows)
    finished = [row["seat"] for row in rows if row["game"].status == Game.Status.FINISHED]
    return render(
        request,
        "history/player.html",
        {
            "person": person,
            "page": page,
            "rows": rows,
            "wins_on_page": sum(1 for seat in finished if seat and seat.rank == 1),
            "sections": sections.player_sections(person, request.user),
            "titles": registry.TITLES,
        },
    )


def replay(request: HttpRequest, game_id: int, step: int | None = None) -> HttpResponse:
    game = visible_game(request, game_id)
    if game.state is None:
        raise Http404("this game has not started")
    steps = Replay.of(game)
    if "step" in request.GET:
        try:
            wanted = int(request.GET["step"])
        except ValueError:
            wanted = steps.last_step
        return redirect("games:replay_step", game_id=game.pk, step=max(0, min(wanted, steps.last_step)))
    if step is None:
        step = steps.last_step if is_revealed(game) else 0
    if step > steps.last_step:
        raise Http404("no such step")
    return render(request, "history/replay.html", replay_context(request, game, steps, step))


def _tell_moves(game: Game, log: list[dict], window: list, viewer: int | None, names: dict, steps, every: bool) -> None:
    """A move is told as the table's latest moves tell it: in words built from the viewer's own
    views (games.recap), so a played card or an open bid reads, a sealed bid stays "made a sealed
    bid", and a move the viewer saw nothing of stays bare (not a mere "Move 3 by Bot
    1"). `every`: each move so, not only those without a label (a
    finished game's log would read the buttons' words, "Lay your owls…", for another player's move)."""
    lines = _lines(game, viewer, window, names, steps)
    if every:
        # A finished game hides nothing: each move as its own player saw it make it ("Alice bid
        # 2.", where a spectator read "made a sealed bid"), what it revealed from then on included.
        for seat in sorted({action.seat for action in window} - {None}):
            own = _lines(game, seat, window, names, steps)
            lines |= {action.seq: own[action.seq] for action in window if action.seat == seat and action.seq in own}
    for entry, action in zip(log, window, strict=True):
        said = lines.get(action.seq)
        bare = [_("%(who)s moved.") % {"who": entry["name"] or name_of(names, action.seat)}]
        if (every or entry["label"] is None) and said and said != bare:
            entry["label"] = " ".join(said)


def _lines(game: Game, viewer: int | None, window: list, names: dict, steps) -> dict[int, list[str]]:
    told = recap(game, viewer, window[0].seq, names, replay=steps, upto=window[-1].seq + 1, max_steps=len(window))
    return {step.action.seq: step.lines for step in told.steps}


def replay_context(request: HttpRequest, game: Game, steps: Replay, step: int) -> dict:
    revealed = is_revealed(game)
    mine = presenters.seat_of(game, request.user)
    viewer = presenters.private_position(game, mine)
    reader = mine.position if mine is not None else None
    seats = list(game.seats.select_related("user__profile").order_by("position", "pk"))
    names = SeatNames(seats)  # a bot seat says so, and its level: from when the bot took it
    state = steps.state_at(step)
    # The panels name the seats as they were at this step.
    along = names_along(names, steps.actions)
    shown = names_at_step(names, along, step)
    first = max(0, step - LOG_WINDOW)
    window = steps.actions[first : step + LOG_WINDOW]
    log = [
        {
            "step": action.seq + 1,
            "seat": action.seat,
            "name": names_at_step(names, along, first + index + 1).get(action.seat, ""),
            "channel": action.channel,
            "channel_label": Action.Channel(action.channel).label,
            "at": action.created_at,
            "label": presenters.action_label(action.payload, game.engine)
            if action_visible(action, viewer, revealed)
            else None,
        }
        for index, action in enumerate(window)
    ]
    if window:
        # Once the game is over, as anyone watching saw each move (the panels show every hand).
        _tell_moves(game, log, window, None if revealed else viewer, names, steps, every=revealed)
    return {
        "game": game,
        "seats": seats,
        "my_seat": mine,
        "revealed": revealed,
        "step": step,
        "last_step": steps.last_step,
        "previous": max(step - 1, 0),
        "next": min(step + 1, steps.last_step),
        "current": log[min(step, LOG_WINDOW) - 1] if step else None,
        "log_start": max(0, step - LOG_WINDOW) + 1,
        "log": log,
        "panels": [
            # A seat's panel speaks to its reader ("Your hand") only when it is the reader's own.
            {
                "seat": seat,
                "name": shown.get(seat) if seat is not None else None,
                "view": view,
                "as_other": seat != reader,
            }
            # The reader's own seat first: a finished replay opened on the first seat's view.
            for seat, view in sorted(views_at(steps, state, viewer, revealed), key=lambda pair: pair[0] != reader)
        ],
        "to_act": [shown.get(seat) for seat in steps.engine.to_act(state)],
        "engine_template": select_template([f"games/table/{game.engine}.html", "games/table/generic.html"]),
        "seat_names": [shown.get(position, "") for position in range(game.num_seats)],
        # The site's places (a player who left below those who stayed), for score sheets that rank.
        "final_places": {seat.position: seat.rank for seat in seats if seat.rank} if revealed else None,
        "refill_card": {"id": "refill", "habitat": None, "value": None},
        "title": registry.title(game.engine),
    }


def download(request: HttpRequest, game_id: int) -> HttpResponse:
    """A finished game as a file (what `manage.py export_game` and the API's export give), for
    whoever may see its table."""
    game = visible_game(request, game_id)
    if game.status != Game.Status.FINISHED:
        raise Http404("only a finished game can be downloaded")
    response = JsonResponse(export_game(game), json_dumps_params={"indent": 1, "ensure_ascii": False})
    response["Content-Disposition"] = f'attachment; filename="wildcards-{game.engine}-{game.pk}.json"'
    return response
