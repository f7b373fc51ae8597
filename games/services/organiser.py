"""What a game's creator or an organiser may do to its clock, and resigning.

The creator and organisers (registered by another app, see `games.permissions`) may
pause, resume and extend deadlines within the limits in settings (`GAME_MAX_*`); staff
alone go beyond them. Every such act is a `GameEvent`, shown in the table's log and
mailed to the players it touches. Seats changing hands: `games.services.seats`.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Game, GameEvent, Seat
from games.permissions import is_unlimited
from games.services import bot_choice, notify, timing
from games.services.deadlines import abandon
from games.services.errors import ActionRejected
from games.services.managing import check_manager
from games.services.play import Outcome, advance, lock_game


def _record(game: Game, kind: str, user, seat: int | None = None, **detail) -> GameEvent:
    return GameEvent.objects.create(game=game, kind=kind, seat=seat, actor=user, detail=detail)


def _count(game: Game, kind: str) -> int:
    return GameEvent.objects.filter(game=game, kind=kind).count()


STAFF_EXTENSION_HOURS = 24 * 30  # staff alone go beyond settings.GAME_MAX_EXTENSION_HOURS


def longest_extension(game: Game, user) -> int:
    """The most hours `user` may give a wait of `game` at once."""
    return _longest(is_unlimited(game, user))


def _longest(unlimited: bool) -> int:
    return STAFF_EXTENSION_HOURS if unlimited else settings.GAME_MAX_EXTENSION_HOURS


def do_pause(game_id: int, user, now: datetime | None = None) -> Game:
    with transaction.atomic():
        game = lock_game(game_id)
        check_manager(game, user)
        if game.status != Game.Status.RUNNING:
            raise ActionRejected("not_running", _("Only a running game can be paused."))
        if not is_unlimited(game, user) and _count(game, GameEvent.Kind.PAUSED) >= settings.GAME_MAX_PAUSES:
            raise ActionRejected(
                "too_many_pauses",
                _("This game has been paused %(count)s times already, the most allowed.")
                % {"count": settings.GAME_MAX_PAUSES},
            )
        game.status, game.paused_at = Game.Status.PAUSED, now or timezone.now()
        game.save(update_fields=["status", "paused_at"])
        event = _record(game, GameEvent.Kind.PAUSED, user, until=(game.paused_at + _longest_pause()).isoformat())
        notify.table_event(event, _players_but(game, user))
        return game


def _players_but(game: Game, user) -> list:
    """The people seated at the game, except the one who acted."""
    seats = game.seats.filter(user__isnull=False, kind=Seat.Kind.HUMAN).exclude(user=user).select_related("user")
    return [seat.user for seat in seats]


def _longest_pause() -> timedelta:
    return timedelta(days=settings.GAME_MAX_PAUSE_DAYS)


def _resume(game: Game, user, now: datetime) -> Game:
    timing.resume_waits(game, now - game.paused_at)
    game.status, game.paused_at = Game.Status.RUNNING, None
    game.save(update_fields=["status", "paused_at"])
    event = _record(game, GameEvent.Kind.RESUMED, user)
    notify.table_event(event, _players_but(game, user))
    return game


def do_resume(game_id: int, user, now: datetime | None = None) -> Game:
    """Resume; every open deadline moves by the time the game was paused."""
    now = now or timezone.now()
    with transaction.atomic():
        game = lock_game(game_id)
        check_manager(game, user)
        if game.status != Game.Status.PAUSED:
            raise ActionRejected("not_paused", _("The game is not paused."))
        return _resume(game, user, now)


def do_resume_long_pauses(now: datetime | None = None) -> int:
    """Resume every game paused for longer than GAME_MAX_PAUSE_DAYS (run by the deadline sweep)."""
    now = now or timezone.now()
    overdue = Game.objects.filter(status=Game.Status.PAUSED, paused_at__lte=now - _longest_pause())
    resumed = 0
    for game_id in overdue.values_list("pk", flat=True):
        with transaction.atomic():
            game = lock_game(game_id)
            if game.status == Game.Status.PAUSED and game.paused_at <= now - _longest_pause():
                _resume(game, None, now)
                resumed += 1
    return resumed


def do_extend_deadline(
    game_id: int, user, seat: int | list[int], hours: int, *, checked_by_caller: bool = False
) -> Game:
    """Give one seat's open wait, or several at once (`seat` a list), `hours` more: one extension
    of the game, as the limits count them, whatever the number of waits.

    `checked_by_caller`: the caller has checked `user` may extend this game, as one of many
    extended alike (a tournament round's every table, the organiser's own among them); the
    limits still apply."""
    seats = [seat] if isinstance(seat, int) else list(seat)
    with transaction.atomic():
        game = lock_game(game_id)
        if not checked_by_caller:
            check_manager(game, user)
        unlimited = is_unlimited(game, user)
        longest = _longest(unlimited)
        if not 1 <= hours <= longest:
            raise ActionRejected(
                "bad_extension", _("An extension is between 1 and %(hours)s hours.") % {"hours": longest}
            )
        if not unlimited and _count(game, GameEvent.Kind.EXTENDED) >= settings.GAME_MAX_EXTENSIONS:
            raise ActionRejected(
                "too_many_extensions",
                _("Deadlines of this game have been extended %(count)s times already, the most allowed.")
                % {"count": settings.GAME_MAX_EXTENSIONS},
            )
        for position in seats:
            if not (isinstance(position, int) and 0 <= position < game.num_seats):
                raise ActionRejected("no_deadline", _("That seat has no open deadline to extend."))
            if timing.extend_wait(game, position, hours * 3600) is None:
                raise ActionRejected("no_deadline", _("That seat has no open deadline to extend."))
        detail = {"hours": hours} if len(seats) == 1 else {"hours": hours, "seats": seats}
        event = _record(game, GameEvent.Kind.EXTENDED, user, seat=seats[0], **detail)
        holders = game.seats.filter(position__in=seats, kind=Seat.Kind.HUMAN).exclude(user=user)
        notify.table_event(event, [s.user for s in holders.select_related("user") if s.user_id])
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
        seat.kind, seat.status, seat.bot_level = Seat.Kind.BOT, Seat.Status.RESIGNED, bot_choice.TAKEOVER_LEVEL
        seat.left_at = now
        seat.save(update_fields=["kind", "status", "bot_level", "left_at"])
        last = not game.seats.filter(kind=Seat.Kind.HUMAN, status=Seat.Status.PLAYING).exists()
        # The log says the game stopped where nobody is left, not that a bot plays on.
        detail = {"previous": user.profile.name} | ({"stopped": True} if last else {})
        _record(game, GameEvent.Kind.SEAT_RESIGNED, user, seat=seat.position, **detail)
        if last:
            abandon(game, now)
        elif game.status == Game.Status.RUNNING:
            advance(game, now, Outcome(game))
        return game
