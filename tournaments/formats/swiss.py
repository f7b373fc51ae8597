"""Swiss with multiplayer tables (as Board Game Arena plays it).

Players with similar points sit together, leaders at table 1; a meeting already played
is avoided where the seating allows; byes go to the lowest-placed of those with the
fewest byes (so never twice to one player while another has had none). Small fields are
seated by exhaustive search (no seating repeats fewer meetings); larger ones greedily,
then improved by swapping players between neighbouring tables.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import combinations

from .scoring import PlayerId, Record, standings
from .tables import table_sizes

EXHAUSTIVE_UP_TO = 9


def meetings(records: dict[PlayerId, Record]) -> Counter:
    """How often each pair has met, keyed by frozenset({a, b})."""
    met: Counter = Counter()
    for record in records.values():
        for other in record.opponents:
            met[frozenset((record.player, other))] += 1
    # Each meeting was counted from both sides.
    return Counter({pair: count // 2 for pair, count in met.items()})


def repeats(tables: Iterable[list[PlayerId]], met: Counter) -> int:
    """Meetings these tables would repeat."""
    return sum(met[frozenset(pair)] for table in tables for pair in combinations(table, 2))


def choose_byes(order: list[PlayerId], records: dict[PlayerId, Record], count: int) -> list[PlayerId]:
    """The lowest-placed players among those with the fewest byes so far."""
    if count <= 0:
        return []
    ranked = sorted(reversed(order), key=lambda player: records[player].byes)  # stable: lowest placed first
    return ranked[:count]


def pair_round(
    records: dict[PlayerId, Record], preferred: int, smallest: int, largest: int
) -> tuple[list[list[PlayerId]], list[PlayerId]]:
    """(tables, leaders first; players with a bye) for the next round of the players still in."""
    active = {player: record for player, record in records.items() if not record.dropped}
    order = [row[0] for row in standings(active)]
    sizes, bye_count = table_sizes(len(order), preferred, smallest, largest)
    byes = choose_byes(order, active, bye_count)
    seated = [player for player in order if player not in byes]
    met = meetings(records)
    if len(seated) <= EXHAUSTIVE_UP_TO:
        tables = _exhaustive(seated, sizes, met)
    else:
        tables = _improve(_greedy(seated, sizes, met), met, {player: index for index, player in enumerate(seated)})
    return tables, byes


def _greedy(order: list[PlayerId], sizes: list[int], met: Counter) -> list[list[PlayerId]]:
    waiting = list(order)
    tables = []
    for size in sizes:
        table = [waiting.pop(0)]
        window = waiting[: 3 * size + 6]
        while len(table) < size:
            best = min(
                range(len(window)),
                key=lambda index: (sum(met[frozenset((window[index], seated))] for seated in table), index),
            )
            chosen = window.pop(best)
            waiting.remove(chosen)
            table.append(chosen)
        tables.append(table)
    return tables


def _improve(tables: list[list[PlayerId]], met: Counter, place: dict[PlayerId, int]) -> list[list[PlayerId]]:
    """Swap players between neighbouring tables while that removes repeated meetings."""
    changed = True
    while changed:
        changed = False
        for left, right in zip(tables, tables[1:], strict=False):
            before = repeats([left, right], met)
            if before == 0:
                continue
            for i, j in ((i, j) for i in range(len(left)) for j in range(len(right))):
                left[i], right[j] = right[j], left[i]
                if repeats([left, right], met) < before:
                    before, changed = repeats([left, right], met), True
                else:
                    left[i], right[j] = right[j], left[i]
    for table in tables:
        table.sort(key=place.__getitem__)
    tables.sort(key=lambda table: place[table[0]])
    return tables


def _exhaustive(order: list[PlayerId], sizes: list[int], met: Counter) -> list[list[PlayerId]]:
    """Fewest repeated meetings; among equals, the seating closest to the standings' order."""
    place = {player: index for index, player in enumerate(order)}
    best: tuple | None = None
    for tables in _partitions(order, sizes):
        spread = sum(place[table[-1]] - place[table[0]] for table in tables)
        key = (repeats(tables, met), spread, [place[player] for table in tables for player in table])
        if best is None or key < best[0]:
            best = (key, tables)
    return best[1] if best else []


def _partitions(players: list[PlayerId], sizes: list[int]):
    """Every split of `players` (in order) into tables of `sizes`, each table in standings order."""
    if not sizes:
        if not players:
            yield []
        return
    first, rest = players[0], players[1:]
    size = sizes[0]
    for others in combinations(rest, size - 1):
        table = [first, *others]
        remaining = [player for player in rest if player not in others]
        for tail in _partitions(remaining, sizes[1:]):
            yield [table, *tail]
