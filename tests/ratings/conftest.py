from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.contrib.auth import get_user_model

from games.models import Action, Game, Seat
from tests.conftest import make_user

T0 = datetime(2026, 1, 1, tzinfo=UTC)


@pytest.fixture
def people(db):
    return [make_user(name, display_name=name.title()) for name in ("alice", "bob", "carol", "dave", "erin")]


def finished_game(
    ranks: list[tuple[object, int]],
    engine: str = "wizard",
    minutes: int = 0,
    rated: bool = True,
    left: tuple = (),
    moves: int = 3,
    idle: tuple = (),
) -> Game:
    """A finished game stored as the services store one: seats with ranks; None for a bot.

    Each person made `moves` moves of their own (enough for the game to be rated when one
    of them left), those in `idle` none.
    """
    game = Game.objects.create(
        engine=engine,
        seed="s",
        num_seats=len(ranks),
        status=Game.Status.FINISHED,
        rated=rated,
        created_by=next(user for user, _rank in ranks if user is not None),
        finished_at=T0 + timedelta(minutes=minutes),
    )
    made_before(game, [user for user, _rank in ranks if user is not None])
    for position, (user, rank) in enumerate(ranks):
        gone = user in left
        Seat.objects.create(
            game=game,
            position=position,
            user=user,
            rank=rank,
            score=10 - rank,
            kind=Seat.Kind.BOT if user is None or gone else Seat.Kind.HUMAN,
            status=Seat.Status.LEFT if gone else Seat.Status.PLAYING,
        )
    played = [(position, user) for position, (user, _rank) in enumerate(ranks) if user is not None and user not in idle]
    Action.objects.bulk_create(
        Action(game=game, seq=seq, seat=position, payload={"type": "move"}, channel=Action.Channel.WEB, actor=user)
        for seq, (position, user) in enumerate(played * moves)
    )
    return game


def made_before(game: Game, users) -> None:
    """An account a test makes today plays a game of 2026-01-01: it was made a year before the
    game, as a real one would have been (a founding pool counts only accounts a week old)."""
    get_user_model().objects.filter(pk__in=[user.pk for user in users], date_joined__gt=game.finished_at).update(
        date_joined=T0 - timedelta(days=365)
    )


def moved(game: Game, user, seat: int, count: int = 3) -> None:
    """`user` made `count` moves of their own at `seat` (before losing it, say)."""
    start = game.actions.count()
    Action.objects.bulk_create(
        Action(game=game, seq=start + i, seat=seat, payload={"type": "move"}, channel=Action.Channel.WEB, actor=user)
        for i in range(count)
    )


def replaced(game: Game, seat: int, previous, successor: str | None = "Someone") -> None:
    """`previous` lost seat `seat` to someone else (an offer accepted, or, with `successor` None, a bot
    in a game stored before seats kept their player): the event the services write, and the seat
    as they leave it (its first player remembered, its new occupant a substitute)."""
    from games.models import GameEvent

    GameEvent.objects.create(
        game=game,
        kind=GameEvent.Kind.SEAT_REPLACED,
        seat=seat,
        detail={"previous": previous.profile.name, "successor": successor, "previous_user": previous.pk},
    )
    made_before(game, [previous])
    row = Seat.objects.get(game=game, position=seat)
    row.first_user = row.first_user or previous
    row.substitute = row.user_id is not None and row.user_id != row.first_user_id
    row.save(update_fields=["first_user", "substitute"])
