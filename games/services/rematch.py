"""Playing again: a finished game's players sit down together again, with the same settings.

The first player to ask creates a private game like the finished one (game, options, seats,
clock, rating, the bots at their levels) and invites every other person who played; any other
player who asks takes their seat in that same game. Asking twice, or two players asking at
once, never makes a second rematch: the finished game's row is locked while one is found or made.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Game, Seat
from games.services.errors import ActionRejected
from games.services.invitations import new_invitation, send_invitation
from games.services.lobby import TimeControl, do_create_game, do_join

REMATCHES_AN_HOUR = 3  # rematches one player may make of one game in `REMATCH_WINDOW`
REMATCH_WINDOW = timedelta(hours=1)


def current_rematch(game: Game) -> Game | None:
    """The game that plays `game` again, unless it was cancelled (then another may be asked for)."""
    rematches = game.rematches.select_related("created_by__profile")
    return rematches.exclude(status=Game.Status.CANCELLED).order_by("-pk").first()


def do_rematch(game_id: int, user, now: datetime | None = None) -> tuple[Game, str]:
    """The rematch of a finished game for one of its players, and what asking did: "created"
    (others invited), "joined", or "seated" (they sat in it already)."""
    now = now or timezone.now()
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        seats = list(game.seats.select_related("user").order_by("position", "pk"))
        # Membership first: a stranger learns nothing of the game's state from the answer.
        mine = [seat for seat in seats if seat.user_id == user.pk]
        if not mine or all(seat.status == Seat.Status.REMOVED for seat in mine):
            raise ActionRejected("not_a_player", _("Only the game's players can ask to play it again."))
        if game.status != Game.Status.FINISHED:
            raise ActionRejected("not_over", _("A game can be played again once it is over."))
        rematch = current_rematch(game)
        if rematch is not None:
            if rematch.seats.filter(user=user).exists():
                return rematch, "seated"
            if rematch.status != Game.Status.OPEN:
                raise ActionRejected("rematch_started", _("The rematch has started without you."))
            _welcome_back(rematch, user)
            return do_join(rematch.pk, user), "joined"
        # Each rematch mails every other player: a cancel and ask again loop must not flood them.
        recent = game.rematches.filter(created_by=user, created_at__gt=now - REMATCH_WINDOW).count()
        if recent >= REMATCHES_AN_HOUR:
            raise ActionRejected("too_often", _("You asked to play this game again several times in the last hour."))
        return _create(game, seats, user), "created"


def _welcome_back(rematch: Game, user) -> None:
    """A player of the finished game who left the rematch may sit down again (their invitation
    was used up when they first joined); one whose invitation was withdrawn may not."""
    theirs = rematch.invitations.filter(user=user).order_by("-pk").first()
    if theirs is not None and theirs.accepted_at is not None and theirs.withdrawn_at is None:
        new_invitation(rematch, theirs.invited_by, user, user.email)


def _create(game: Game, seats: list[Seat], user) -> Game:
    # A seat a bot took over is still its player's: they are invited back, not replaced.
    levels = [seat.bot_level or Seat.Level.STANDARD for seat in seats if seat.user_id is None]
    others = []
    for seat in seats:
        # A player an organiser removed is not invited back; their seat stays open for anyone invited.
        invited = seat.user_id is not None and seat.user_id != user.pk and seat.status != Seat.Status.REMOVED
        if invited and seat.user.is_active and seat.user not in others:
            others.append(seat.user)
    clock = TimeControl.of(game)
    rematch = do_create_game(
        user,
        game.engine,
        game.num_seats,
        game.options,
        bots=len(levels),
        bot_levels=levels,
        # Private: the seats are the players' own; a stranger cannot take one.
        visibility=Game.Visibility.PRIVATE,
        time_control=clock,
        timeouts_before_bot=game.timeouts_before_bot,
        rated=game.rated or game.unrated_for_bot_accounts,
        rate_bot_accounts=game.rate_bot_accounts,
        rematch_of=game,
    )
    for other in others:
        send_invitation(rematch, user, other, other.email)
    return rematch
