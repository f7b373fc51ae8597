"""Round robin: everyone meets everyone, as evenly as the table size allows.

Two players: the circle method (Berger tables), a bye each round when the count is odd.
Tables of 3-5: where a resolvable design exists (n = k², k = 3, 4 or 5: an affine plane,
k + 1 rounds) everyone meets everyone exactly once; otherwise each round is seated to
repeat the fewest meetings so far, and `pair_balance` says how even the result is.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from math import ceil

from .scoring import PlayerId
from .swiss import _greedy, _improve, repeats
from .tables import table_sizes

Round = list[list[PlayerId]]


def berger(players: list[PlayerId]) -> list[Round]:
    """Rounds of pairs by the circle method; an odd count gives one player a bye (a table of one)."""
    field: list[PlayerId | None] = list(players) + ([None] if len(players) % 2 else [])
    count = len(field)
    rounds = []
    for number in range(count - 1):
        pairs = [(field[i], field[count - 1 - i]) for i in range(count // 2)]
        # Alternate who is listed first for the fixed player, as Berger tables do.
        if number % 2:
            pairs[0] = (pairs[0][1], pairs[0][0])
        rounds.append([[a for a in pair if a is not None] for pair in pairs])
        field = [field[0], field[-1], *field[1:-1]]
    return rounds


# GF(4) = {0, 1, a, a + 1} as 0..3: addition is XOR, multiplication by table.
_GF4_MUL = [[0, 0, 0, 0], [0, 1, 2, 3], [0, 2, 3, 1], [0, 3, 1, 2]]


def _field(k: int):
    if k == 4:
        return (lambda a, b: a ^ b), (lambda a, b: _GF4_MUL[a][b])
    return (lambda a, b: (a + b) % k), (lambda a, b: (a * b) % k)


def affine_plane(players: list[PlayerId]) -> list[Round] | None:
    """k + 1 rounds of k tables of k where every pair meets once; None unless len(players) is 9, 16 or 25."""
    k = round(len(players) ** 0.5)
    if k * k != len(players) or k not in (3, 4, 5):
        return None
    add, mul = _field(k)
    point = {(x, y): players[x * k + y] for x in range(k) for y in range(k)}
    rounds = [[[point[(x, y)] for y in range(k)] for x in range(k)]]  # the vertical lines x = c
    for slope in range(k):
        lines = []
        for intercept in range(k):
            lines.append([point[(x, add(mul(slope, x), intercept))] for x in range(k)])
        rounds.append(lines)
    return rounds


def schedule(players: list[PlayerId], preferred: int, smallest: int, largest: int, rounds: int | None = None):
    """The whole round robin: a list of rounds, each a list of tables (a table of one is a bye)."""
    if preferred == 2 and largest == 2:
        return berger(players)
    if rounds is None and preferred == smallest == largest:
        design = affine_plane(players)
        if design is not None:
            return design
    rounds = rounds or ceil((len(players) - 1) / (preferred - 1))
    met: Counter = Counter()
    byes: Counter = Counter()
    result = []
    for number in range(rounds):
        sizes, bye_count = table_sizes(len(players), preferred, smallest, largest)
        # Byes to those with fewest; the rest rotate so that nobody always leads the seating.
        shift = number % len(players)
        order = players[shift:] + players[:shift]
        out = sorted(order, key=lambda player: byes[player])[:bye_count]
        seated = [player for player in order if player not in out]
        place = {player: index for index, player in enumerate(seated)}
        tables = _improve(_greedy(seated, sizes, met), met, place)
        for table in tables:
            for pair in combinations(table, 2):
                met[frozenset(pair)] += 1
        byes.update(out)
        result.append(tables + [[player] for player in out])
    return result


def pair_balance(rounds: list[Round], players: list[PlayerId]) -> Counter:
    """How many pairs met 0, 1, 2 ... times: {times: pairs}."""
    met: Counter = Counter()
    for tables in rounds:
        for table in tables:
            for pair in combinations(table, 2):
                met[frozenset(pair)] += 1
    return Counter(met[frozenset(pair)] for pair in combinations(players, 2))


__all__ = ["affine_plane", "berger", "pair_balance", "repeats", "schedule"]
