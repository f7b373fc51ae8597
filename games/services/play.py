"""The one entry point for actions, and what follows each accepted action."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import UTC, datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.engines import IllegalAction, get_engine
from games.engines.base import answers_ahead
from games.models import Action, Deadline, Game, Seat
from games.permissions import competes_at
from games.services import bot_choice, delegate_rules, timing
from games.services.ahead_pending import Pending
from games.services.errors import ActionRejected
from games.services.refusals import refusal_text
from games.signals import game_finished

log = logging.getLogger(__name__)

# Bots and timeouts act for a seat; people act only for their own.
AUTOMATIC_CHANNELS = {Action.Channel.TIMEOUT, Action.Channel.BOT, Action.Channel.ORGANISER}


@dataclass
class Outcome:
    """What an accepted action led to."""

    game: Game
    actions: list[Action] = field(default_factory=list)
    finished: bool = False
    open_waits: list[Deadline] = field(default_factory=list)  # the waits open after it


def do_action(
    game_id: int,
    seat: int,
    action: object,
    channel: str,
    *,
    user=None,
    expected_version: int | None,
    now: datetime | None = None,
) -> Outcome:
    """Validate and store one action, then advance the game.

    `expected_version` is the game version the player saw; a different
    current version means the submission is stale (a double click, a
    second tab, an old mail) and it is refused without change. Only
    automatic channels may pass None.
    """
    now = now or timezone.now()
    with transaction.atomic():
        game = lock_game(game_id)
        return act_locked(game, seat, action, channel, user, expected_version, now, load_seats(game))


def act_locked(
    game: Game,
    seat: int,
    action: object,
    channel: str,
    user,
    expected_version: int | None,
    now: datetime,
    seats: list[Seat],
) -> Outcome:
    """`do_action` on a game its caller has locked already (a reply of several lines locks once)."""
    try:
        check_can_act(game, seat, channel, user, expected_version, seats)
        outcome = Outcome(game)
        apply_and_advance(game, seat, action, channel, user, now, outcome, seats)
    except ActionRejected as rejected:
        log.info("action game=%s seat=%s channel=%s outcome=rejected:%s", game.pk, seat, channel, rejected.code)
        raise
    # Once committed: a reply of several lines refused at its last rolls back the moves above it.
    game_id, version = game.pk, game.version
    transaction.on_commit(
        lambda: log.info("action game=%s seat=%s channel=%s outcome=stored version=%s", game_id, seat, channel, version)
    )
    return outcome


def load_seats(game: Game) -> list[Seat]:
    """The game's seats with their players and profiles: one query for everything an action needs."""
    return list(game.seats.select_related("user__profile"))


def lock_game(game_id: int) -> Game:
    try:
        return Game.objects.select_for_update().get(pk=game_id)
    except Game.DoesNotExist:
        raise ActionRejected("no_game", _("There is no such game.")) from None


def check_can_act(game: Game, seat: int, channel: str, user, expected_version: int | None, seats: list[Seat]) -> None:
    if game.status == Game.Status.PAUSED:
        raise ActionRejected("paused", _("The game is paused; you can act again when it resumes."))
    if game.status != Game.Status.RUNNING:
        raise ActionRejected("not_running", _("This game is not running, so nothing can be played in it."))
    if expected_version is None and channel not in AUTOMATIC_CHANNELS:
        raise ActionRejected("stale", _("This submission does not say which position of the game it answers."))
    if expected_version is not None and expected_version > game.version:
        # A client's slip (an off-by-one), not an old page: "moved on" would send it looking for a newer one.
        raise ActionRejected(
            "stale",
            _("Version %(sent)s is ahead of the game, which is at version %(version)s. Nothing was changed.")
            % {"sent": expected_version, "version": game.version},
        )
    if expected_version is not None and expected_version != game.version:
        raise ActionRejected(
            "stale",
            _(
                "The game has moved on since this was sent (a repeated submission, another tab or an old mail). "
                "Nothing was changed; look at the table as it is now."
            ),
        )
    if channel == Action.Channel.BOT and not any(s.position == seat and s.kind == Seat.Kind.BOT for s in seats):
        # A searching bot thought outside the lock; meanwhile a person may have taken the seat back.
        raise ActionRejected("not_a_bot", _("No bot plays this seat any more."))
    if channel == Action.Channel.ORGANISER and not (user is not None and user.is_staff and not competes_at(game, user)):
        # Playing for someone else is moderation: staff only, never a creator or an entrant, and
        # never at a table where they sit themselves or of an event they play in.
        raise ActionRejected("forbidden", _("Only staff who do not play in this game can act for another seat."))
    if channel not in AUTOMATIC_CHANNELS:
        owner = next((s.user_id for s in seats if s.position == seat and s.kind == Seat.Kind.HUMAN), None)
        if user is None or owner != user.pk:
            raise ActionRejected("not_your_seat", _("You cannot act for a seat that is not yours."))


def apply_and_advance(
    game: Game, seat: int, action, channel: str, user, now: datetime, outcome: Outcome, seats: list[Seat]
) -> None:
    """Apply one action to a locked game, let bots move, and open the next waits."""
    engine = get_engine(game.engine)
    try:
        state = engine.apply(game.state, seat, action)
    except IllegalAction as error:
        raise ActionRejected("illegal", refusal_text(error)) from None
    except (TypeError, KeyError, IndexError, AttributeError, ValueError):
        # Engines must answer junk with IllegalAction; if one does not, the player
        # still gets a clear refusal (and we a log line), never a server error.
        log.warning("game %s: engine %s could not read %r", game.pk, game.engine, action, exc_info=True)
        raise ActionRejected("illegal", _("That move is not understood; nothing was changed.")) from None
    outcome.actions.append(record(game, seat, action, channel, user, state))
    if channel != Action.Channel.TIMEOUT and any(s.position == seat and s.consecutive_timeouts for s in seats):
        Seat.objects.filter(game=game, position=seat).update(consecutive_timeouts=0)
    if channel in Action.LIVE_CHANNELS + (Action.Channel.EMAIL_LINK, Action.Channel.EMAIL_REPLY):
        # The player's own move: a delegate "until I am back" stops.
        for seat_row in seats:
            if seat_row.position == seat and seat_row.delegate == delegate_rules.BACK:
                seat_row.delegate = ""
                Seat.objects.filter(pk=seat_row.pk).update(delegate="")
    advance(game, now, outcome, answered={seat: channel != Action.Channel.TIMEOUT}, seats=seats)


def record(game: Game, seat: int, action, channel: str, user, state: dict) -> Action:
    stored = stage(game, seat, action, channel, user, state)
    stored.save(force_insert=True)
    return stored


def stage(game: Game, seat: int, action, channel: str, user, state: dict) -> Action:
    """Move the game on by one action, not yet stored (the caller saves it, alone or with others)."""
    staged = Action(game=game, seq=game.version, seat=seat, payload=action, channel=channel, actor=user)
    game.version += 1
    game.state = state
    return staged


def advance(
    game: Game,
    now: datetime,
    outcome: Outcome,
    answered: dict[int, bool] | None = None,
    seats: list[Seat] | None = None,
) -> None:
    """Move instant bots, and make the moves the rules force, until a person or a searching bot
    must choose or the game ends; then sync deadlines and save.

    `answered` maps the seats that just acted to whether they acted
    themselves (False: the timeout acted for them); their waits close as
    answered once they are no longer waited for in the same phase. A
    searching bot (Good, Strong) never thinks here, under the lock: its
    move is queued as a task once this transaction commits.
    """
    engine = get_engine(game.engine)
    seats = load_seats(game) if seats is None else seats
    bots = {seat.position: seat.level for seat in seats if seat.kind == Seat.Kind.BOT}

    def thinks(level: str) -> bool:
        return bot_choice.searches(engine, level)

    ahead = Pending(game, engine, seats) if answers_ahead(engine) and game.allow_ahead else None
    delegates = {s.position: s for s in seats if s.delegate and s.kind == Seat.Kind.HUMAN}
    while not engine.is_over(game.state):
        move = _unasked_move(game, engine, bots, thinks, ahead, delegates)
        if move is None:
            break
        seat, action, channel, actor = move
        state = engine.apply(game.state, seat, action)
        outcome.actions.append(record(game, seat, action, channel, actor, state))
    if ahead is not None:
        ahead.settle(game.state, engine.is_over(game.state))
    over = [
        s.pk for s in delegates.values() if engine.is_over(game.state) or delegate_rules.lapsed(engine, game.state, s)
    ]
    if over:
        Seat.objects.filter(pk__in=over).update(delegate="")
        for seat_row in delegates.values():
            if seat_row.pk in over:
                seat_row.delegate = ""
    if engine.is_over(game.state):
        for position, acted in (answered or {}).items():
            timing.close_wait(game, position, now, acted)
        finish(game, now)
        outcome.finished = True
        return
    from games.services import notify

    # While game.phase_key still names the phase just left. A round a timeout ends finds its
    # players at the table too, as a turn it opens does (timing.sync_waits).
    notify.phase_results(game, outcome, seats, now=now)
    outcome.open_waits = list(timing.sync_waits(game, engine, now, answered or {}, seats))
    if ahead is not None:
        notify.answers_ahead(game, seats, now)
    game.save(update_fields=["version", "state", "phase_key"])
    searching = [seat for seat in engine.to_act(game.state) if seat in bots and thinks(bots[seat])]
    if searching and game.status == Game.Status.RUNNING:
        bot_choice.queue_bot_moves(game.pk, searching)


def _unasked_move(game: Game, engine, bots: dict, thinks, ahead: Pending | None, delegates: dict) -> tuple | None:
    """(seat, action, channel, actor) of the next move nobody waits for, or None: an instant bot's,
    one the whole table knows to be forced, one its player answered ahead, a delegate's."""
    to_act = engine.to_act(game.state)
    waiting_bots = [seat for seat in to_act if seat in bots and not thinks(bots[seat])]
    if waiting_bots:
        seat = waiting_bots[0]
        return (
            seat,
            bot_choice.choose(engine, game.state, seat, bots[seat], game.pk, game.version),
            Action.Channel.BOT,
            None,
        )
    forced_action = getattr(engine, "forced_action", None)
    for seat in to_act if forced_action else ():
        action = forced_action(game.state, seat)
        if action:
            return seat, action, Action.Channel.FORCED, None
    stored = ahead.next_move(game.state, to_act) if ahead is not None else None
    if stored:
        seat, action, actor = stored
        return seat, action, Action.Channel.AHEAD, actor
    for seat in to_act:
        if seat in delegates and delegate_rules.acts(engine, game.state, delegates[seat]):
            action = bot_choice.choose(engine, game.state, seat, delegate_rules.LEVEL, game.pk, game.version)
            return seat, action, Action.Channel.DELEGATE, None
    return None


def finish(game: Game, now: datetime) -> None:
    """Store the result on the seats; a seat that left ranks below every seat that stayed."""
    from games.services import notify

    engine = get_engine(game.engine)
    rows = {row["seat"]: row for row in engine.result(game.state)}
    seats = list(game.seats.all())
    stayed = [s for s in seats if s.status == Seat.Status.PLAYING]
    departed = [s for s in seats if s.status != Seat.Status.PLAYING]
    for seat in seats:
        seat.score = rows[seat.position]["score"]
        seat.rank = rows[seat.position]["rank"]
    if departed and stayed:
        # The engine's order among those who stayed; below them those who left, by when each
        # left (the later, the better; one moment shares), not by what their bots scored after,
        # as the tournaments' standings count them: ratings and standings agree.
        keys = {seat.pk: seat.rank for seat in stayed}
        keys |= {seat.pk: -_left_at(seat).timestamp() for seat in departed}
        for group, offset in ((stayed, 0), (departed, len(stayed))):
            for seat in group:
                ahead = sum(1 for other in group if keys[other.pk] < keys[seat.pk])
                seat.rank = offset + ahead + 1
    Seat.objects.bulk_update(seats, ["score", "rank"])
    timing.close_all_waits(game, now)
    game.status = Game.Status.FINISHED
    game.finished_at = now
    game.phase_key = ""
    game.save(update_fields=["version", "state", "phase_key", "status", "finished_at"])
    notify.game_over(game)
    announce_finished(game.pk)


def _left_at(seat: Seat) -> datetime:
    """When the seat's player left; a seat stored before leaving was dated counts as leaving first."""
    return seat.left_at or datetime.min.replace(tzinfo=UTC)


def announce_finished(game_id: int) -> None:
    """Tell listeners (ratings, tournaments) once the finishing transaction has committed."""
    transaction.on_commit(lambda: game_finished.send(sender=Game, game_id=game_id), robust=True)
