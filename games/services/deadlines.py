"""Closing overdue waits with the engine's default action, and reminders.

The database is the truth: a Deadline row is overdue when its time has
passed and it is still open. The periodic sweep closes every one of them;
Celery tasks scheduled at a deadline only make short phases close sooner.
Closing runs under the game's row lock and re-reads the rows, so running
it twice, or beside the player's own last-second action, has one outcome.
"""

from __future__ import annotations

import logging
from datetime import datetime

from django.db import transaction
from django.db.models import F, Min
from django.utils import timezone

from games.clock import reminder_lead
from games.engines import get_engine
from games.models import Action, Deadline, Game, GameEvent, Seat
from games.services import bot_choice, notify, timing
from games.services.play import Outcome, advance, stage
from games.services.timing import cancel_wait, close_wait

log = logging.getLogger(__name__)


def do_close_overdue(game_id: int, now: datetime | None = None) -> int:
    """Apply the default action for every overdue wait of one game; returns how many actions.

    A game locked by someone else is skipped: whoever holds it is acting on
    it, and the next sweep looks again.
    """
    return close_games([game_id], now)


def close_games(game_ids: list[int], now: datetime | None = None) -> int:
    """Close the overdue waits of these games; returns how many actions were applied.

    One transaction for the whole batch: one lock statement, the seats, waits,
    preferences and vacations of every game read at once, one commit. If one
    game fails, the batch is rolled back and each game is closed in a
    transaction of its own, so that the broken one is logged and the others
    still close. Safe beside another worker closing the same games: a game
    locked by someone else is skipped (the next sweep looks again) and the
    rows are read under the locks, so each wait closes once.
    """
    now = now or timezone.now()
    try:
        return _close_batch(game_ids, now)
    except Exception:
        if len(game_ids) == 1:
            log.exception("closing overdue waits of game %s failed", game_ids[0])
            return 0
        log.warning("closing a batch of %s games failed; closing them one by one", len(game_ids))
    return sum(close_games([game_id], now) for game_id in game_ids)


def _close_batch(game_ids: list[int], now: datetime) -> int:
    applied = 0
    with transaction.atomic(), notify.batched():
        games = list(
            Game.objects.select_for_update(skip_locked=True)
            .filter(pk__in=game_ids, status=Game.Status.RUNNING)
            .order_by("pk")
        )
        seats = _seats_of(games)
        overdue = _overdue_of(games, now)
        users = {seat.user_id for rows in seats.values() for seat in rows if seat.user_id is not None}
        with timing.preload_away(list(users), now), notify.preload_at_the_table([game.pk for game in games], now):
            for game in games:
                applied += _close_game(game, seats[game.pk], overdue[game.pk], now)
    return applied


def _seats_of(games: list[Game]) -> dict[int, list[Seat]]:
    seats: dict[int, list[Seat]] = {game.pk: [] for game in games}
    for seat in Seat.objects.filter(game__in=games).select_related("user__profile").order_by("position"):
        seats[seat.game_id].append(seat)
    notify.load_preferences([seat for rows in seats.values() for seat in rows])
    return seats


def _overdue_of(games: list[Game], now: datetime) -> dict[int, list[Deadline]]:
    overdue: dict[int, list[Deadline]] = {game.pk: [] for game in games}
    rows = Deadline.objects.filter(game__in=games, closed_at__isnull=True, closes_at__lte=now)
    for deadline in rows.order_by("closes_at", "seat"):
        overdue[deadline.game_id].append(deadline)
    return overdue


def _close_game(game: Game, seats: list[Seat], overdue: list[Deadline], now: datetime) -> int:
    applied = 0
    while overdue and game.status == Game.Status.RUNNING:
        outcome = Outcome(game)
        applied += _play_defaults(game, overdue, now, outcome, seats)
        # Rarely any: a wait that opened already due (an empty time bank) or one kept open past its time.
        overdue = sorted(
            (deadline for deadline in outcome.open_waits if deadline.closes_at <= now),
            key=lambda deadline: (deadline.closes_at, deadline.seat),
        )
    return applied


def _play_defaults(game: Game, overdue: list[Deadline], now: datetime, outcome: Outcome, seats: list[Seat]) -> int:
    """Play the default for each overdue seat, then advance the game once for all of them.

    The default plays out the seat's whole part of the phase (a turn of
    several steps, a payment of several cards); a seat the game no longer
    waits for (the phase moved on) is left alone and its wait cancelled.
    """
    engine = get_engine(game.engine)
    forced_action = getattr(engine, "forced_action", None)
    answered: dict[int, bool] = {}
    staged: list[Action] = []
    for deadline in overdue:
        seat, key = deadline.seat, engine.phase_key(game.state)
        while (
            not engine.is_over(game.state) and seat in engine.to_act(game.state) and engine.phase_key(game.state) == key
        ):
            # A wait opened before the site made forced moves (a stored game): the move is made as
            # forced, and nobody timed out over a move they had no choice in.
            forced = forced_action(game.state, seat) if forced_action else None
            action = forced or bot_choice.timeout_action(engine, game.state, seat, game.pk, game.version)
            state = engine.apply(game.state, seat, action)
            channel = Action.Channel.FORCED if forced else Action.Channel.TIMEOUT
            staged.append(stage(game, seat, action, channel, None, state))
            if not forced:
                answered[seat] = False
    if not staged:
        for deadline in overdue:
            cancel_wait(game, deadline.seat, now)
        return 0
    Action.objects.bulk_create(staged)
    outcome.actions.extend(staged)
    # Count the timeouts first, so that a seat a bot takes over moves as a bot at once.
    by_position = {seat.position: seat for seat in seats}
    timed_out = [(deadline, by_position[deadline.seat]) for deadline in overdue if deadline.seat in answered]
    taken = _count_timeouts(game, list({seat.position: seat for _deadline, seat in timed_out}.values()), now)
    over = get_engine(game.engine).is_over(game.state)
    if not over and not any(seat.kind == Seat.Kind.HUMAN and seat.status == Seat.Status.PLAYING for seat in seats):
        # The default moves were played: those waits timed out; only the others are cancelled.
        for deadline, _seat in timed_out:
            close_wait(game, deadline.seat, now, acted=False, deadline=deadline)
        abandon(game, now)
        for event in taken:  # the log says the game stopped, not that a bot plays on
            event.detail["stopped"] = True
        GameEvent.objects.bulk_update(taken, ["detail"])
    else:
        advance(game, now, outcome, answered=answered, seats=seats)
        _tell_the_creator(game, taken, seats, now)
    for deadline, seat in timed_out:
        if game.status == Game.Status.ABANDONED:
            # Nobody is left: the game's end mail says it stopped ("a bot plays your seat" would not).
            log.info("close game=%s seat=%s wait=%s outcome=abandoned", game.pk, seat.position, deadline.pk)
            continue
        made = [
            action.seq for action in staged if action.seat == seat.position and action.channel == Action.Channel.TIMEOUT
        ]
        notify.timed_out(game, seat, deadline, seat.kind == Seat.Kind.BOT, made)
        log.info(
            "close game=%s seat=%s wait=%s outcome=%s",
            game.pk,
            seat.position,
            deadline.pk,
            "bot" if seat.kind == Seat.Kind.BOT else "timeout",
        )
    return len(staged)


def _count_timeouts(game: Game, seats: list[Seat], now: datetime) -> list[GameEvent]:
    """After too many timeouts in a row a bot takes the seat and the player has left: the table's
    log gets an event for each seat taken (returned)."""
    Seat.objects.filter(pk__in=[seat.pk for seat in seats]).update(consecutive_timeouts=F("consecutive_timeouts") + 1)
    given_up = []
    for seat in seats:
        seat.consecutive_timeouts += 1  # the rows were read under the game's lock
        if seat.kind == Seat.Kind.HUMAN and seat.consecutive_timeouts >= game.timeouts_before_bot:
            seat.kind, seat.status, seat.bot_level = Seat.Kind.BOT, Seat.Status.LEFT, bot_choice.TAKEOVER_LEVEL
            seat.left_at = now
            given_up.append(seat.pk)
    if not given_up:
        return []
    Seat.objects.filter(pk__in=given_up).update(
        kind=Seat.Kind.BOT, status=Seat.Status.LEFT, bot_level=bot_choice.TAKEOVER_LEVEL, left_at=now
    )
    # In the table's log, as every change of who plays a seat is.
    return GameEvent.objects.bulk_create(
        GameEvent(
            game=game,
            kind=GameEvent.Kind.SEAT_TIMED_OUT,
            seat=seat.position,
            detail={"previous": seat.user.profile.name if seat.user else None, "misses": seat.consecutive_timeouts},
        )
        for seat in seats
        if seat.pk in given_up
    )


def _tell_the_creator(game: Game, taken: list[GameEvent], seats: list[Seat], now: datetime) -> None:
    """A bot took a seat: the game's creator is the one who can offer it back, so she is told,
    unless she is at the table, whose log tells it (a tournament's table has no creator: its
    organisers read it in their log)."""
    if not taken or game.created_by_id is None:
        return
    mine = next((seat for seat in seats if seat.user_id == game.created_by_id), None)
    if mine is not None and mine.position in notify.at_the_table(game, seats, now):
        return
    creator = mine.user if mine is not None else game.created_by
    for event in taken:
        if event.seat != (mine.position if mine is not None else None):
            notify.table_event(event, [creator], offer_back=True)


def abandon(game: Game, now: datetime, tell: bool = True) -> None:
    """Stop a game nobody is left in (bots do not play one on alone). `tell`: mail everyone holding
    a seat, as its end is mailed (an organiser's decision mails its own words instead)."""
    from games.services.timing import close_all_waits

    close_all_waits(game, now)
    game.status = Game.Status.ABANDONED
    game.finished_at = now
    game.save(update_fields=["status", "finished_at", "version", "state", "phase_key"])
    if tell:
        notify.game_over(game)


def overdue_games(now: datetime | None = None, limit: int = 50_000) -> list[int]:
    """Up to `limit` running games with an overdue open wait, the longest overdue first."""
    now = now or timezone.now()
    game_ids = (
        Deadline.objects.filter(closed_at__isnull=True, closes_at__lte=now, game__status=Game.Status.RUNNING)
        .values("game_id")
        .annotate(due=Min("closes_at"))
        .order_by("due", "game_id")
        .values_list("game_id", flat=True)[:limit]
    )
    return list(game_ids)


def sweep_overdue(now: datetime | None = None, limit: int = 50_000) -> int:
    """Close every overdue wait of every running game; returns how many actions were applied."""
    now = now or timezone.now()
    return close_games(overdue_games(now, limit), now)


def do_send_reminders(now: datetime | None = None) -> int:
    """Queue one reminder per open wait whose reminder time has come; each wait gets one at most."""
    now = now or timezone.now()
    sent = 0
    candidates = Deadline.objects.filter(
        closed_at__isnull=True, reminder_sent_at__isnull=True, closes_at__gt=now, game__status=Game.Status.RUNNING
    ).select_related("game")
    for deadline in candidates.iterator():
        if deadline.closes_at - reminder_lead(deadline.allowed_seconds) > now:
            continue
        seat = Seat.objects.select_related("user__profile").get(game=deadline.game, position=deadline.seat)
        if notify.at_the_table(deadline.game, [seat], now):
            continue  # playing at the table right now: asked again at the next sweep
        with transaction.atomic():
            # The conditional update is the claim: two sweeps never both remind.
            claimed = Deadline.objects.filter(pk=deadline.pk, reminder_sent_at__isnull=True).update(
                reminder_sent_at=now
            )
            if not claimed:
                continue
            if seat.kind == Seat.Kind.HUMAN:
                notify.reminder(deadline.game, seat, deadline)
                sent += 1
    return sent
