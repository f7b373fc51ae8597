"""Round robin: Berger tables for 2 players, balanced schedules for 3-5-player tables.

For tables of k = 3, 4 or 5 and k*k players an affine plane gives a resolvable design:
k + 1 rounds in which every pair meets exactly once (9 players at 3-player tables over 4
rounds), and 15 players at 3-player tables get Kirkman's schoolgirl schedule (7 rounds,
every pair once). Otherwise each round is seated to keep pair meetings as even as
possible, and `meeting_balance` reports how even they came out.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Sequence
from functools import cache
from itertools import combinations

from tournaments.formats.tables import split

# Addition and multiplication in GF(4) = {0, 1, a, a+1} written as 0..3.
_GF4_ADD = [[a ^ b for b in range(4)] for a in range(4)]
_GF4_MUL = [[0, 0, 0, 0], [0, 1, 2, 3], [0, 2, 3, 1], [0, 3, 1, 2]]


def berger(players: Sequence[Hashable]) -> list[list[tuple]]:
    """FIDE's Berger tables for 2-player games: n-1 rounds (n if odd, one bye each round).

    A bye is a pair with None. Round 1 is 1-n, 2-(n-1), ...; each next round adds n/2 to
    every number but n (counting 1..n-1 round again), table by table, and n changes seat
    every round, so seat order alternates as in FIDE's printed tables: nobody sits first
    (or second) three games running.
    """
    circle = list(players)
    if len(circle) % 2:
        circle.append(None)
    n = len(circle)
    numbers = [(1, n)] + [(k, n + 1 - k) for k in range(2, n // 2 + 1)]
    rounds = []
    for number in range(n - 1):
        first = numbers[0][0]
        table_one = (first, n) if number % 2 == 0 else (n, first)
        pairs = [table_one, *numbers[1:]]
        rounds.append([_bye_last((circle[a - 1], circle[b - 1])) for a, b in pairs])
        numbers = [tuple(p if p == n else (p - 1 + n // 2) % (n - 1) + 1 for p in pair) for pair in numbers]
    return rounds


def _bye_last(pair: tuple) -> tuple:
    return (pair[1], None) if pair[0] is None else pair


def affine_plane(players: Sequence[Hashable]) -> list[list[list]] | None:
    """k + 1 rounds of k tables of k for k*k players (k = 2, 3, 4, 5), every pair once; else None."""
    q = {4: 2, 9: 3, 16: 4, 25: 5}.get(len(players))
    if q is None:
        return None
    if q == 4:
        add, mul = _GF4_ADD, _GF4_MUL
    else:
        add = [[(a + b) % q for b in range(q)] for a in range(q)]
        mul = [[(a * b) % q for b in range(q)] for a in range(q)]
    point = {(x, y): players[x * q + y] for x in range(q) for y in range(q)}
    rounds = [[[point[(c, y)] for y in range(q)] for c in range(q)]]  # lines x = c
    for slope in range(q):  # lines y = slope * x + c
        rounds.append([[point[(x, add[mul[slope][x]][c])] for x in range(q)] for c in range(q)])
    return rounds


@cache
def _kirkman_packing() -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """Kirkman's schoolgirls: the 35 lines of PG(3, 2) in 7 parallel classes of 5 (found once).

    Points are the 15 non-zero vectors of GF(2)^4 (1..15); a line is {a, b, a xor b}. A
    spread is 5 disjoint lines (a round); a packing is 7 spreads sharing no line (everyone
    meets everyone exactly once). A small search finds one: 56 spreads, 7 to pick.
    """
    lines = sorted({tuple(sorted((a, b, a ^ b))) for a in range(1, 16) for b in range(a + 1, 16)})
    through = {point: [line for line in lines if point in line] for point in range(1, 16)}
    spreads: list[frozenset] = []

    def grow(chosen: list, covered: set) -> None:
        if len(covered) == 15:
            spreads.append(frozenset(chosen))
            return
        point = min(set(range(1, 16)) - covered)
        for line in through[point]:
            if covered.isdisjoint(line):
                grow([*chosen, line], covered | set(line))

    grow([], set())
    spreads = sorted(set(spreads), key=sorted)

    def pack(chosen: list, used: frozenset) -> list | None:
        if len(chosen) == 7:
            return chosen
        first = min(line for line in lines if line not in used)  # it must be in the next spread
        for spread in spreads:
            if first in spread and used.isdisjoint(spread):
                found = pack([*chosen, spread], used | spread)
                if found:
                    return found
        return None

    packing = pack([], frozenset())
    assert packing is not None
    return tuple(tuple(sorted(spread)) for spread in packing)


def kirkman(players: Sequence[Hashable]) -> list[list[list]] | None:
    """7 rounds of 5 tables of 3 for 15 players, every pair once; else None."""
    if len(players) != 15:
        return None
    return [[[players[point - 1] for point in line] for line in spread] for spread in _kirkman_packing()]


def schedule(
    players: Sequence[Hashable], preferred: int, minimum: int, maximum: int, rounds: int | None = None
) -> list[tuple[list[list], list]]:
    """(tables, byes) for each round; by default enough rounds for everyone to meet everyone."""
    if len(set(players)) != len(players):
        raise ValueError("a player appears twice")
    n = len(players)
    if preferred == 2 and minimum <= 2 <= maximum:
        out = []
        circle = berger(players)
        for pairs in circle[: len(circle) if rounds is None else rounds]:
            out.append(([list(p) for p in pairs if p[1] is not None], [p[0] for p in pairs if p[1] is None]))
        return out
    if rounds is None:
        rounds = max(1, -(-(n - 1) // max(1, preferred - 1)))
    design = affine_plane(players) or (kirkman(players) if preferred == 3 else None)
    if design is not None and len(design[0][0]) == preferred and rounds <= len(design):
        return [(tables, []) for tables in design[:rounds]]
    return _balanced(list(players), preferred, minimum, maximum, rounds)


def _balanced(players: list, preferred: int, minimum: int, maximum: int, rounds: int) -> list[tuple[list, list]]:
    """Round by round: byes to those with fewest, then tables that add the fewest repeat meetings
    (weighted by how often a pair already met), improved by swapping players between tables."""
    met: Counter = Counter()
    byes_taken: Counter = Counter()
    seating = split(len(players), preferred, minimum, maximum)
    out = []
    rng = random.Random(len(players) * 1000 + preferred)  # deterministic: same field, same schedule
    for _number in range(rounds):
        best = None
        # A few seeded restarts (fewer for big fields) and keep the round adding the least weight.
        for _attempt in range(max(1, 400 // max(1, len(players)))):
            order = list(players)
            rng.shuffle(order)
            by_byes = sorted(order, key=lambda player: byes_taken[player])
            byes = by_byes[: seating.byes]
            seated = [player for player in order if player not in set(byes)]
            tables = _seat(seated, list(seating.sizes), met)
            weight = sum(_weight(table, met) for table in tables)
            if best is None or weight < best[0]:
                best = (weight, tables, byes)
        _, tables, byes = best
        for player in byes:
            byes_taken[player] += 1
        for table in tables:
            for pair in combinations(table, 2):
                met[frozenset(pair)] += 1
        out.append((tables, byes))
    _polish(out, met, rng)
    return out


def _step(count: int) -> int:
    """Cost of a pair meeting once more after `count` meetings: 4**count grows fast enough that
    one pair meeting a third time costs more than many pairs meeting twice."""
    return 3 * 4**count


def _polish(plan: list[tuple[list, list]], met: Counter, rng: random.Random, proposals: int = 30_000) -> None:
    """Random swaps over the whole schedule, kept when they do not raise the total cost of pair
    meetings (see `_step`): sideways moves let it walk off the plateaus where the myopic
    round-by-round seating stops."""
    rounds = [tables for tables, _byes in plan if len(tables) > 1]
    if not rounds:
        return
    for _ in range(proposals):
        tables = rng.choice(rounds)
        i, j = rng.sample(range(len(tables)), 2)
        own, other = tables[i], tables[j]
        a_index, b_index = rng.randrange(len(own)), rng.randrange(len(other))
        a, b = own[a_index], other[b_index]
        change = 0
        for x in own:
            if x != a:
                change += _step(met[frozenset((b, x))]) - _step(met[frozenset((a, x))] - 1)
        for x in other:
            if x != b:
                change += _step(met[frozenset((a, x))]) - _step(met[frozenset((b, x))] - 1)
        if change > 0:
            continue
        for x in own:
            if x != a:
                met[frozenset((a, x))] -= 1
                met[frozenset((b, x))] += 1
        for x in other:
            if x != b:
                met[frozenset((b, x))] -= 1
                met[frozenset((a, x))] += 1
        own[a_index], other[b_index] = b, a


def _weight(table: Sequence, met: Counter) -> int:
    return sum(met[frozenset(pair)] ** 2 for pair in combinations(table, 2))


def _seat(seated: list, sizes: list[int], met: Counter) -> list[list]:
    remaining = list(seated)
    tables = []
    for size in sizes:
        table = [remaining.pop(0)]
        while len(table) < size:
            pick = min(range(len(remaining)), key=lambda i: (sum(met[frozenset((remaining[i], o))] for o in table), i))
            table.append(remaining.pop(pick))
        tables.append(table)
    improved = True
    while improved:
        improved = False
        for i, j in combinations(range(len(tables)), 2):
            base = _weight(tables[i], met) + _weight(tables[j], met)
            for a in range(len(tables[i])):
                for b in range(len(tables[j])):
                    left, right = list(tables[i]), list(tables[j])
                    left[a], right[b] = right[b], left[a]
                    if _weight(left, met) + _weight(right, met) < base:
                        tables[i], tables[j] = left, right
                        base = _weight(left, met) + _weight(right, met)
                        improved = True
    return tables


def meeting_balance(players: Sequence[Hashable], rounds: Sequence[tuple[list[list], list]]) -> dict:
    """How many pairs met 0, 1, 2... times, with the least and most: the balance report."""
    met: Counter = Counter()
    for tables, _byes in rounds:
        for table in tables:
            for pair in combinations(table, 2):
                met[frozenset(pair)] += 1
    counts = [met[frozenset(pair)] for pair in combinations(players, 2)]
    histogram = dict(sorted(Counter(counts).items()))
    return {"pairs": len(counts), "histogram": histogram, "min": min(counts, default=0), "max": max(counts, default=0)}


def format_balance(balance: dict) -> str:
    """One line for organisers: `36 pairs: 36 met once (min 1, max 1)`."""
    parts = ", ".join(f"{pairs} met {times}x" for times, pairs in balance["histogram"].items())
    return f"{balance['pairs']} pairs: {parts} (min {balance['min']}, max {balance['max']})"
