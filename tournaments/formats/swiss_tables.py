"""Swiss rounds at 3-5 player tables: no avoidable repeat meeting, then points close together.

The seating is an optimisation over partitions of the field into tables of given sizes:
fewest repeated meetings first, then the smallest sum over tables of (highest - lowest
points). A fast greedy seating with repairing swaps is tried first; when it meets nobody
twice and its point spread equals the lower bound (the best split of the standings into
runs of consecutive players, which no seating can beat), it is optimal and kept.

Otherwise two stages. Repeats first, over the whole field and the bye together
(`swiss_repeats`: a tabu search, then CP-SAT's repeat-only model, which also proves a lower
bound). Then points, never at the cost of a repeat: OR-Tools' CP-SAT solver takes the exact
model, started from the first stage's seating, on fields up to `FULL_LIMIT` players; larger
fields are re-seated exactly in runs of `BLOCK` neighbouring tables wherever a run spreads its
points beyond its own bound (each run optimal on its own). The runs are not the search for
repeats: a repeat-free seating that moves players further than a run would be missed. The
solver runs single-threaded on a deterministic work limit, so the same round is always seated
the same way on any machine; `Seated` says how many repeats were seated and the bound proven,
for the round's log.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from ortools.sat.python import cp_model

from tournaments.formats.swiss_repeats import fewest_repeats

# Up to this many players every player may sit at every table in the model.
FULL_LIMIT = 30
# Larger fields: runs of this many neighbouring tables are re-seated exactly, one run at a time.
BLOCK = 6
# CP-SAT's deterministic work limits (roughly seconds of one core): a whole round (at most 30
# players; a round stays within ~2 s), one run with a repeat, one run for points alone.
WORK_LIMIT = 0.6
BLOCK_WORK_LIMIT = 0.2
SPREAD_WORK_LIMIT = 0.1
# How many of the next-ranked players the greedy seating looks at for each seat.
WINDOW = 10


@dataclass
class Seated:
    """A round's tables, who sits out, the repeated meetings seated and a lower bound on the
    repeats of any seating (`repeats > bound`: not proven that no seating repeats fewer)."""

    tables: list[list]
    byes: list
    repeats: int
    bound: int


def seat_tables(
    seated: list, sizes: list[int], met: Mapping[frozenset, int], score: Mapping, full_limit: int = FULL_LIMIT
) -> list[list]:
    """Tables of the given sizes for `seated` (standings order), fewest repeats then closest points."""
    return seat_round(seated, sizes, met, score, full_limit=full_limit).tables


def seat_round(
    ranked: list,
    sizes: list[int],
    met: Mapping[frozenset, int],
    score: Mapping,
    byes: Sequence = (),
    pool: Collection = (),
    full_limit: int = FULL_LIMIT,
) -> Seated:
    """Seat `ranked` but `byes`; a player of `pool` may sit out instead of one of `byes` (and
    one of those play) where that seats fewer repeats."""
    out = list(byes)
    seated = [p for p in ranked if p not in set(out)]
    if not sizes:
        return Seated([], out, 0, 0)
    units = _units(ranked, score)
    tables = quick(seated, sizes, met, score)
    before = repeats(tables, met)
    if before == 0 and spread(tables, units) == spread_bound(seated, sizes, units):
        return Seated(tables, out, 0, 0)
    bound = 0
    if before:
        # First stage: repeats alone over the whole field (and the bye), points only as ties.
        stage = fewest_repeats(tables, met, units, out, pool)
        bound = stage.bound
        if stage.repeats < before:
            tables, out = stage.tables, stage.out
            sitting_out = set(out)
            seated = [p for p in ranked if p not in sitting_out]
    # Second stage: points, never at the cost of a repeat (both searches rank repeats first).
    if len(seated) > full_limit:
        tables = polish(tables, seated, met, units)
    else:
        found = solve(seated, sizes, met, units, tables)
        if found is not None and key(found, met, units) <= key(tables, met, units):
            tables = found
    seated_repeats = repeats(tables, met)
    return Seated(tables, out, seated_repeats, min(bound, seated_repeats))


def quick(seated: list, sizes: list[int], met: Mapping[frozenset, int], score: Mapping) -> list[list]:
    """Two starts, each repaired by swaps: runs of consecutive players (the least spread,
    repeats and all) and the greedy seating (repeats avoided as it goes); the better."""
    units = _units(seated, score)
    starts = [[list(seated[at : at + size]) for at, size in zip(_offsets(sizes), sizes, strict=True)]]
    starts.append(greedy(seated, sizes, met))
    for option in starts:
        improve(option, met, score)
    return min(starts, key=lambda option: key(option, met, units))


def key(tables: Sequence[Sequence], met: Mapping[frozenset, int], units: Mapping) -> tuple[int, int]:
    return repeats(tables, met), spread(tables, units)


def repeats(tables: Sequence[Sequence], met: Mapping[frozenset, int]) -> int:
    return sum(met.get(frozenset(pair), 0) for table in tables for pair in combinations(table, 2))


def spread(tables: Sequence[Sequence], units: Mapping) -> int:
    return sum(max(units[p] for p in table) - min(units[p] for p in table) for table in tables)


def spread_bound(seated: list, sizes: list[int], units: Mapping) -> int:
    """The least spread of any seating: runs of consecutive players by points (a seating that
    interleaves two tables never does better than splitting them into runs), over every order
    of the table sizes."""
    values = sorted((units[p] for p in seated), reverse=True)
    big, small = max(sizes), min(sizes)
    bigs = sizes.count(big) if big != small else len(sizes)
    smalls = len(sizes) - bigs
    best: dict[tuple[int, int], int] = {(0, 0): 0}
    for used_big in range(bigs + 1):
        for used_small in range(smalls + 1):
            here = best.get((used_big, used_small))
            if here is None:
                continue
            start = used_big * big + used_small * small
            for size, key in ((big, (used_big + 1, used_small)), (small, (used_big, used_small + 1))):
                if key[0] > bigs or key[1] > smalls or start + size > len(values):
                    continue
                cost = here + values[start] - values[start + size - 1]
                if cost < best.get(key, cost + 1):
                    best[key] = cost
    return best[(bigs, smalls)]


def _offsets(sizes: list[int]) -> list[int]:
    return [sum(sizes[:t]) for t in range(len(sizes))]


def _units(seated: list, score: Mapping) -> dict:
    """Points as integers: place points shared by up to 5 players are whole 60ths."""
    return {p: int(Fraction(score[p]).limit_denominator(10**6) * 60) for p in seated}


def solve(
    seated: list,
    sizes: list[int],
    met: Mapping[frozenset, int],
    units: Mapping,
    hint: list[list],
    work_limit: float = WORK_LIMIT,
):
    """The exact model in CP-SAT; None when the solver finds no seating within its limit.
    A repeat-free hint makes repeats forbidden outright: a far smaller model, points alone."""
    forbid = repeats(hint, met) == 0
    model = cp_model.CpModel()
    tables = len(sizes)
    # Tables of one size are interchangeable: the k-th player sits at one of the first k
    # tables of each size (number them by their best-placed player).
    rank_in_size = [sizes[:t].count(sizes[t]) for t in range(tables)]
    allowed = {p: [t for t in range(tables) if rank_in_size[t] <= i] for i, p in enumerate(seated)}
    at = {(p, t): model.new_bool_var(f"x{i}_{t}") for i, p in enumerate(seated) for t in allowed[p]}
    for p in seated:
        model.add_exactly_one(at[p, t] for t in allowed[p])
    sitting: list[list] = [[] for _ in range(tables)]
    for (p, t), var in at.items():
        sitting[t].append((p, var))
    for t in range(tables):
        model.add(sum(var for _, var in sitting[t]) == sizes[t])
    repeat_terms = []
    for pair, times in met.items():
        if len(pair) != 2 or not times:
            continue
        a, b = tuple(pair)
        if a not in allowed or b not in allowed:
            continue
        for t in set(allowed[a]) & set(allowed[b]):
            if forbid:
                model.add_bool_or([at[a, t].Not(), at[b, t].Not()])
                continue
            both = model.new_bool_var("")
            model.add_bool_or([at[a, t].Not(), at[b, t].Not(), both])
            repeat_terms.append(times * both)
    lowest, highest = min(units.values()), max(units.values())
    spreads = []
    for t in range(tables):
        top = model.new_int_var(lowest, highest, "")
        bottom = model.new_int_var(lowest, highest, "")
        for p, var in sitting[t]:
            model.add(top >= units[p]).only_enforce_if(var)
            model.add(bottom <= units[p]).only_enforce_if(var)
        spreads.append(top - bottom)
    weight = tables * (highest - lowest) + 1
    model.minimize(weight * sum(repeat_terms) + sum(spreads))
    for t, table in enumerate(_relabel(hint, sizes)):
        for p in table:
            for u in allowed[p]:
                model.add_hint(at[p, u], u == t)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 0
    solver.parameters.max_deterministic_time = work_limit
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    found: list[list] = [[] for _ in range(tables)]
    for (p, t), var in at.items():
        if solver.boolean_value(var):
            found[t].append(p)
    position = {p: i for i, p in enumerate(seated)}
    for table in found:
        table.sort(key=position.__getitem__)
    return found


def polish(tables: list[list], seated: list, met: Mapping[frozenset, int], units: Mapping) -> list[list]:
    """Large fields: re-seat runs of `BLOCK` neighbouring tables exactly, each run on its own,
    where a run repeats a meeting or spreads its points beyond its own bound (twice, the second
    time shifted half a run). Repeats across the whole field are the first stage's work
    (`swiss_repeats`); a run only keeps them or removes more."""
    position = {p: i for i, p in enumerate(seated)}

    def in_order(option: list[list]) -> list[list]:
        return sorted((sorted(table, key=position.__getitem__) for table in option), key=lambda t: position[t[0]])

    tables = in_order(tables)
    for offset in (0, BLOCK // 2):
        for start in range(offset, len(tables), BLOCK):
            block = tables[start : start + BLOCK]
            players = sorted((p for table in block for p in table), key=position.__getitem__)
            sizes = sorted((len(table) for table in block), reverse=True)
            before = key(block, met, units)
            if before[0] == 0 and before[1] == spread_bound(players, sizes, units):
                continue
            # Points alone get a short look, a repeat a longer one.
            limit = BLOCK_WORK_LIMIT if before[0] else SPREAD_WORK_LIMIT
            found = solve(players, sizes, met, units, block, limit)
            if found is not None and key(found, met, units) < before:
                tables[start : start + BLOCK] = found
        tables = in_order(tables)
    return tables


def _relabel(tables: list[list], sizes: list[int]) -> list[list]:
    """The hint's tables matched to table numbers of their size, in their order."""
    free: dict[int, list[int]] = {}
    for t, size in enumerate(sizes):
        free.setdefault(size, []).append(t)
    out: list[list] = [[] for _ in sizes]
    for table in tables:
        out[free[len(table)].pop(0)] = table
    return out


def _table_cost(table: Sequence, met: Mapping[frozenset, int], score: Mapping) -> tuple[int, float]:
    values = [score[player] for player in table]
    return sum(met.get(frozenset(pair), 0) for pair in combinations(table, 2)), max(values) - min(values)


def greedy(seated: list, sizes: list[int], met: Mapping[frozenset, int]) -> list[list]:
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


def improve(tables: list[list], met: Mapping[frozenset, int], score: Mapping) -> None:
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
