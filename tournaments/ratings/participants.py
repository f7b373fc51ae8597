"""Who a finished game rates, and at which rank: the one rule, for live updates and rebuilds alike."""

from __future__ import annotations

from django.db.models import Q

from games.models import GameEvent


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
    """Game id -> players replaced at a seat during it (from the games' event log): one query.

    Only a seat's first player: one who took it over and lost it again was a substitute, and a
    substitute is not rated."""
    events = (
        GameEvent.objects.filter(kind=GameEvent.Kind.SEAT_REPLACED)
        .filter(~Q(detail__previous_user=None))
        .order_by("created_at", "pk")
    )
    if game_ids is not None:
        events = events.filter(game_id__in=game_ids)
    found: dict[int, list[int]] = {}
    seen: set[tuple[int, int | None]] = set()
    for game_id, seat, player in events.values_list("game_id", "seat", "detail__previous_user"):
        if (game_id, seat) in seen:
            continue
        seen.add((game_id, seat))
        if isinstance(player, int):
            found.setdefault(game_id, []).append(player)
    return found
