"""An exact seating oracle for the Swiss tests, written apart from the production seating:
CP-SAT assigns players to tables of the given sizes and minimises the repeated meetings alone
(each pair seated together again counts once per earlier meeting), nothing about points."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ortools.sat.python import cp_model


def fewest_repeats(
    players: Sequence, sizes: Sequence[int], met: Mapping[frozenset, int], seconds: float = 60.0
) -> tuple[int, int]:
    """(repeats of the best seating found, proven lower bound): equal when proven optimal."""
    index = {player: i for i, player in enumerate(players)}
    model = cp_model.CpModel()
    # Tables of one size are interchangeable: number them by their first player, so the j-th
    # table of a size holds no player before the j-th (removes the relabelled copies).
    rank = [list(sizes[:t]).count(size) for t, size in enumerate(sizes)]
    at = {
        (i, t): model.new_bool_var(f"p{i}t{t}") for i in range(len(players)) for t in range(len(sizes)) if rank[t] <= i
    }
    for i in range(len(players)):
        model.add_exactly_one(var for (p, _), var in at.items() if p == i)
    for t, size in enumerate(sizes):
        model.add(sum(var for (_, u), var in at.items() if u == t) == size)
    cost = []
    for pair, times in met.items():
        if not times or not set(pair) <= index.keys():
            continue
        a, b = sorted(index[p] for p in pair)
        for t in range(len(sizes)):
            if (a, t) in at and (b, t) in at:
                together = model.new_bool_var("")
                model.add_bool_or([at[a, t].Not(), at[b, t].Not(), together])
                cost.append(times * together)
    model.minimize(sum(cost))
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = 2
    status = solver.solve(model)
    assert status in (cp_model.OPTIMAL, cp_model.FEASIBLE), "the oracle found no seating at all"
    return round(solver.objective_value), round(solver.best_objective_bound)
