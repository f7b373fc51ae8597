"""The answer-ahead mail: what a player not yet called may answer now, case by case.

When a phase opens that a seat will be called in later (a Wizard trick another player leads,
the bids before its own), the seat is mailed its cases once, with a reply address that takes
answers ahead only (`services.mail_reply.AHEAD_WAIT`). Built by the worker from the version it
was queued at; dropped when, by then, the seat has nothing left to answer for that phase.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db.models import Prefetch
from django.utils import translation

from games.ahead.models import AHEAD_WAIT, StoredAnswer
from games.bymail import ahead_text, mail_context, preferences, render
from games.bymail.headers import game_headers
from games.bymail.tokens import WaitToken, reply_address
from games.engines import get_engine
from games.engines.base import answers_ahead
from games.history.replay import state_at
from games.models import Game, Seat
from games.services import delegate_rules
from wildcards_site.emails import make_message
from wildcards_site.outbox import recipes
from wildcards_site.outbox.models import OutboxMessage
from wildcards_site.outbox.sending import queue_recipe

EVENT = "answer-ahead"
# A case that only follows from winning the trick before (a lead): told in the mail of a phase,
# never a reason for a mail of its own.
LEAD = "lead"


def phase_to_tell(cases: list[dict]) -> str | None:
    """The phase a mail asks about: the first with a case other than a lead."""
    return next((case["phase"] for case in cases if case["case"] != LEAD), None)


def queue(game: Game, seats: list[Seat], present: Callable[[], set[int]]) -> None:
    """Queue the answer-ahead mail of each seat that has a new phase to answer (inside the
    game's transaction); once a phase and seat, never to a seat called now. `present()`: the
    seats whose players are at the table, where the table asks them: no mail (if they leave,
    their turn mail asks them when they are called, as it always did)."""
    engine = get_engine(game.engine)
    if not answers_ahead(engine) or not game.allow_ahead:
        return
    called = set(engine.to_act(game.state))
    phases: dict[int, str] = {}
    for seat in seats:
        if seat.position in called or seat.kind != Seat.Kind.HUMAN or seat.status != Seat.Status.PLAYING:
            continue
        if seat.delegate and delegate_rules.acts(engine, game.state, seat):
            continue  # its delegate plays it: the player asked not to be asked
        phase = phase_to_tell(engine.ahead_cases(game.state, seat.position))
        if phase is not None:
            phases[seat.position] = phase
    keys = {position: f"ahead:{game.pk}:{position}:{phase}" for position, phase in phases.items()}
    if not keys:
        return
    # Most moves open no new phase for anyone: one look at the outbox settles it.
    asked = set(OutboxMessage.objects.filter(key__in=keys.values()).values_list("key", flat=True))
    fresh = {position for position, key in keys.items() if key not in asked}
    if not fresh:
        return
    # Answered on the site already (a lead answered for it asks nothing of its other cases).
    stored = StoredAnswer.objects.filter(game=game, seat__in=fresh).exclude(case=LEAD)
    answered = set(stored.values_list("seat", "phase").distinct())
    here = present()
    for seat in seats:
        if seat.position not in fresh or (seat.position, phases[seat.position]) in answered:
            continue
        if not preferences.wants(seat.user, EVENT):
            continue
        recipe = {
            "builder": "ahead",
            "game": game.pk,
            "seat": seat.position,
            "version": game.version,
            "phase": phases[seat.position],
        }
        if seat.position not in here:
            queue_recipe(keys[seat.position], seat.user.email, recipe)


@recipes.register("ahead")
def build(recipe: dict, memo: dict):
    seats = Prefetch("seats", queryset=Seat.objects.select_related("user__profile"))
    game = Game.objects.filter(pk=recipe["game"]).prefetch_related(seats).first()
    seat = game and next((s for s in game.seats.all() if s.position == recipe["seat"]), None)
    if seat is None or seat.user_id is None or game.status != Game.Status.RUNNING:
        return None
    engine = get_engine(game.engine)
    if not any(c["phase"] == recipe["phase"] for c in engine.ahead_cases(game.state, seat.position)):
        return None  # called since, or the phase is over: nothing left to answer ahead
    game.state, game.version = state_at(game, recipe["version"]), recipe["version"]
    cases = engine.ahead_cases(game.state, seat.position)
    key = f"ahead:{game.pk}:{seat.position}:{recipe['phase']}"
    wait = WaitToken(game.pk, seat.position, game.version, AHEAD_WAIT)
    profile = seat.user.profile
    with translation.override(profile.language):
        ctx = mail_context.base_context(game, seat) | context(game, seat.position, cases)
        ctx["reply_to"] = reply_address(wait)
    headers = game_headers(key, game.pk, seat.user_id, EVENT, ctx["reply_to"])
    ctx["unsubscribe_url"] = headers["List-Unsubscribe"][1:-1]
    return make_message(EVENT, seat.user.email, ctx, profile.language, headers)


def context(game: Game, seat: int, cases: list[dict]) -> dict:
    """Every case the seat may answer now, as `ahead_text.groups` lists them, an example, the board."""
    engine = get_engine(game.engine)
    view = engine.view(game.state, seat)
    groups = ahead_text.groups(game.engine, view, cases)
    return {
        "groups": groups,
        "example": ahead_text.example(game.engine, groups),
        "board": render.board(game.engine, view, mail_context.seat_names(game)),
    }
