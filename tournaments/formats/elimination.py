"""Single elimination: 2-player brackets seeded 1 v N with byes to the top seeds, and
multiplayer tables whose top k advance."""

from __future__ import annotations

from .scoring import PlayerId
from .tables import table_sizes

Match = tuple[PlayerId | None, PlayerId | None]


def bracket_order(size: int) -> list[int]:
    """Seed numbers (1-based) in bracket order for a power-of-two `size`: 1, 8, 4, 5, 2, 7, 3, 6 for 8."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for first in order for seed in (first, total - first)]
    return order


def first_round(seeded: list[PlayerId]) -> list[Match]:
    """Matches of the first round for players best seed first; missing opponents are byes (None)."""
    size = 1
    while size < len(seeded):
        size *= 2
    order = bracket_order(size)
    slot = [seeded[seed - 1] if seed <= len(seeded) else None for seed in order]
    return [(slot[i], slot[i + 1]) for i in range(0, size, 2)]


def winner_of(match: Match, winners: set[PlayerId]) -> PlayerId:
    """Who goes on: the only player of a bye, else the one in `winners`."""
    a, b = match
    if a is None or b is None:
        return a if b is None else b
    if (a in winners) == (b in winners):
        raise ValueError(f"exactly one of {a!r} and {b!r} must have won")
    return a if a in winners else b


def next_round(matches: list[Match], winners: set[PlayerId]) -> list[Match]:
    """The next round: neighbours in the bracket meet."""
    going_on = [winner_of(match, winners) for match in matches]
    return [(going_on[i], going_on[i + 1]) for i in range(0, len(going_on), 2)]


def multiplayer_tables(
    seeded: list[PlayerId], preferred: int, smallest: int, largest: int
) -> tuple[list[list[PlayerId]], list[PlayerId]]:
    """(tables, players going on by bye) for a multiplayer elimination round.

    Seeds are spread snake-wise over the tables (1 and 2 never meet first); when not
    everyone can be seated, the top seeds go on without playing.
    """
    sizes, bye_count = table_sizes(len(seeded), preferred, smallest, largest)
    byes, seated = seeded[:bye_count], seeded[bye_count:]
    tables: list[list[PlayerId]] = [[] for _ in sizes]
    index, step = 0, 1
    for player in seated:
        while len(tables[index]) >= sizes[index]:
            index, step = _step(index, step, len(sizes))
        tables[index].append(player)
        index, step = _step(index, step, len(sizes))
    return tables, byes


def _step(index: int, step: int, count: int) -> tuple[int, int]:
    nxt = index + step
    if 0 <= nxt < count:
        return nxt, step
    return index, -step


def advancing(table: list[PlayerId], ranks: dict[PlayerId, int], seeds: dict[PlayerId, int], k: int) -> list[PlayerId]:
    """The top `k` of a table by the game's ranking; a tie is broken by seed."""
    return sorted(table, key=lambda player: (ranks[player], seeds[player]))[:k]
