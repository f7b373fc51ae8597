"""Playing again: a finished game's players sit down together again, with the same settings.

The first player to ask creates a private game like the finished one (game, options, seats,
clock, rating, the bots at their levels) and invites every other person who played; any other
player who asks takes their seat in that same game. Asking twice, or two players asking at
once, never makes a second rematch: the finished game's row is locked while one is found or made.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from games.models import Game, Seat
from games.services.errors import ActionRejected
from games.services.invitations import send_invitation
from games.services.lobby import TimeControl, do_create_game, do_join


def current_rematch(game: Game) -> Game | None:
    """The game that plays `game` again, unless it was cancelled (then another may be asked for)."""
    return game.rematches.exclude(status=Game.Status.CANCELLED).order_by("-pk").first()


def do_rematch(game_id: int, user) -> Game:
    """The rematch of a finished game for one of its players: made (others invited) or joined."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        if game.status != Game.Status.FINISHED:
            raise ActionRejected("not_over", _("A game can be played again once it is over."))
        seats = list(game.seats.select_related("user").order_by("position", "pk"))
        if not any(seat.user_id == user.pk for seat in seats):
            raise ActionRejected("not_a_player", _("Only the game's players can ask to play it again."))
        rematch = current_rematch(game)
        if rematch is not None:
            if rematch.seats.filter(user=user).exists():
                return rematch
            if rematch.status != Game.Status.OPEN:
                raise ActionRejected("rematch_started", _("The rematch has started without you."))
            return do_join(rematch.pk, user)
        return _create(game, seats, user)


def _create(game: Game, seats: list[Seat], user) -> Game:
    # A seat a bot took over is still its player's: they are invited back, not replaced.
    levels = [seat.bot_level or Seat.Level.STANDARD for seat in seats if seat.user_id is None]
    others = []
    for seat in seats:
        if seat.user_id is not None and seat.user_id != user.pk and seat.user.is_active and seat.user not in others:
            others.append(seat.user)
    clock = TimeControl(
        clock=game.clock,
        phase_seconds=game.phase_seconds,
        bank_start_seconds=game.bank_start_seconds,
        bank_increment_seconds=game.bank_increment_seconds,
        bank_cap_seconds=game.bank_cap_seconds,
        weekend_pause=game.weekend_pause,
    )
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
        rated=game.rated,
        rematch_of=game,
    )
    for other in others:
        send_invitation(rematch, user, other, other.email)
    return rematch
