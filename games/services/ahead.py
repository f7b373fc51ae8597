"""Answers ahead: a player not yet called stores what they will do when called, by case.

The engine says what a seat may answer now (`ahead_cases`) and, when the seat is called, which
cases hold (`ahead_facts`). `do_answer_ahead` stores one answer (the later of two for one case
is kept) or, when the seat is called already and the case holds, makes it as the move now;
`do_drop_answer` takes one back. Inside `play.advance`, `ahead_pending.Pending` plays the first stored answer
of a called seat whose case holds and whose move is legal, on the channel `ahead`, before any
wait opens (so no turn mail goes out for it); one whose move is not legal then is dropped with
its reason kept for its owner, and the seat is asked as usual. An answer never outlives its
phase. Nobody but the owner reads these rows.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.ahead.models import StoredAnswer
from games.engines import get_engine
from games.engines.base import answers_ahead
from games.models import Game, Seat
from games.services.errors import ActionRejected
from games.services.play import Outcome, act_locked, load_seats, lock_game


@dataclass
class Stored:
    """What `do_answer_ahead` did: stored the answer, or played it as the move now."""

    answer: StoredAnswer | None = None
    outcome: Outcome | None = None


def _key(action: dict) -> str:
    return json.dumps(action, sort_keys=True)


def _own_seat(game: Game, user, seats: list[Seat]) -> Seat:
    seat = next((s for s in seats if s.user_id == user.pk and s.kind == Seat.Kind.HUMAN), None)
    if seat is None or seat.status != Seat.Status.PLAYING:
        raise ActionRejected("not_your_seat", _("Only the game's players can answer ahead, for their own seat."))
    return seat


def _check_running(game: Game) -> None:
    if game.status == Game.Status.PAUSED:
        raise ActionRejected("paused", _("The game is paused; you can act again when it resumes."))
    if game.status != Game.Status.RUNNING:
        raise ActionRejected("not_running", _("This game is not running, so nothing can be played in it."))


def do_answer_ahead(
    game_id: int, user, phase: str, case: str, action: dict, channel: str, now: datetime | None = None
) -> Stored:
    """Store `action` for `case` of `phase`; refused (nothing changed) when the seat may not answer
    that case now or the move is not one it could then make. `channel`: where it came from, for
    the move made now when the seat is called already and the case holds."""
    now = now or timezone.now()
    with transaction.atomic():
        game = lock_game(game_id)
        return store_locked(game, load_seats(game), user, phase, case, action, channel, now)


def store_locked(
    game: Game, seats: list[Seat], user, phase: str, case: str, action: dict, channel: str, now: datetime
) -> Stored:
    """`do_answer_ahead` on a game its caller has locked (a reply by mail locks once)."""
    _check_running(game)
    engine = get_engine(game.engine)
    if not answers_ahead(engine) or not game.allow_ahead:
        raise ActionRejected("no_answers_ahead", _("This game does not take answers ahead."))
    seat = _own_seat(game, user, seats)
    if seat.position in engine.to_act(game.state):
        facts = engine.ahead_facts(game.state, seat.position)
        if facts is not None and facts[0] == phase and case in facts[1]:
            # Called meanwhile, in this very case: the answer is the move now.
            outcome = act_locked(game, seat.position, action, channel, user, game.version, now, seats)
            return Stored(outcome=outcome)
    offered = next(
        (c for c in engine.ahead_cases(game.state, seat.position) if c["phase"] == phase and c["case"] == case),
        None,
    )
    if offered is None:
        raise ActionRejected(
            "no_such_case", _("This case cannot be answered ahead now: the game has moved on. Look at the table.")
        )
    if _key(action) not in {_key(move) for move in offered["moves"]}:
        raise ActionRejected("illegal", _("That move cannot be made in this case."))
    answer, _created = StoredAnswer.objects.update_or_create(
        game=game,
        seat=seat.position,
        phase=phase,
        case=case,
        defaults={
            "user": user,
            "action": action,
            "status": StoredAnswer.Status.WAITING,
            "reason": None,
            "updated_at": now,
        },
        create_defaults={"user": user, "action": action, "created_at": now, "updated_at": now},
    )
    return Stored(answer=answer)


def do_drop_answer(game_id: int, user, phase: str, case: str) -> bool:
    """Take back one's stored answer for a case; False when there was none (played or dropped already)."""
    with transaction.atomic():
        game = lock_game(game_id)
        seat = _own_seat(game, user, load_seats(game))
        found = StoredAnswer.objects.filter(game=game, seat=seat.position, phase=phase, case=case)
        return found.filter(status=StoredAnswer.Status.WAITING).delete()[0] > 0


def answers_of(game: Game, seat: int, user) -> list[StoredAnswer]:
    """The seat's stored answers, for its owner only: waiting ones and those dropped with a reason."""
    return list(StoredAnswer.objects.filter(game=game, seat=seat, user=user).order_by("phase", "case"))
