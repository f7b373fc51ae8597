"""Mail that game events cause, queued in the outbox inside the same transaction.

Each function is one message; the outbox key names the event so that a
message is queued at most once however often the event is processed. The
messages themselves (the seat's private view, reply address, action links,
preferences) are the mailer's, which `games.bymail` registers when the site
starts: the services say what happened, never how a mail is made.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import Protocol

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.utils import timezone

from games.models import Action, Deadline, Game, GameEvent, Invitation, Seat, SeatOffer


class Mailer(Protocol):
    """What the services ask of the mail; `games.bymail.mailer` is the site's."""

    def your_turn(self, game: Game, seat: Seat, deadline: Deadline, send_at: datetime | None) -> None: ...
    def answers_ahead(self, game: Game, seats: list[Seat], present: Callable[[], set[int]]) -> None: ...
    def turn_goes_on(self, game: Game, seat: Seat, deadline: Deadline, send_at: datetime, now: datetime) -> None: ...
    def reminder(self, game: Game, seat: Seat, deadline: Deadline) -> None: ...
    def timed_out(
        self, game: Game, seat: Seat, deadline: Deadline, replaced_by_bot: bool, seqs: list[int] | None
    ) -> None: ...
    def phase_results(self, game: Game, outcome, seats, present, send_at: datetime) -> None: ...
    def game_over(self, game: Game) -> None: ...
    def load_opt_outs(self, users: list) -> None: ...
    def invitation(self, invite: Invitation) -> None: ...
    def table_event(self, event: GameEvent, recipients: list, offer_back: bool = False) -> None: ...
    def seat_offered(self, offer: SeatOffer) -> None: ...
    def table_adjudicated(self, event: GameEvent, recipients: list, tournament: str, tournament_link: str) -> None: ...


_mailers: list[Mailer] = []


def register_mailer(mailer: Mailer) -> None:
    """Called once when the site starts (`games.bymail`'s app config)."""
    if mailer not in _mailers:
        _mailers.append(mailer)


def _mailer() -> Mailer:
    if not _mailers:
        raise ImproperlyConfigured("No mailer is registered: is games.bymail in INSTALLED_APPS?")
    return _mailers[-1]


def invitation_mail_key(invitation_id: int) -> str:
    """The outbox key of an invitation's mail (dropped while unsent if it is withdrawn)."""
    return f"invite:{invitation_id}"


def invitation(invite: Invitation) -> None:
    _mailer().invitation(invite)


def table_event(event: GameEvent, recipients: list, offer_back: bool = False) -> None:
    """Tell each recipient what happened at the table (a pause, a seat changing hands);
    `offer_back`: the recipient created the game and may offer a bot's seat to a person."""
    _mailer().table_event(event, recipients, offer_back=offer_back)


def seat_offered(offer: SeatOffer) -> None:
    _mailer().seat_offered(offer)


def table_adjudicated(event: GameEvent, recipients: list, tournament: str, tournament_link: str) -> None:
    _mailer().table_adjudicated(event, recipients, tournament, tournament_link)


def your_turn(game: Game, seat: Seat, deadline: Deadline, present: bool = False) -> None:
    """`present`: the player moved at the table moments ago; the mail waits in case they play the turn there."""
    now = timezone.now()
    grace = timedelta(seconds=settings.GAME_MAIL_GRACE_SECONDS)
    # Never held back when the wait is short (a low time bank): the player must hear of it in time.
    hold = present and deadline.closes_at - now > 2 * grace
    _mailer().your_turn(game, seat, deadline, send_at=now + grace if hold else None)


def answers_ahead(game: Game, seats: list[Seat], now: datetime) -> None:
    """Ask each seat not called what it may answer ahead now, once a phase (by mail, unless its
    player is at the table, where the table asks)."""
    _mailer().answers_ahead(game, seats, present=lambda: at_the_table(game, seats, now))


def turn_goes_on(game: Game, seat: Seat, deadline: Deadline, now: datetime) -> None:
    """`seat` made a step of a turn that goes on: a turn mail held back for it waits a grace more."""
    _mailer().turn_goes_on(game, seat, deadline, now + timedelta(seconds=settings.GAME_MAIL_GRACE_SECONDS), now)


def at_the_table(game: Game, seats: list[Seat], now: datetime) -> set[int]:
    """The positions among `seats` whose own player moved on the site or through the API within
    GAME_MAIL_GRACE_SECONDS."""
    grace = settings.GAME_MAIL_GRACE_SECONDS
    players = {seat.position: seat.user_id for seat in seats if seat.user_id is not None}
    if not players or grace <= 0:
        return set()
    known = getattr(_preloaded, "movers", None)
    if known is not None and known[0] == now and game.pk in known[1]:
        moved = known[1][game.pk]
    else:
        since = now - timedelta(seconds=grace)
        live = Action.objects.filter(channel__in=Action.LIVE_CHANNELS, created_at__gte=since)
        recent = live.filter(game=game, seat__in=players)
        moved = set(recent.values_list("seat", "actor_id").distinct())
    # By who moved, not only the seat: a seat that changed hands is not at the table with its old player.
    return {seat for seat, actor in moved if seat in players and players[seat] == actor}


_preloaded = threading.local()


@contextmanager
def preload_at_the_table(game_ids: list[int], now: datetime) -> Iterator[None]:
    """Who moved live at these games within the grace before `now`, read once for a block that
    opens many waits (the deadline sweep: a turn a timeout opens may find its player there)."""
    grace = settings.GAME_MAIL_GRACE_SECONDS
    movers: dict[int, set[tuple[int, int]]] = {game_id: set() for game_id in game_ids}
    if grace > 0 and game_ids:
        recent = Action.objects.filter(
            game_id__in=game_ids, channel__in=Action.LIVE_CHANNELS, created_at__gte=now - timedelta(seconds=grace)
        )
        for game_id, seat, actor in recent.values_list("game_id", "seat", "actor_id").distinct():
            movers[game_id].add((seat, actor))
    _preloaded.movers = (now, movers)
    try:
        yield
    finally:
        _preloaded.movers = None


def reminder(game: Game, seat: Seat, deadline: Deadline) -> None:
    _mailer().reminder(game, seat, deadline)


def timed_out(game: Game, seat: Seat, deadline: Deadline, replaced_by_bot: bool, seqs: list[int] | None = None) -> None:
    """`seqs`: the moves made for the seat, which the mail names."""
    _mailer().timed_out(game, seat, deadline, replaced_by_bot, seqs)


def phase_results(game: Game, outcome, seats: list[Seat] | None = None, now: datetime | None = None) -> None:
    """`now`: set when a move somebody made ended the round, so its players may be at the table."""

    def present(seats: list[Seat]) -> set[int]:
        return at_the_table(game, seats, now) if now is not None else set()

    grace = timedelta(seconds=settings.GAME_MAIL_GRACE_SECONDS)
    _mailer().phase_results(game, outcome, seats, present=present, send_at=timezone.now() + grace)


def game_over(game: Game) -> None:
    _mailer().game_over(game)


def batched():
    """A block whose mails are queued with one INSERT at its end (see `outbox.sending.collecting`)."""
    from wildcards_site.outbox.sending import collecting

    return collecting()


def load_preferences(seats: list[Seat]) -> None:
    """Read the mail preferences of these seats' players at once, before mailing many of them."""
    _mailer().load_opt_outs([seat.user for seat in seats if seat.user_id is not None])
