"""Who sits where once a game runs: a bot takes a seat, a vacated seat is offered and accepted.

Nobody is seated, rated or mailed without having agreed: a seat goes to a person only
when that person accepts an offer (`do_offer_seat`, then `do_accept_seat`). The creator
may offer or hand to a bot only a seat whose player is gone; an organiser may also take
a seat from a player still playing (it goes to a bot, and the player ranks last).

A game with no creator belongs to another app (a tournament's table): each seat stays
bound to the player seated at the start, whose result it is. It can go to a bot, and be
offered back to that player only, never to anyone else.

Seat changes are counted per game: at most `GAME_MAX_SEAT_CHANGES_PER_HOUR` in any hour,
so no one can bomb a player with mail through them.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Action, Game, GameEvent, Seat, SeatOffer
from games.permissions import is_organiser
from games.services import bot_choice, notify, timing, unasked
from games.services.deadlines import abandon
from games.services.errors import ActionRejected
from games.services.managing import check_manager
from games.services.play import Outcome, advance, lock_game

SEAT_CHANGES = (GameEvent.Kind.SEAT_REPLACED, GameEvent.Kind.SEAT_OFFERED)


def absent(seat: Seat) -> bool:
    """Whether the seat's player is gone (left, resigned, removed, or a bot plays it)."""
    return seat.kind == Seat.Kind.BOT or seat.status != Seat.Status.PLAYING


def _seat(game: Game, position: int) -> Seat:
    target = game.seats.select_related("user__profile").filter(position=position).first()
    if target is None:
        raise ActionRejected("no_seat", _("There is no seat %(seat)s in this game.") % {"seat": position + 1})
    return target


def _check_rate(game: Game, now: datetime) -> None:
    recent = GameEvent.objects.filter(game=game, kind__in=SEAT_CHANGES, created_at__gt=now - timedelta(hours=1))
    if recent.count() >= settings.GAME_MAX_SEAT_CHANGES_PER_HOUR:
        raise ActionRejected(
            "too_many_seat_changes",
            _("Seats of this game have changed %(count)s times in the last hour, the most allowed. Try again later.")
            % {"count": settings.GAME_MAX_SEAT_CHANGES_PER_HOUR},
        )


def _record(game: Game, kind: str, user, seat: int, **detail) -> GameEvent:
    return GameEvent.objects.create(game=game, kind=kind, seat=seat, actor=user, detail=detail)


def do_seat_bot(game_id: int, user, position: int, now: datetime | None = None) -> Game:
    """A bot plays the seat from now on; its player keeps the seat's result and ranks last."""
    now = now or timezone.now()
    with transaction.atomic():
        game = lock_game(game_id)
        check_manager(game, user)
        if not game.is_live:
            raise ActionRejected("not_running", _("Seats change hands only in a running game."))
        target = _seat(game, position)
        if target.kind == Seat.Kind.BOT:
            raise ActionRejected("already_bot", _("A bot already plays that seat."))
        if not absent(target) and not is_organiser(game, user):
            raise ActionRejected(
                "still_playing",
                _("That player is still playing: only an organiser can take a seat from a player still playing."),
            )
        _check_rate(game, now)
        target.kind, target.bot_level = Seat.Kind.BOT, bot_choice.TAKEOVER_LEVEL
        if target.status == Seat.Status.PLAYING:
            target.status, target.left_at = Seat.Status.REMOVED, now
        target.save(update_fields=["kind", "status", "bot_level", "left_at"])
        holder = target.user
        event = _record(
            game,
            GameEvent.Kind.SEAT_REPLACED,
            user,
            position,
            previous=holder.profile.name if holder else None,
            successor=None,
        )
        if holder is not None and holder != user:
            notify.table_event(event, [holder])
        if not game.seats.filter(kind=Seat.Kind.HUMAN, status=Seat.Status.PLAYING).exists():
            abandon(game, now)
        elif game.status == Game.Status.RUNNING:
            advance(game, now, Outcome(game))
        return game


def do_offer_seat(game_id: int, user, position: int, new_user, now: datetime | None = None) -> SeatOffer:
    """Offer a vacated seat to a player; they are seated only if they accept."""
    now = now or timezone.now()
    with transaction.atomic():
        game = lock_game(game_id)
        check_manager(game, user)
        if new_user.pk == user.pk:
            # Nobody hands a seat to themselves: a creator who resigned would take it back at the
            # bot's place and undo their quitting.
            raise ActionRejected("own_offer", _("You cannot offer a seat to yourself."))
        target = _check_offer(game, position, new_user)
        _check_rate(game, now)
        unasked.check_room(new_user.email, new_user.profile.name)
        try:
            with transaction.atomic():
                offer = SeatOffer.objects.create(game=game, position=position, user=new_user, offered_by=user)
        except IntegrityError:
            message = _("%(name)s already has an offer for a seat in this game.") % {"name": new_user.profile.name}
            raise ActionRejected("already_offered", message) from None
        _record(
            game,
            GameEvent.Kind.SEAT_OFFERED,
            user,
            position,
            previous=target.user.profile.name if target.user_id else None,
            successor=new_user.profile.name,
        )
        notify.seat_offered(offer)
        return offer


def _check_offer(game: Game, position: int, new_user) -> Seat:
    """What must hold both when a seat is offered and when the offer is accepted."""
    if not game.is_live:
        raise ActionRejected("not_running", _("Seats change hands only in a running game."))
    target = _seat(game, position)
    if not absent(target):
        raise ActionRejected(
            "still_playing", _("That player is still playing: only a seat whose player is gone can be offered.")
        )
    if game.created_by_id is None and new_user.pk != target.user_id:
        raise ActionRejected(
            "bound_seat",
            _(
                "A seat at this table belongs to the player seated at the start: "
                "it can go only to a bot or back to them."
            ),
        )
    # Anyone who holds or held another seat of this game: a player who gave up a losing seat
    # may not take a better one, through a second account either.
    held_elsewhere = (
        game.seats.filter(Q(user=new_user) | Q(first_user=new_user)).exclude(pk=target.pk).exists()
        or GameEvent.objects.filter(game=game, kind=GameEvent.Kind.SEAT_REPLACED, detail__previous_user=new_user.pk)
        .exclude(seat=target.position)
        .exists()
    )
    if held_elsewhere:
        raise ActionRejected("already_seated", _("That player already has a seat in this game."))
    return target


def _open_offer(offer_id: int, user) -> tuple[Game, SeatOffer]:
    offer = SeatOffer.objects.filter(pk=offer_id, user=user).first()
    if offer is None:
        raise ActionRejected("no_offer", _("There is no such offer for you."))
    game = lock_game(offer.game_id)
    offer = SeatOffer.objects.select_for_update().get(pk=offer.pk)
    if offer.answered_at is not None:
        raise ActionRejected("answered", _("This offer has already been answered."))
    return game, offer


def do_accept_seat(offer_id: int, user, now: datetime | None = None) -> Game:
    """Take the offered seat: the seat's clock starts afresh for the new player."""
    now = now or timezone.now()
    with transaction.atomic():
        game, offer = _open_offer(offer_id, user)
        if now - offer.created_at > timedelta(days=settings.GAME_SEAT_OFFER_DAYS):
            raise ActionRejected("expired", _("This offer has expired."))
        target = _check_offer(game, offer.position, user)
        offer.answered_at, offer.accepted = now, True
        offer.save(update_fields=["answered_at", "accepted"])
        # The seat is taken: other open offers for it lapse.
        SeatOffer.objects.filter(game=game, position=offer.position, answered_at__isnull=True).update(
            answered_at=now, accepted=False
        )
        previous = target.user
        # Back to its own player after they quit or lost it: what they had played by then is
        # kept, because a quit before three moves of their own voids the rating for good
        # (tournaments/ratings/fair_play.py), whoever holds the seat at the end.
        returning = _returns_to_owner(target, user)
        if not target.substitute and previous != user:
            target.first_user = previous  # the seat's own player (None: a bot's from the start)
        # Only the seat's own player is not a substitute: they may have it back.
        owner = previous if not target.substitute and target.first_user_id is None else target.first_user
        target.substitute = owner is None or owner.pk != user.pk
        target.user, target.kind, target.status = user, Seat.Kind.HUMAN, Seat.Status.PLAYING
        target.consecutive_timeouts, target.left_at = 0, None
        target.save(
            update_fields=["user", "kind", "status", "consecutive_timeouts", "first_user", "substitute", "left_at"]
        )
        event = _record(
            game,
            GameEvent.Kind.SEAT_REPLACED,
            offer.offered_by,
            offer.position,
            previous=previous.profile.name if previous else None,
            successor=user.profile.name,
            # Who lost the seat: ratings count them last (names alone could not say who).
            previous_user=previous.pk if previous and previous != user else None,
            **({"own_moves_before_return": Action.own_moves(game.pk, user.pk)} if returning else {}),
        )
        if previous is not None and previous != user:
            notify.table_event(event, [previous])
        if game.status == Game.Status.RUNNING:
            # The new occupant gets a fresh wait (and mail); the other seats' clocks run on.
            timing.cancel_wait(game, offer.position, now)
            advance(game, now, Outcome(game))
        return game


def _returns_to_owner(seat: Seat, user) -> bool:
    """Whether `user` takes back a seat that is theirs and that they were not playing."""
    if seat.first_user_id is not None and seat.first_user_id != seat.user_id:
        return seat.first_user_id == user.pk  # someone else holds it: back to the one who lost it
    return seat.user_id == user.pk and not seat.substitute and seat.status != Seat.Status.PLAYING


def do_decline_seat(offer_id: int, user, now: datetime | None = None) -> SeatOffer:
    now = now or timezone.now()
    with transaction.atomic():
        game, offer = _open_offer(offer_id, user)
        offer.answered_at, offer.accepted = now, False
        offer.save(update_fields=["answered_at", "accepted"])
        _record(game, GameEvent.Kind.SEAT_DECLINED, user, offer.position, successor=user.profile.name)
        return offer
