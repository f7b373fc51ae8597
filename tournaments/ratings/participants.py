"""Who a finished game rates, and at which rank: the one rule, for live updates and rebuilds alike."""

from __future__ import annotations

from django.db.models import F, Q

from games.models import Seat


def participants(seated: list[tuple[int, int]], replaced: list[int]) -> list[tuple[int, int]]:
    """(player, rank) for everyone rated, ordered by player id.

    `seated`: the final occupants of the seats with their ranks (a player who left keeps
    their seat and ranks last already). `replaced`: players whose seat an organiser gave to
    someone else during the game; they count as last, together, below every seat.
    """
    present = {player for player, _rank in seated}
    gone = sorted({player for player in replaced if player is not None and player not in present})
    if gone and seated:
        last = max(rank for _player, rank in seated) + 1
        seated = [*seated, *((player, last) for player in gone)]
    return sorted(seated)


def replaced_players(game_ids: list[int] | None = None) -> dict[int, list[int]]:
    """Game id -> each seat's first player who lost it to someone else (`Seat.first_user`): one
    query. Only a seat's first player: a substitute who took it over and lost it again is not
    rated (games/services/seats.py)."""
    seats = Seat.objects.filter(first_user__isnull=False).filter(Q(user__isnull=True) | ~Q(first_user=F("user")))
    if game_ids is not None:
        seats = seats.filter(game_id__in=game_ids)
    found: dict[int, list[int]] = {}
    for game_id, player in seats.values_list("game_id", "first_user_id"):
        found.setdefault(game_id, []).append(player)
    return found
