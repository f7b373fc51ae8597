"""Game mail with the seat's private view: your turn, reminder, timed out, round results, game over.

One function per message queues it in the outbox inside the caller's
transaction, under a key that names the event (so it is queued once), as
a recipe: the worker renders it (`build`) in the recipient's language from
the state at the version the event happened in.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from datetime import datetime

from django.db.models import Prefetch
from django.utils import timezone, translation

from games import terms
from games.bymail import game_over_ratings, preferences, render
from games.bymail.headers import game_headers
from games.bymail.mail_context import base_context, game_seats, seat_names, turn_context
from games.engines import get_engine
from games.history.replay import state_at
from games.models import Action, Deadline, Game, Seat
from games.presenters import action_label, private_position
from wildcards_site.emails import make_message
from wildcards_site.outbox import recipes
from wildcards_site.outbox.models import OutboxMessage
from wildcards_site.outbox.sending import queue_recipe

# Queueing: inside the game's transaction, only who gets which mail about which version.


def _queue(key: str, seat: Seat, event: str, game: Game, send_at: datetime | None = None, **facts) -> None:
    recipe = {"builder": "game", "event": event, "game": game.pk, "seat": seat.position, "version": game.version}
    queue_recipe(key, seat.user.email, recipe | facts, send_at=send_at)


def your_turn(game: Game, seat: Seat, deadline: Deadline, send_at: datetime | None = None) -> None:
    """`send_at`: not before then (a player at the table); the mail is dropped if the turn is played
    first. Each step of a turn of several made meanwhile moves it on (`turn_goes_on`), and when it
    goes it asks for the step the turn is at."""
    if seat.user_id is None or not preferences.wants(seat.user, "your-turn"):
        return
    key = f"turn:{game.pk}:{seat.position}:{deadline.pk}"
    _queue(key, seat, "your-turn", game, send_at=send_at, deadline=deadline.pk)


def turn_goes_on(game: Game, seat: Seat, deadline: Deadline, send_at: datetime, now: datetime) -> None:
    """The seat made a step of its turn and the turn goes on (CuBirds: lay, then draw or not): a
    turn mail still held back for it waits until `send_at`. Played on, the turn closes its wait
    and the mail is dropped; left halfway, the player is mailed the step the turn is at."""
    key = f"turn:{game.pk}:{seat.position}:{deadline.pk}"
    OutboxMessage.objects.filter(key=key, status=OutboxMessage.Status.PENDING, next_attempt_at__gt=now).update(
        next_attempt_at=send_at
    )


def reminder(game: Game, seat: Seat, deadline: Deadline) -> None:
    if seat.user_id is None or not preferences.wants(seat.user, "reminder"):
        return
    _queue(f"reminder:{deadline.pk}", seat, "reminder", game, deadline=deadline.pk)


def timed_out(game: Game, seat: Seat, deadline: Deadline, replaced_by_bot: bool, seqs: list[int] | None = None) -> None:
    if seat.user_id is None or not preferences.wants(seat.user, "timed-out"):
        return
    # Counted now: a move of the player's own resets the count before the mail may be built.
    facts = {
        "deadline": deadline.pk,
        "replaced_by_bot": replaced_by_bot,
        "made": seqs or [],
        "misses": seat.consecutive_timeouts,
        "misses_left": max(game.timeouts_before_bot - seat.consecutive_timeouts, 0),
    }
    if replaced_by_bot:  # who can give the seat back (services/seats.py): else the player is never told
        if game.created_by_id is None:
            facts["comeback"] = "organisers"  # a tournament's table
        elif game.created_by_id != seat.user_id:
            facts["comeback"], facts["creator"] = "creator", game.created_by.profile.name
    _queue(f"timeout:{deadline.pk}", seat, "timed-out", game, **facts)


def game_over(game: Game) -> None:
    """A rated game's mail waits for its rating (`game_over_ratings`); an abandoned game has none."""
    finished = game.status == Game.Status.FINISHED
    send_at = game_over_ratings.held_until(game, timezone.now()) if finished else None
    for seat in game.seats.select_related("user__profile"):
        if seat.user_id is None or not preferences.wants(seat.user, "game-over"):
            continue
        _queue(game_over_ratings.key(game.pk, seat.position), seat, "game-over", game, send_at=send_at)


def phase_results(
    game: Game,
    outcome,
    seats: list[Seat] | None = None,
    present: Callable[[list[Seat]], set[int]] = lambda seats: set(),
    send_at: datetime | None = None,
) -> None:
    """After a round (Wild Cards, Wizard) or a year (Emu Ranchers) ends: what it revealed, to every player.

    Called by `advance` before the new waits open, while `game.phase_key`
    still names the phase that was left. `present(seats)`: the positions whose
    player is at the table; their mail waits until `send_at` and is dropped if
    they move on the site meanwhile (they saw the round end).
    """
    engine = get_engine(game.engine)
    module = render.module(game.engine)
    if module is None or engine.is_over(game.state):
        return
    finished = module.round_of(game.phase_key)
    if finished is None or finished == module.round_of(engine.phase_key(game.state)):
        return
    first = outcome.actions[0].seq if outcome.actions else game.version
    if seats is None:
        seats = list(game.seats.select_related("user__profile"))
    readers = [
        seat
        for seat in seats
        if seat.kind == Seat.Kind.HUMAN and seat.user_id is not None and preferences.wants(seat.user, "phase-results")
    ]
    here = present(readers) if readers else set()
    for seat in readers:
        key = f"results:{game.pk}:{finished}:{seat.position}"
        waits = {"send_at": send_at, "unless_moved": True} if seat.position in here else {}
        _queue(key, seat, "phase-results", game, round=finished, first_seq=first, **waits)


# Rendering: in the worker, from the recipe's facts and the state at its version.


@recipes.register("game")
def build(recipe: dict, memo: dict):
    """The mail a game recipe describes, or None when it is no longer wanted.

    `memo` is shared by the recipes of one batch: a round's results to every
    player load the game, its seats and its state at that version once.
    """
    if recipe["event"] in ("your-turn", "reminder") and _open_deadline(recipe, memo) is None:
        return None  # checked first: it is the cheap answer for a turn already played
    if ("game", recipe["game"]) not in memo:
        seats = Prefetch("seats", queryset=Seat.objects.select_related("user__profile"))
        memo["game", recipe["game"]] = Game.objects.filter(pk=recipe["game"]).prefetch_related(seats).first()
    current = memo["game", recipe["game"]]
    seat = current and next((s for s in current.seats.all() if s.position == recipe["seat"]), None)
    if seat is None or seat.user_id is None:
        return None
    if recipe.get("unless_moved") and _moved_on_the_site_since(recipe, seat.user_id):
        return None  # results a player at the table saw, then moved on from
    version = recipe["version"]
    if recipe["event"] in ("your-turn", "reminder") and _moves_since(recipe).exists():
        # The wait is still open, so the seat's turn has steps left (CuBirds: lay, then draw or
        # not): the mail asks for the step the turn is at, not for the one already made.
        version = current.version
    if ("state", current.pk, version) not in memo:
        memo["state", current.pk, version] = state_at(current, version)
    current.__dict__.setdefault("_belongs_to", {})  # shared by the copies: asked once a batch (`belongs_to`)
    game = copy.copy(current)  # the memo's row stays as it is in the database
    game.state, game.version = memo["state", current.pk, version], version
    return _BUILDERS[recipe["event"]](game, seat, recipe, memo)


def _message(key: str, name: str, seat: Seat, game: Game, event: str, ctx_builder, reply_to: bool = False):
    profile = seat.user.profile
    with translation.override(profile.language):
        ctx = ctx_builder()
    headers = game_headers(key, game.pk, seat.user_id, event, ctx.get("reply_to", "") if reply_to else "")
    ctx["unsubscribe_url"] = headers["List-Unsubscribe"][1:-1]
    return make_message(name, seat.user.email, ctx, profile.language, headers)


def _moves_since(recipe: dict):
    return Action.objects.filter(game_id=recipe["game"], seat=recipe["seat"], seq__gte=recipe["version"])


def _moved_on_the_site_since(recipe: dict, user_id: int) -> bool:
    """At the table or through the API, by the seat's own player."""
    return _moves_since(recipe).filter(channel__in=Action.LIVE_CHANNELS, actor_id=user_id).exists()


def _open_deadline(recipe: dict, memo: dict) -> Deadline | None:
    # A turn already played (on the site, by link or by the timeout) needs no mail asking for it.
    if ("deadline", recipe["deadline"]) not in memo:
        found = Deadline.objects.filter(pk=recipe["deadline"], closed_at__isnull=True).first()
        memo["deadline", recipe["deadline"]] = found
    return memo["deadline", recipe["deadline"]]


def _build_turn(game: Game, seat: Seat, recipe: dict, memo: dict):
    """Your turn, or its reminder: the seat's view and moves, while the wait is still open."""
    deadline = _open_deadline(recipe, memo)
    if deadline is None:
        return None
    event = recipe["event"]
    key = f"turn:{game.pk}:{seat.position}:{deadline.pk}" if event == "your-turn" else f"reminder:{deadline.pk}"
    return _message(key, event, seat, game, event, lambda: turn_context(game, seat, deadline), reply_to=True)


def _build_timed_out(game: Game, seat: Seat, recipe: dict, memo: dict):
    def build():
        # The table as the timeout left it: the mail is built when sent, and a bot that took the
        # seat may have played on since (a player who left sees no later hand of it on the site).
        made = recipe.get("made") or []
        state = state_at(game, max(made) + 1) if made else game.state
        # A seat a bot took is seen as a spectator sees it: its hand is the bot's now (the
        # player's takeover mail would list it, a card the default move drew among them).
        view = get_engine(game.engine).view(state, private_position(game, seat))
        return base_context(game, seat) | {
            "made": _made_for(game, seat, recipe.get("made") or []),
            "replaced_by_bot": recipe["replaced_by_bot"],
            "misses": recipe.get("misses") or 2,  # queued before the count was kept: at least two
            "misses_left": recipe.get("misses_left"),
            "comeback": recipe.get("comeback", ""),
            "creator": recipe.get("creator", ""),
            "board": render.board(game.engine, view, seat_names(game)),
        }

    return _message(f"timeout:{recipe['deadline']}", "timed-out", seat, game, "timed-out", build)


def _made_for(game: Game, seat: Seat, seqs: list[int]) -> list[str]:
    """The moves the timeout made for the seat, labelled from the seat's own view before each."""
    engine = get_engine(game.engine)
    labels = []
    for action in game.actions.filter(seq__in=seqs).order_by("seq"):
        view = engine.view(state_at(game, action.seq), seat.position)
        labels.append(action_label(action.payload, game.engine, view))
    return labels


def _build_game_over(game: Game, seat: Seat, recipe: dict, memo: dict):
    seats = sorted(game_seats(game), key=lambda s: (s.rank is None, s.rank or 0, s.position))

    def build():
        standings = [
            {
                "rank": s.rank,
                "name": str(s.label),
                "score": "" if s.score is None else terms.score_words(game.engine, s.score),
                "me": s.pk == seat.pk,
                # Leavers rank below those who stayed, whatever their bot scored: said, or it reads wrong.
                "left": s.user_id is not None and s.status != Seat.Status.PLAYING,
            }
            for s in seats
        ]
        changes = game_over_ratings.rating_rows(seats, recipe)
        for change in changes:
            change["me"] = change["player"] == seat.user_id
        return base_context(game, seat) | {
            # Stopped because nobody was left in it: no standings (the mail says why).
            "abandoned": game.status == Game.Status.ABANDONED,
            "standings": standings,
            "rating_changes": changes,
            "rating_newcomers": any(change["new"] for change in changes),
        }

    return _message(game_over_ratings.key(game.pk, seat.position), "game-over", seat, game, "game-over", build)


def _build_phase_results(game: Game, seat: Seat, recipe: dict, memo: dict):
    engine = get_engine(game.engine)
    module = render.module(game.engine)
    finished = recipe["round"]

    def build():
        names = seat_names(game)  # in the reader's language: a bot seat's mark says its level
        view = engine.view(game.state, seat.position)
        extra = {}
        if hasattr(module, "results_extra"):  # the same for every player
            key = ("results extra", game.pk, recipe["first_seq"], game.version)
            if key not in memo:
                memo[key] = _results_extra(game, module, recipe["first_seq"])
            extra = memo[key]
        results = module.results(view, names, extra)
        return base_context(game, seat) | {
            "round": finished,
            "results": results,
            "unit": render.results_unit(game.engine),
        }

    key = f"results:{game.pk}:{finished}:{seat.position}"
    return _message(key, "phase-results", seat, game, "phase-results", build)


_BUILDERS = {
    "your-turn": _build_turn,
    "reminder": _build_turn,
    "timed-out": _build_timed_out,
    "game-over": _build_game_over,
    "phase-results": _build_phase_results,
}


def _results_extra(game: Game, module, first_seq: int) -> dict:
    """The game's `results_extra` from the state the round began in and the round's moves (Wild
    Cards clears its public log when a round starts: the results tell the whole round's log)."""
    moves = game.actions.filter(seq__gte=first_seq, seq__lt=game.version).order_by("seq")
    return module.results_extra(state_at(game, first_seq), [(action.seat, action.payload) for action in moves])
