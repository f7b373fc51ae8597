"""The first stage of a multiplayer Swiss seating: fewest repeated meetings over the whole field.

Points are left to the second stage (`swiss_tables`), which never trades a repeat for points.
Here a tabu search swaps players between any two tables (a swap's change in repeats is read off
a players x tables matrix of meetings, so every swap of the players who repeat is priced at
once); ties go to the swap of players closest in points, which keeps the seating near the
standings. When a repeat survives, CP-SAT's repeat-only model of the whole field, started from
the search's seating, looks for fewer and proves a lower bound: a round may then be seated
with a known number of avoidable repeats at most (`Stage.repeats - Stage.bound`).

A bye is a table of its own here: players who may sit out (`pool`) can swap into it, and a
repeat at it costs nothing; so one search chooses the bye and the seating together.

Deterministic: a fixed seed for the search's ties, a step budget rather than a clock, and the
solver single-threaded on a deterministic work limit.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

import numpy
from ortools.sat.python import cp_model

# Search steps (one swap each); a step prices every swap of a repeating player, ~0.1 ms at 60
# players and up to ~1 ms at 1,000, so larger fields get fewer (`STEP_CELLS // players`, at
# least `MIN_STEPS`): a round stays within its ~2 s.
STEPS = 3000
STEP_CELLS = 240_000
MIN_STEPS = 300
# The repeat-only model of the whole field, for fields up to this many players (with the bye's
# candidates): its size grows with the pairs who met times the tables.
MODEL_LIMIT = 120
MODEL_WORK_LIMIT = 0.3


@dataclass
class Stage:
    """A seating (tables in the order of `sizes`), who sits out, its repeats and a lower bound
    on the repeats of any seating of the round (equal: no seating repeats fewer)."""

    tables: list[list]
    out: list
    repeats: int
    bound: int


def fewest_repeats(
    tables: Sequence[Sequence],
    met: Mapping[frozenset, int],
    units: Mapping,
    out: Sequence = (),
    pool: Collection = (),
    model_limit: int = MODEL_LIMIT,
) -> Stage:
    """Re-seat `tables` (and the bye's `out`, swapping with players in `pool`) for fewest repeats."""
    stage = search(tables, met, units, out, pool)
    if stage.repeats and sum(map(len, tables)) + len(set(out) | set(pool)) <= model_limit:
        exact = solve_repeats(stage, met, pool)
        if exact is not None:
            return exact
    return stage


def count(tables: Sequence[Sequence], met: Mapping[frozenset, int]) -> int:
    return sum(met.get(frozenset((a, b)), 0) for table in tables for i, a in enumerate(table) for b in table[i + 1 :])


def search(
    tables: Sequence[Sequence],
    met: Mapping[frozenset, int],
    units: Mapping,
    out: Sequence = (),
    pool: Collection = (),
    steps: int | None = None,
    seed: int = 0,
) -> Stage:
    """Tabu search over swaps between tables (the bye a table where nothing repeats)."""
    players = [p for table in tables for p in table] + list(out)
    index = {p: i for i, p in enumerate(players)}
    n, bye = len(players), len(tables)
    where = numpy.empty(n, dtype=numpy.int64)
    for t, table in enumerate(tables):
        for p in table:
            where[index[p]] = t
    for p in out:
        where[index[p]] = bye
    may_sit_out = numpy.array([p in pool for p in players])
    meetings = numpy.zeros((n, n), dtype=numpy.int64)
    for pair, times in met.items():
        if times and len(pair) == 2:
            a, b = tuple(pair)
            if a in index and b in index:
                meetings[index[a], index[b]] = meetings[index[b], index[a]] = times
    # conflict[p, t]: p's earlier meetings with the players at table t (the bye's column stays 0).
    conflict = numpy.zeros((n, bye + 1), dtype=numpy.int64)
    for t in range(bye):
        members = numpy.flatnonzero(where == t)
        conflict[:, t] = meetings[:, members].sum(axis=1)
    points = numpy.array([units.get(p, 0) for p in players], dtype=numpy.int64)
    seated = where != bye
    total = int(conflict[numpy.flatnonzero(seated), where[seated]].sum()) // 2
    best, best_where = total, where.copy()
    tabu = numpy.zeros((n, bye + 1), dtype=numpy.int64)
    rng = random.Random(seed)
    noise = numpy.random.default_rng(seed)
    everyone = numpy.arange(n)
    if steps is None:
        steps = min(STEPS, max(MIN_STEPS, STEP_CELLS // max(n, 1)))
    for step in range(1, steps + 1):
        if best == 0:
            break
        seated = where != bye
        own = numpy.where(seated, conflict[everyone, where], 0)
        repeating = numpy.flatnonzero(own > 0)
        if not len(repeating):
            break
        # delta[i, q]: the change in repeats when repeating[i] and q swap tables.
        p_tables = where[repeating]
        to_q = conflict[repeating][:, where] - meetings[repeating] * seated[None, :]
        to_p = conflict[:, p_tables].T - meetings[repeating]
        delta = to_q + to_p - own[repeating][:, None] - own[None, :]
        allowed = where[None, :] != p_tables[:, None]
        allowed &= (where[None, :] != bye) | (may_sit_out[repeating][:, None] & may_sit_out[None, :])
        free = (tabu[repeating][:, where] < step) & (tabu[everyone, p_tables[:, None]] < step)
        allowed &= free | (total + delta < best)
        if not allowed.any():
            break
        distance = numpy.abs(points[repeating][:, None] - points[None, :])
        ties = noise.integers(0, 64, size=delta.shape)
        key = numpy.where(allowed, delta * (1 << 40) + distance * 64 + ties, numpy.iinfo(numpy.int64).max)
        i, q = numpy.unravel_index(int(numpy.argmin(key)), key.shape)
        p = int(repeating[i])
        q = int(q)
        a, b = int(where[p]), int(where[q])
        total += int(delta[i, q])
        tenure = 7 + rng.randrange(len(repeating) + 3)
        tabu[p, a] = tabu[q, b] = step + tenure
        where[p], where[q] = b, a
        for t, leaving, joining in ((a, p, q), (b, q, p)):
            if t != bye:
                conflict[:, t] += meetings[:, joining] - meetings[:, leaving]
        if total < best:
            best, best_where = total, where.copy()
    return _stage(players, best_where, len(tables), met)


def _stage(players: list, where, tables: int, met: Mapping[frozenset, int]) -> Stage:
    seating: list[list] = [[] for _ in range(tables + 1)]
    for i, p in enumerate(players):
        seating[int(where[i])].append(p)
    return Stage(seating[:tables], seating[tables], count(seating[:tables], met), 0)


def solve_repeats(
    start: Stage, met: Mapping[frozenset, int], pool: Collection = (), work_limit: float = MODEL_WORK_LIMIT
) -> Stage | None:
    """CP-SAT's repeat-only model of the whole round, from `start`; None when it finds nothing."""
    tables = start.tables
    sizes = [len(table) for table in tables]
    players = [p for table in tables for p in table] + list(start.out)
    # Pool members who play may sit out instead (they are among the players already); the
    # others sitting out (fewer byes than the pool) must.
    movable, must = set(pool), set(start.out) - set(pool)
    model = cp_model.CpModel()
    # Tables of one size are interchangeable: the k-th player (in this order) sits at one of the
    # first k tables of its size; the bye (the last "table") has its own size.
    groups = [*sizes, -1] if start.out else sizes
    rank = [groups[:t].count(groups[t]) for t in range(len(groups))]
    allowed = {
        p: [len(groups) - 1]
        if p in must
        else [t for t in range(len(groups)) if rank[t] <= i and (groups[t] != -1 or p in movable)]
        for i, p in enumerate(players)
    }
    at = {(p, t): model.new_bool_var("") for p in players for t in allowed[p]}
    for p in players:
        model.add_exactly_one(at[p, t] for t in allowed[p])
    for t, size in enumerate(groups):
        model.add(sum(at[p, t] for p in players if (p, t) in at) == (len(start.out) if size == -1 else size))
    cost = []
    for pair, times in met.items():
        if not times or len(pair) != 2:
            continue
        a, b = tuple(pair)
        if a not in allowed or b not in allowed:
            continue
        for t in set(allowed[a]) & set(allowed[b]):
            if groups[t] == -1:
                continue
            both = model.new_bool_var("")
            model.add_bool_or([at[a, t].Not(), at[b, t].Not(), both])
            cost.append(times * both)
    model.minimize(sum(cost))
    _hint(model, at, allowed, tables, groups, start.out)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 0
    solver.parameters.max_deterministic_time = work_limit
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    found: list[list] = [[] for _ in groups]
    for (p, t), var in at.items():
        if solver.boolean_value(var):
            found[t].append(p)
    bound = max(0, round(solver.best_objective_bound))
    seated = found[: len(sizes)]
    out = found[len(sizes)] if start.out else []
    if count(seated, met) >= start.repeats:
        return Stage(start.tables, start.out, start.repeats, min(bound, start.repeats))
    return Stage(seated, out, count(seated, met), bound)


def _hint(model, at, allowed, tables, groups, out) -> None:
    free: dict[int, list[int]] = {}
    for t, size in enumerate(groups):
        free.setdefault(size, []).append(t)
    numbered = [(free[len(table)].pop(0), table) for table in tables]
    if out:
        numbered.append((len(groups) - 1, out))
    for t, table in numbered:
        for p in table:
            for u in allowed[p]:
                model.add_hint(at[p, u], u == t)
