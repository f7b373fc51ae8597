"""A rated game's game-over mail waits for the game's rating, and then tells it.

The rating is made on the game's finishing commit (by the ratings, which games never imports),
so the mail queued inside that transaction would be written before it. It is queued held
(`held_until`); the rating step hands it each player's change (`release`) and lets it go in
the rating's own transaction. If the rating never comes (it failed, its retries too), the
periodic sweep sends the mail once the wait is over, without the changes.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal

from django.conf import settings
from django.contrib.auth import get_user_model

from games.models import Game, Seat
from wildcards_site.outbox import sending


def whole(rating: float) -> int:
    """A rating in whole points, rounded as people round (half up): the table and the mail agree."""
    return int(Decimal(repr(rating)).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def key(game_id: int, position: int) -> str:
    return f"over:{game_id}:{position}"


def held_until(game: Game, now: datetime) -> datetime | None:
    """When a game's game-over mail goes at the latest: None (at once) for an unrated game."""
    return now + timedelta(seconds=settings.GAME_OVER_RATING_WAIT_SECONDS) if game.rated else None


def release(game: Game, changes: list[tuple[int, int, float, float, bool]]) -> int:
    """The rating of `game` is made: (player id, rank, before, after, established) for each rated
    player, none when the game's rating was voided. Inside the rating's transaction; the number of
    mails released."""
    keys = [key(game.pk, position) for position in range(game.num_seats)]
    return sending.release(keys, {"ratings": [list(change) for change in changes]})


def rating_rows(seats: list[Seat], recipe: dict) -> list[dict]:
    """The changes the rating step gave the mail, best placed first, each named as the player is."""
    changes = recipe.get("ratings") or []
    names = {seat.user_id: seat.user.profile.name for seat in seats if seat.user_id is not None}
    bots = {seat.user_id for seat in seats if seat.user_id is not None and seat.user.profile.bot_account}
    missing = [player for player, *_rest in changes if player not in names]
    if missing:  # a player whose seat was taken over by someone else was rated too
        users = get_user_model().objects.filter(pk__in=missing).select_related("profile")
        names |= {user.pk: user.profile.name for user in users}
        bots |= {user.pk for user in users if user.profile.bot_account}
    # A player new to ratings is marked where established players were rated beside them: their
    # results changed only the newcomer's rating (tournaments' elo.counts_for). A mail held from
    # before the flag was told reads every player established.
    new = {change[0] for change in changes if len(change) > 4 and not change[4]}
    mixed = bool(new) and len(new) < len(changes)
    rows = []
    for player, _rank, before, after, *_flag in sorted(
        changes, key=lambda change: (change[1], names.get(change[0], ""))
    ):
        # Whole points, rounded as people round; the change between the two numbers shown, so
        # "1500 → 1516" never reads "(+15)", as each rounded on its own would.
        shown = [whole(before), whole(after)]
        rows.append(
            {
                "name": names.get(player, ""),
                "bot_account": player in bots,
                "before": shown[0],
                "after": shown[1],
                "player": player,
                "new": mixed and player in new,
            }
        )
        rows[-1]["delta"] = shown[1] - shown[0]
    return rows
