"""What a game's creator or an organiser (staff) may do, and resigning."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Game, Seat
from games.services import timing
from games.services.deadlines import abandon
from games.services.errors import ActionRejected
from games.services.play import Outcome, advance, lock_game


def _check_organiser(game: Game, user) -> None:
    if not (user.is_staff or game.created_by_id == user.pk):
        raise ActionRejected("forbidden", _("Only the game's creator or an organiser can do this."))


def do_pause(game_id: int, user, now: datetime | None = None) -> Game:
    with transaction.atomic():
        game = lock_game(game_id)
        _check_organiser(game, user)
        if game.status != Game.Status.RUNNING:
            raise ActionRejected("not_running", _("Only a running game can be paused."))
        game.status, game.paused_at = Game.Status.PAUSED, now or timezone.now()
        game.save(update_fields=["status", "paused_at"])
        return game


def do_resume(game_id: int, user, now: datetime | None = None) -> Game:
    """Resume; every open deadline moves by the time the game was paused."""
    now = now or timezone.now()
    with transaction.atomic():
        game = lock_game(game_id)
        _check_organiser(game, user)
        if game.status != Game.Status.PAUSED:
            raise ActionRejected("not_paused", _("The game is not paused."))
        timing.resume_waits(game, now - game.paused_at)
        game.status, game.paused_at = Game.Status.RUNNING, None
        game.save(update_fields=["status", "paused_at"])
        return game


def do_extend_deadline(game_id: int, user, seat: int, hours: int) -> Game:
    if not 1 <= hours <= 24 * 30:
        raise ActionRejected("bad_extension", _("An extension is between 1 hour and 30 days."))
    with transaction.atomic():
        game = lock_game(game_id)
        _check_organiser(game, user)
        if timing.extend_wait(game, seat, hours * 3600) is None:
            raise ActionRejected("no_deadline", _("That seat has no open deadline to extend."))
        return game


def do_replace_player(game_id: int, user, seat: int, new_user, now: datetime | None = None) -> Game:
    """Give a seat to another person (or to a bot when `new_user` is None)."""
    now = now or timezone.now()
    with transaction.atomic():
        game = lock_game(game_id)
        _check_organiser(game, user)
        if not game.is_live:
            raise ActionRejected("not_running", _("Players can only be replaced in a running game."))
        if new_user is not None and game.seats.filter(user=new_user).exists():
            raise ActionRejected("already_seated", _("That player already has a seat in this game."))
        target = game.seats.get(position=seat)
        target.user = new_user
        target.kind = Seat.Kind.HUMAN if new_user else Seat.Kind.BOT
        target.status = Seat.Status.PLAYING
        target.consecutive_timeouts = 0
        target.save(update_fields=["user", "kind", "status", "consecutive_timeouts"])
        if game.status == Game.Status.RUNNING:
            # The new occupant gets a fresh wait (and mail); the other seats' clocks run on.
            timing.cancel_wait(game, seat, now)
            advance(game, now, Outcome(game))
        return game


def do_resign(game_id: int, user, now: datetime | None = None) -> Game:
    """Leave a running game: a bot plays on, and the player ranks below everyone who stayed."""
    now = now or timezone.now()
    with transaction.atomic():
        game = lock_game(game_id)
        if not game.is_live:
            raise ActionRejected("not_running", _("You can only resign from a running game."))
        seat = game.seats.filter(user=user, kind=Seat.Kind.HUMAN).first()
        if seat is None:
            raise ActionRejected("not_your_seat", _("You have no seat in this game."))
        seat.kind, seat.status = Seat.Kind.BOT, Seat.Status.RESIGNED
        seat.save(update_fields=["kind", "status"])
        if not game.seats.filter(kind=Seat.Kind.HUMAN, status=Seat.Status.PLAYING).exists():
            abandon(game, now)
        elif game.status == Game.Status.RUNNING:
            advance(game, now, Outcome(game))
        return game
