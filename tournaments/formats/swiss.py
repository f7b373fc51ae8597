"""Swiss rounds at multiplayer tables, as on Board Game Arena.

Each round players with similar points sit together (the leaders at table 1) and
repeated opponents are avoided where possible; a bye goes to the lowest-ranked player
among those with the fewest byes, so nobody gets a second bye while another has none.
Standings rank by points, then Buchholz (the sum of the opponents' points, counted per
meeting), then the opponents' average, then rating.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations

import networkx

from tournaments.formats.scoring import DEFAULT_PLACE_POINTS, place_points
from tournaments.formats.tables import split

# Up to this many players the pairing is searched exhaustively (a few thousand partitions).
EXACT_LIMIT = 12
# How many of the next-ranked players the greedy seating looks at for each seat.
WINDOW = 10
# 2-player Swiss: a complete graph up to this many players, else each player's neighbours.
DENSE_LIMIT = 200
NEIGHBOURS = 60
NEAREST = 8


@dataclass
class RoundResult:
    """One played round: each table's finishing ranks, and who had a bye."""

    tables: list[dict[Hashable, int]]
    byes: list[Hashable] = field(default_factory=list)


@dataclass(frozen=True)
class Pairing:
    tables: list[list[Hashable]]  # table 1 first, each in seat order (best-ranked first)
    byes: list[Hashable]


@dataclass(frozen=True)
class Standing:
    player: Hashable
    points: float
    buchholz: float
    opponents_average: float
    rating: float
    byes: int
    games: int


def pair_counts(rounds: Sequence[RoundResult]) -> Counter:
    """How many times each pair of players has played at the same table (a forfeit is no meeting)."""
    met: Counter = Counter()
    for played in rounds:
        for table in played.tables:
            present = [player for player in table if table[player] is not None]
            for a, b in combinations(sorted(present, key=repr), 2):
                met[frozenset((a, b))] += 1
    return met


def repeated_meetings(tables: Sequence[Sequence[Hashable]], met: Mapping[frozenset, int]) -> int:
    """Pairs seated together again, each counted once per earlier meeting."""
    return sum(met.get(frozenset(pair), 0) for table in tables for pair in combinations(table, 2))


def standings(
    ratings: Mapping[Hashable, float],
    rounds: Sequence[RoundResult],
    points_per_place: Sequence[float] = DEFAULT_PLACE_POINTS,
    bye_points: float | None = None,
) -> list[Standing]:
    """Every player in `ratings` (dropped ones too), best first.

    A bye scores `bye_points`, by default one win (the first place's points): at 2-player
    tables a bye is worth a won game, no more. Forfeits (rank None) score nothing and, as
    in FIDE's rules, are no meeting: they add no opponent to the Buchholz.
    """
    if bye_points is None:
        bye_points = points_per_place[0] if points_per_place else 0
    points = {player: 0.0 for player in ratings}
    byes = Counter()
    games = Counter()
    opponents: dict[Hashable, list[Hashable]] = {player: [] for player in ratings}
    for played in rounds:
        for table in played.tables:
            for player, earned in place_points(table, points_per_place).items():
                points[player] += earned
                games[player] += 1
                if table[player] is not None:
                    opponents[player].extend(o for o in table if o != player and table[o] is not None)
        for player in played.byes:
            points[player] += bye_points
            byes[player] += 1
    rows = []
    for player, rating in ratings.items():
        buchholz = sum(points[other] for other in opponents[player])
        average = buchholz / len(opponents[player]) if opponents[player] else 0.0
        rows.append(Standing(player, points[player], buchholz, average, rating, byes[player], games[player]))
    rows.sort(key=lambda row: (-row.points, -row.buchholz, -row.opponents_average, -row.rating, repr(row.player)))
    return rows


def top_cut(table: Sequence[Standing], size: int, dropped: frozenset = frozenset()) -> list[Hashable]:
    """The best `size` players still in, in seed order, for the single-elimination stage."""
    return [row.player for row in table if row.player not in dropped][:size]


def pair_round(
    ranked: Sequence[Hashable],
    met: Mapping[frozenset, int],
    byes_taken: Mapping[Hashable, int],
    points: Mapping[Hashable, float],
    preferred: int,
    minimum: int,
    maximum: int,
) -> Pairing:
    """Seat the active players of the next round; `ranked` is the current standings order.

    Fewest repeated meetings first, then the smallest spread of points within tables;
    the table holding the leader is table 1.
    """
    if len(set(ranked)) != len(ranked):
        raise ValueError("a player appears twice in the ranking")
    seating = split(len(ranked), preferred, minimum, maximum)
    position = {player: index for index, player in enumerate(ranked)}
    bye_order = sorted(ranked, key=lambda player: (byes_taken.get(player, 0), -position[player]))
    byes = sorted(bye_order[: seating.byes], key=position.__getitem__)
    bye_set = set(byes)
    seated = [player for player in ranked if player not in bye_set]
    score = {player: points.get(player, 0.0) for player in seated}
    if seating.sizes and set(seating.sizes) == {2}:
        tables = _matching(seated, met, score)
    elif len(seated) <= EXACT_LIMIT:
        tables = _exact(seated, list(seating.sizes), met, score)
    else:
        tables = _greedy(seated, list(seating.sizes), met)
        _improve(tables, met, score)
    for table in tables:
        table.sort(key=position.__getitem__)
    tables.sort(key=lambda table: position[table[0]])
    return Pairing(tables, byes)


def _matching(seated: list, met: Mapping[frozenset, int], score: Mapping, dense: bool = False) -> list[list]:
    """2-player tables: a maximum-weight perfect matching (Edmonds' blossom algorithm).

    Each pair's cost encodes FIDE's priorities so that a higher one always outweighs every
    lower one summed over the round: rematches (absolute while a pairing without one exists),
    then pairs across score groups, then the squared score difference, then how far the pair
    is from top half against bottom half of its score group (a floater: the lowest of the
    higher group against the highest of the lower). `seated` is in standings order.
    """
    count = len(seated)
    values = sorted({score[player] for player in seated}, reverse=True)
    group = {player: values.index(score[player]) for player in seated}
    members: dict[int, list] = {}
    for player in seated:
        members.setdefault(group[player], []).append(player)
    place = {player: members[group[player]].index(player) for player in seated}

    def spread(a, b) -> int:
        # Scores are sums of place points shared by up to 5: 60ths keep them integral.
        return round((score[a] - score[b]) * 60) ** 2

    def order(a, b) -> int:
        if group[a] == group[b]:
            size = len(members[group[a]])
            return abs(abs(place[a] - place[b]) - size // 2)
        upper, lower = (a, b) if group[a] < group[b] else (b, a)
        return len(members[group[upper]]) - 1 - place[upper] + place[lower]

    if dense or count <= DENSE_LIMIT:
        pairs = list(combinations(seated, 2))
    else:
        # Large fields: each player's nearest rivals in the standings (their rematches too, so
        # a perfect matching always exists) and the next few dozen; a complete graph of 1,000
        # players takes minutes. Should that seat a rematch, the complete graph decides.
        pairs = [
            (a, b)
            for i, a in enumerate(seated)
            for j, b in enumerate(seated[i + 1 : i + 1 + NEIGHBOURS], i + 1)
            if j - i <= NEAREST or not met.get(frozenset((a, b)))
        ]
    halves = count // 2 + 1
    order_bound = count * count + 1
    spread_bound = order_bound * (halves * max((spread(a, b) for a, b in pairs), default=0) + 1)
    group_bound = spread_bound * halves
    rematch_bound = group_bound * (halves * max(met.values(), default=0) + 1)
    graph = networkx.Graph()
    for a, b in pairs:
        cost = (
            met.get(frozenset((a, b)), 0) * group_bound
            + (group[a] != group[b]) * spread_bound
            + spread(a, b) * order_bound
            + order(a, b)
        )
        graph.add_edge(a, b, weight=rematch_bound - cost)
    matching = [list(pair) for pair in networkx.max_weight_matching(graph, maxcardinality=True)]
    if not dense and count > DENSE_LIMIT and repeated_meetings(matching, met):
        return _matching(seated, met, score, dense=True)
    return matching


def _table_cost(table: Sequence[Hashable], met: Mapping[frozenset, int], score: Mapping) -> tuple[int, float]:
    repeats = sum(met.get(frozenset(pair), 0) for pair in combinations(table, 2))
    values = [score[player] for player in table]
    return repeats, max(values) - min(values)


def _exact(seated: list, sizes: list[int], met: Mapping[frozenset, int], score: Mapping) -> list[list]:
    """The partition with the fewest repeats, then least point spread, then closest to rank order."""
    best: list = [None, None]

    def search(remaining: list, sizes_left: list[int], tables: list, repeats: int, spread: float) -> None:
        if best[0] is not None and repeats > best[0][0]:
            return
        if not remaining:
            key = (repeats, spread, [sorted(map(seated.index, table)) for table in tables])
            if best[0] is None or key < best[0]:
                best[0], best[1] = key, [list(table) for table in tables]
            return
        head, rest = remaining[0], remaining[1:]
        for size in sorted(set(sizes_left), reverse=True):
            left = list(sizes_left)
            left.remove(size)
            for others in combinations(rest, size - 1):
                table = [head, *others]
                table_repeats, table_spread = _table_cost(table, met, score)
                chosen = set(others)
                search(
                    [p for p in rest if p not in chosen],
                    left,
                    [*tables, table],
                    repeats + table_repeats,
                    spread + table_spread,
                )

    search(seated, sizes, [], 0, 0.0)
    return best[1]


def _greedy(seated: list, sizes: list[int], met: Mapping[frozenset, int]) -> list[list]:
    """Top down: each table starts with the best unseated player and takes, seat by seat,
    the best-ranked of the next few players who has met the table least."""
    remaining = list(seated)
    tables = []
    for size in sizes:
        table = [remaining.pop(0)]
        while len(table) < size:
            window = remaining[:WINDOW]
            pick = min(
                range(len(window)),
                key=lambda i: (sum(met.get(frozenset((window[i], other)), 0) for other in table), i),
            )
            table.append(remaining.pop(pick))
        tables.append(table)
    return tables


def _improve(tables: list[list], met: Mapping[frozenset, int], score: Mapping) -> None:
    """Swap single players between tables while that removes repeats: nearby tables first
    (points stay close), then any table for repeats the neighbours could not resolve."""
    costs = [_table_cost(table, met, score) for table in tables]
    for reach in (3, len(tables)):
        changed = True
        while changed:
            changed = False
            for i in range(len(tables)):
                if costs[i][0] == 0:
                    continue
                for j in range(max(0, i - reach), min(len(tables), i + reach + 1)):
                    if j == i or not _best_swap(tables, costs, i, j, met, score):
                        continue
                    changed = True
                    if costs[i][0] == 0:
                        break


def _best_swap(tables: list[list], costs: list, i: int, j: int, met: Mapping[frozenset, int], score) -> bool:
    before_repeats = costs[i][0] + costs[j][0]
    before_spread = costs[i][1] + costs[j][1]
    best = None
    for a in range(len(tables[i])):
        for b in range(len(tables[j])):
            left, right = list(tables[i]), list(tables[j])
            left[a], right[b] = right[b], left[a]
            cost_left, cost_right = _table_cost(left, met, score), _table_cost(right, met, score)
            key = (cost_left[0] + cost_right[0] - before_repeats, cost_left[1] + cost_right[1] - before_spread)
            if key[0] < 0 and (best is None or key < best[0]):
                best = (key, left, right, cost_left, cost_right)
    if best is None:
        return False
    _, tables[i], tables[j], costs[i], costs[j] = best
    return True
