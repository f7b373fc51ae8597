"""A delegate: a bot that plays a seat's moves while its player is away, from the seat's view.

"back": every move of the seat until its player moves again (at the table, by mail or through
the API) or says they are back. "round:r3": the card play of that round (Wizard: "play my cards
this round, to make my bid"); its bids stay the player's, and it ends with the round. The
delegate plays at Standard (the level a timeout plays at), rated or not: ratings measure people,
and a delegate is no stronger than the site's default move. Its moves are stored on the channel
`delegate`. Nobody but the seat's player can tell that it has one until it moves.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.engines import get_engine
from games.engines.base import hands_over_rounds
from games.models import Game, Seat
from games.services.delegate_rules import BACK, ROUND, acts
from games.services.errors import ActionRejected
from games.services.play import Outcome, advance, load_seats, lock_game


def do_delegate(game_id: int, user, scope: str, now: datetime | None = None) -> Outcome:
    """Hand the seat to a delegate (`scope` BACK or ROUND); if the seat is asked now, the delegate
    moves at once. Refused when the game or the event does not allow it."""
    now = now or timezone.now()
    with transaction.atomic():
        game = lock_game(game_id)
        seats = load_seats(game)
        return delegate_locked(game, seats, user, scope, now)


def delegate_locked(game: Game, seats: list[Seat], user, scope: str, now: datetime) -> Outcome:
    if game.status != Game.Status.RUNNING:
        raise ActionRejected("not_running", _("This game is not running, so nothing can be played in it."))
    seat = next((s for s in seats if s.user_id == user.pk and s.kind == Seat.Kind.HUMAN), None)
    if seat is None or seat.status != Seat.Status.PLAYING:
        raise ActionRejected("not_your_seat", _("Only the game's players can hand their own seat to a delegate."))
    if not delegation_allowed(game):
        raise ActionRejected("forbidden", _("The organisers of this event do not allow delegates."))
    engine = get_engine(game.engine)
    if scope == ROUND:
        if not hands_over_rounds(engine):
            raise ActionRejected("illegal", _("This game has no round whose card play a delegate could take."))
        value = f"{ROUND}:{engine.round_key(game.state)}"
    elif scope == BACK:
        value = BACK
    else:
        raise ActionRejected("illegal", _("A delegate plays until you are back, or this round's cards."))
    seat.delegate = value
    Seat.objects.filter(pk=seat.pk).update(delegate=value)
    outcome = Outcome(game)
    if seat.position in engine.to_act(game.state) and acts(engine, game.state, seat):
        advance(game, now, outcome, answered={seat.position: True}, seats=seats)
    return outcome


def do_end_delegate(game_id: int, user) -> bool:
    """The player is back: their delegate stops; False when there was none."""
    with transaction.atomic():
        game = lock_game(game_id)
        return end_locked(game, user)


def end_locked(game: Game, user) -> bool:
    return Seat.objects.filter(game=game, user=user).exclude(delegate="").update(delegate="") > 0


def delegation_allowed(game: Game) -> bool:
    """Tournament organisers decide for their event's tables (on by default); other games allow it."""
    return game.allow_delegates
