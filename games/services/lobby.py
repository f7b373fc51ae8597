"""Creating games, joining and starting them (invitations: `invitations.py`)."""

from __future__ import annotations

import random
import secrets
from dataclasses import asdict, dataclass
from datetime import datetime

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.engines import IllegalOptions, get_engine
from games.models import Game, Invitation, Seat
from games.services.errors import ActionRejected
from games.services.invitations import invitations_of, withdraw_all
from games.services.play import Outcome, advance
from games.services.refusals import refusal_text

User = get_user_model()


@dataclass
class TimeControl:
    clock: str = Game.Clock.PHASE
    phase_seconds: int = 2 * 86400
    bank_start_seconds: int = 10 * 86400
    bank_increment_seconds: int = 36 * 3600
    bank_cap_seconds: int = 10 * 86400
    weekend_pause: bool = False

    @classmethod
    def of(cls, holder: object) -> TimeControl:
        """The time control a game or a tournament was set up with (both hold these fields)."""
        return cls(**{name: getattr(holder, name) for name in cls.__dataclass_fields__})


def new_seed() -> str:
    """A game's seed: 128 random bits, so no deal can be guessed or computed from public numbers."""
    return secrets.token_hex(16)


def do_create_game(
    creator,
    engine_name: str,
    num_seats: int,
    options: dict | None = None,
    *,
    bots: int = 0,
    visibility: str = Game.Visibility.OPEN,
    time_control: TimeControl | None = None,
    timeouts_before_bot: int = 2,
    seed: str | None = None,
    rated: bool = True,
    rate_bot_accounts: bool = False,
    bot_levels: list[str] | None = None,
    rematch_of: Game | None = None,
) -> Game:
    """A new game waiting for players, with the creator in the first seat and `bots` bot seats.

    `bot_levels` gives each bot seat its level, in order (`Seat.Level`); seats it does not
    cover play Standard.

    `seed` is for demo data, benchmarks and tests only: whoever knows a seed knows every
    deal. The site's own games take theirs from `secrets` (a test scans the code for any
    other seed).
    """
    try:
        engine = get_engine(engine_name)
    except KeyError:
        raise ActionRejected("bad_options", _("There is no such game.")) from None
    if not engine.min_players <= num_seats <= engine.max_players:
        raise ActionRejected(
            "bad_options",
            _("This game needs %(min)s to %(max)s players.") % {"min": engine.min_players, "max": engine.max_players},
        )
    if not 0 <= bots < num_seats:
        raise ActionRejected("bad_options", _("At least one seat must be left for a person."))
    levels = list(bot_levels or [])[:bots]
    for level in levels:
        if level not in Seat.Level.values:
            raise ActionRejected(
                "bad_options",
                _("There is no bot level “%(level)s”: choose Beginner, Standard, Good or Strong.")
                % {"level": str(level)[:40]},
            )
    levels += [Seat.Level.STANDARD] * (bots - len(levels))
    try:
        options = engine.validate_options(num_seats, options or {})
    except IllegalOptions as error:
        raise ActionRejected("bad_options", refusal_text(error)) from None
    tc = time_control or TimeControl()
    with transaction.atomic():
        game = Game.objects.create(
            engine=engine_name,
            options=options,
            seed=seed or new_seed(),
            num_seats=num_seats,
            visibility=visibility,
            created_by=creator,
            **asdict(tc),
            # Bots are never rated, so a person among bots alone has nobody to be rated against.
            rated=rated and bots < num_seats - 1,
            rate_bot_accounts=rate_bot_accounts,
            timeouts_before_bot=timeouts_before_bot,
            rematch_of=rematch_of,
        )
        Seat.objects.create(game=game, user=creator)
        for number, level in enumerate(levels, 1):
            Seat.objects.create(game=game, kind=Seat.Kind.BOT, bot_level=level, bot_number=number)
        if bots == num_seats - 1:
            # A game against bots alone is full at once.
            _start(game, timezone.now())
    return game


def do_create_table(
    engine_name: str,
    users: list,
    options: dict | None = None,
    *,
    time_control: TimeControl | None = None,
    timeouts_before_bot: int = 2,
    rated: bool = True,
    allow_ahead: bool = True,
    allow_delegates: bool = True,
    now: datetime | None = None,
) -> Game:
    """A game made by another app (a tournament's table): no creator, every seat taken, started at once.

    Its seed comes from `secrets` like every game's, so no deal can be computed from what
    players see; the seating is drawn from it.
    """
    try:
        engine = get_engine(engine_name)
        options = engine.validate_options(len(users), options or {})
    except (KeyError, IllegalOptions) as error:
        raise ActionRejected("bad_options", refusal_text(error)) from None
    tc = time_control or TimeControl()
    with transaction.atomic():
        game = Game.objects.create(
            engine=engine_name,
            options=options,
            seed=new_seed(),
            num_seats=len(users),
            visibility=Game.Visibility.OPEN,
            created_by=None,
            **asdict(tc),
            rated=rated,
            allow_ahead=allow_ahead,
            allow_delegates=allow_delegates,
            timeouts_before_bot=timeouts_before_bot,
        )
        Seat.objects.bulk_create([Seat(game=game, user=user) for user in users])
        _start(game, now or timezone.now())
    return game


def do_join(game_id: int, user, token: str | None = None, now: datetime | None = None) -> Game:
    """Take a free seat; a private game needs a valid invitation. The game starts when full."""
    now = now or timezone.now()
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        private = game.visibility == Game.Visibility.PRIVATE
        invitation = None
        if token:
            invitation = Invitation.objects.open().filter(game=game, token=token).first()
            someone_else = invitation is not None and invitation.user_id not in (None, user.pk)
            if someone_else:
                invitation = None  # a link to a player's account seats that player only
            known = someone_else or invitation is not None or game.invitations.filter(token=token).exists()
            if not known and private and not game.seats.filter(user=user).exists():
                raise Game.DoesNotExist  # a guessed token learns nothing of a private game
        if game.status != Game.Status.OPEN:
            raise ActionRejected("not_open", _("This game is no longer waiting for players."))
        if game.seats.filter(user=user).exists():
            raise ActionRejected("already_seated", _("You already have a seat in this game."))
        if token:
            if someone_else:
                raise ActionRejected("not_yours", _("This invitation is for another player."))
            if invitation is None:
                raise ActionRejected(
                    "bad_invitation", _("This invitation is not valid (used, withdrawn, or for another game).")
                )
        else:
            # Invited to an open game and joining from its page: the invitation is taken up too.
            invitation = Invitation.objects.open().filter(game=game, user=user).first()
            if invitation is None and game.visibility == Game.Visibility.PRIVATE:
                raise ActionRejected("private", _("This game is private: you need an invitation to join."))
        if game.seats.count() >= game.num_seats:
            raise ActionRejected("full", _("Every seat in this game is taken."))
        Seat.objects.create(game=game, user=user)
        if invitation is not None:
            invitation.accepted_at, invitation.user = now, user
            invitation.save(update_fields=["accepted_at", "user"])
        # Any other invitation of theirs (by address, by another player) has done its work.
        invitations_of(game, user, user.email).update(accepted_at=now)
        if game.seats.count() == game.num_seats:
            _start(game, now)
        return game


def do_leave_lobby(game_id: int, user) -> bool:
    """Give up a seat before the game starts; the creator leaving cancels the game (then True)."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        if game.status != Game.Status.OPEN:
            raise ActionRejected("not_open", _("The game has started; resign from the table instead."))
        if game.created_by_id == user.pk:
            game.status = Game.Status.CANCELLED
            game.save(update_fields=["status"])
            return True
        if not game.seats.filter(user=user).delete()[0]:
            raise ActionRejected("not_seated", _("You have no seat in this game."))
        # Nobody left could take back the leaver's invitations (only a sender may): they go too.
        withdraw_all(game.invitations.open().filter(invited_by=user), timezone.now())
        return False


def do_start_game(game_id: int, now: datetime | None = None) -> Game:
    """Start a full game (joining the last seat does this itself)."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        if game.status != Game.Status.OPEN or game.seats.count() != game.num_seats:
            raise ActionRejected("not_ready", _("The game can start only when every seat is taken."))
        _start(game, now or timezone.now())
        return game


def _start(game: Game, now: datetime) -> None:
    seats = list(game.seats.select_related("user__profile"))
    if game.rated and not game.rate_bot_accounts and _mixes_bot_accounts(seats):
        # A bot account is rated against people only where the creator chose so (a tournament's
        # table: never): the game is rated for nobody, as the table then says.
        game.rated, game.unrated_for_bot_accounts = False, True
    # Random seating, from the game's own seed so that it can be explained later.
    random.Random(f"{game.seed}:seating").shuffle(seats)
    for position, seat in enumerate(seats):
        seat.position = position
        seat.bank_seconds = game.bank_start_seconds
    Seat.objects.bulk_update(seats, ["position", "bank_seconds"])
    engine = get_engine(game.engine)
    game.state = engine.new_game(game.num_seats, game.seed, game.options)
    game.status = Game.Status.RUNNING
    game.started_at = now
    game.save(update_fields=["state", "status", "started_at", "rated", "unrated_for_bot_accounts"])
    advance(game, now, Outcome(game))


def _mixes_bot_accounts(seats: list[Seat]) -> bool:
    """Whether the seats hold both a bot account and a person (the site's bot seats are neither)."""
    kinds = {seat.user.profile.bot_account for seat in seats if seat.user_id is not None}
    return kinds == {True, False}
