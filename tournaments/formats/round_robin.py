"""Round robin: Berger tables for 2 players, designs or covering schedules for 3-6-player tables.

Where a resolvable design exists for the field (`designs.resolvable`: 9, 15, 21, 27, 33...
at 3-player tables, 16, 28, 40, 52, 64 at 4, 25 at 5), its (n - 1) / (k - 1) rounds seat
every pair together exactly once. Otherwise a blank round count means "until every pair has
met": rounds are seated greedily, the hardest-to-place players first, until every pair has
met at least once, improved by swaps and shortened while every pair still meets; a given
round count keeps meetings as even as it allows. `meeting_balance` reports how even they came
out.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Sequence
from functools import cache
from itertools import combinations

from tournaments.formats.designs import resolvable
from tournaments.formats.tables import split

# The cost of a pair meeting once more after c meetings: 4**c grows fast enough that one pair
# meeting a third time costs more than many pairs meeting twice.
_STEP = [3 * 4**c for c in range(40)]
# In a covering schedule a pair that never meets costs more than any number of repeats; while
# shortening one, as much as a fourth meeting, so the search can trade one for the other.
_UNCOVERED = 10**30
_SHORTENING = _STEP[3]


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


def schedule(
    players: Sequence[Hashable], preferred: int, minimum: int, maximum: int, rounds: int | None = None
) -> list[tuple[list[list], list]]:
    """(tables, byes) for each round; by default (rounds None) until everyone has met everyone."""
    if len(set(players)) != len(players):
        raise ValueError("a player appears twice")
    n = len(players)
    if preferred == 2 and minimum <= 2 <= maximum:
        out = []
        circle = berger(players)
        for pairs in circle[: len(circle) if rounds is None else rounds]:
            out.append(([list(p) for p in pairs if p[1] is not None], [p[0] for p in pairs if p[1] is None]))
        return out
    design = resolvable(n, preferred) if minimum <= preferred <= maximum else None
    if design is not None:
        plan = _from_design(n, preferred, design, len(design) if rounds is None else rounds)
    else:
        plan = _plan(n, preferred, minimum, maximum, rounds)
    return [([[players[i] for i in table] for table in tables], [players[i] for i in byes]) for tables, byes in plan]


@cache
def rounds_to_meet_everyone(players: int, preferred: int, minimum: int, maximum: int) -> int:
    """How many rounds a blank round count gives `players`: every pair meets at least once.

    (n - 1) / (k - 1) rounded up is the floor at tables of k; a design reaches it, otherwise
    it is the length of the covering schedule `schedule` makes (the same computation).
    """
    if players < 2:
        return 0
    if preferred == 2 and minimum <= 2 <= maximum:
        return players - 1 if players % 2 == 0 else players
    return len(schedule(list(range(players)), preferred, minimum, maximum))


def blank_rounds(players: int, preferred: int, minimum: int, maximum: int, work_up_to: int = 64) -> tuple[int, bool]:
    """(rounds, exact) for a blank round count, cheap enough for a page: exact for 2-player
    tables, a design or up to `work_up_to` players; above, the floor (the start works it out)."""
    exact = (
        (preferred == 2 and minimum <= 2 <= maximum)
        or players <= work_up_to
        or (minimum <= preferred <= maximum and resolvable(players, preferred) is not None)
    )
    if exact:
        return rounds_to_meet_everyone(players, preferred, minimum, maximum), True
    return lower_bound(players, preferred), False


def lower_bound(players: int, preferred: int) -> int:
    """Nobody meets more than k - 1 others a round: ceil((n - 1) / (k - 1)) rounds at least."""
    return -(-(players - 1) // max(1, preferred - 1)) if players > 1 else 0


def _from_design(n: int, k: int, design: list, rounds: int) -> list[tuple[list[list[int]], list[int]]]:
    """The design's rounds; past its end, the design again under a seeded relabelling, so after
    c full passes every pair has met exactly c times."""
    out = []
    for number in range(rounds):
        cycle, index = divmod(number, len(design))
        label = list(range(n))
        if cycle:
            random.Random(n * 1000 + k * 10 + cycle).shuffle(label)
        out.append(([sorted(label[p] for p in table) for table in design[index]], []))
    return out


def _plan(n: int, preferred: int, minimum: int, maximum: int, rounds: int | None) -> list[tuple[list, list]]:
    """Round by round, then improved: with `rounds` None, until every pair has met (a covering)."""
    seating = split(n, preferred, minimum, maximum)
    if not seating.sizes:
        return [([], list(range(n))) for _ in range(rounds or 0)]
    rng = random.Random(n * 1000 + preferred)  # deterministic: same field, same schedule
    met = [[0] * n for _ in range(n)]
    state = _State(met, [n - 1] * n, [0] * n, n * (n - 1) // 2)
    plan: list[tuple[list, list]] = []
    # Byes and table limits can keep a pair apart a while; this bound is never reached in practice.
    limit = rounds if rounds is not None else 4 * lower_bound(n, preferred) + 20
    while len(plan) < limit and (rounds is not None or state.uncovered):
        plan.append(_greedy_round(n, seating.sizes, seating.byes, state, rng))
    if rounds is not None:
        _polish(plan, met, rng, 0, set(), _proposals(n, len(plan)))
        return plan
    plan = _shorten(plan, met, rng, n)
    _polish(plan, met, rng, _UNCOVERED, set(), _proposals(n, len(plan)))
    return plan


class _State:
    def __init__(self, met: list[list[int]], unmet: list[int], byes: list[int], uncovered: int) -> None:
        self.met, self.unmet, self.byes, self.uncovered = met, unmet, byes, uncovered


def _greedy_round(n: int, sizes: tuple[int, ...], bye_count: int, state: _State, rng: random.Random):
    """One round: byes to those with the fewest byes (then the fewest partners still to meet);
    each table started by the player with most partners still to meet, filled with the players
    whose extra meetings cost least."""
    met = state.met
    tie = list(range(n))
    rng.shuffle(tie)
    order = sorted(range(n), key=lambda p: (state.byes[p], state.unmet[p], tie[p]))
    byes = order[:bye_count]
    remaining = sorted(order[bye_count:], key=lambda p: (-state.unmet[p], tie[p]))
    tables = []
    for size in sizes:
        table = [remaining.pop(0)]
        while len(table) < size:
            row = [met[t] for t in table]
            pick = min(range(len(remaining)), key=lambda i: (sum(_STEP[min(r[remaining[i]], 39)] for r in row), i))
            table.append(remaining.pop(pick))
        tables.append(table)
    for player in byes:
        state.byes[player] += 1
    for table in tables:
        for a, b in combinations(table, 2):
            if not met[a][b]:
                state.unmet[a] -= 1
                state.unmet[b] -= 1
                state.uncovered -= 1
            met[a][b] += 1
            met[b][a] += 1
    return tables, byes


def _proposals(n: int, rounds: int) -> int:
    return min(150_000, 3_000 + 10 * n * max(1, rounds))


def _up(c: int, uncovered_cost: int) -> int:
    """The cost of a pair's meetings going from c to c + 1."""
    return _STEP[min(c, 39)] - (uncovered_cost if c == 0 else 0)


def _polish(
    plan: list,
    met: list[list[int]],
    rng: random.Random,
    uncovered_cost: int,
    uncovered: set,
    proposals: int,
    until_covered: bool = False,
) -> None:
    """Swaps of two players between two tables of a round, kept when they do not raise the total
    cost of pair meetings (sideways moves let it walk off plateaus). In a covering, half the
    proposals aim at a pair that has not met: one of them joins the other's table."""
    rounds = [tables for tables, _byes in plan if len(tables) > 1]
    if not rounds:
        return
    for _ in range(proposals):
        tables = rng.choice(rounds)
        if until_covered and not uncovered:
            return
        if uncovered_cost and uncovered and rng.random() < 0.5:
            # Seat b at a's table in place of one of a's table mates, x.
            a, b = rng.choice(tuple(uncovered))
            where = {p: i for i, table in enumerate(tables) for p in table}
            if a not in where or b not in where:
                continue
            own, other = tables[where[a]], tables[where[b]]
            mates = [index for index, x in enumerate(own) if x != a]
            a_index, b_index = rng.choice(mates), other.index(b)
            a = own[a_index]
        else:
            i, j = rng.sample(range(len(tables)), 2)
            own, other = tables[i], tables[j]
            a_index, b_index = rng.randrange(len(own)), rng.randrange(len(other))
            a, b = own[a_index], other[b_index]
        change = 0
        for x in own:
            if x != a:
                change += _up(met[b][x], uncovered_cost) - _up(met[a][x] - 1, uncovered_cost)
        for x in other:
            if x != b:
                change += _up(met[a][x], uncovered_cost) - _up(met[b][x] - 1, uncovered_cost)
        if change > 0:
            continue
        for x in own:
            if x != a:
                _meet(met, uncovered, a, x, -1)
                _meet(met, uncovered, b, x, 1)
        for x in other:
            if x != b:
                _meet(met, uncovered, b, x, -1)
                _meet(met, uncovered, a, x, 1)
        own[a_index], other[b_index] = b, a


def _meet(met: list[list[int]], uncovered: set, a: int, b: int, step: int) -> None:
    met[a][b] += step
    met[b][a] += step
    pair = (a, b) if a < b else (b, a)
    if met[a][b] == 0:
        uncovered.add(pair)
    elif step > 0 and met[a][b] == 1:
        uncovered.discard(pair)


def _shorten(plan: list, met: list[list[int]], rng: random.Random, n: int) -> list:
    """Take out the round that leaves the fewest pairs unmet, and swap until they meet again;
    repeat while that works, keeping byes within one of each other."""
    while len(plan) > 1:
        byes: Counter = Counter(p for _tables, round_byes in plan for p in round_byes)
        best = None
        for index, (tables, round_byes) in enumerate(plan):
            left = [byes[p] - (p in round_byes) for p in range(n)]
            if max(left) - min(left) > 1:
                continue
            lost = sum(1 for table in tables for a, b in combinations(table, 2) if met[a][b] == 1)
            if best is None or lost < best[0]:
                best = (lost, index)
        if best is None:
            return plan
        trial = [([list(t) for t in tables], list(b)) for tables, b in plan]
        trial_met = [list(row) for row in met]
        uncovered: set = set()
        for table in trial.pop(best[1])[0]:
            for a, b in combinations(table, 2):
                _meet(trial_met, uncovered, a, b, -1)
        _polish(trial, trial_met, rng, _SHORTENING, uncovered, _proposals(n, len(trial)), until_covered=True)
        if uncovered:
            return plan
        plan, met[:] = trial, trial_met
    return plan


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
