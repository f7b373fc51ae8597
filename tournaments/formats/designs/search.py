"""The offline solver behind `resolvable.json`: resolvable designs with a cyclic symmetry.

Usage: python -m tournaments.formats.designs.search [V-K ...]   (default: every size in SIZES)

Each design is a few *base rounds* whose translates by a cyclic group are all the rounds; a
pair of points lies in one *orbit* (its levels and the difference between them), and the
design is right when the base rounds cover every orbit exactly once. Three shapes, tried in
order (the textbook difference-family constructions):

- `cyclic`: points Z_(v-1) + {inf}, one base round translated r = (v-1)/(k-1) times, the
  subgroup of order k-1 at inf's table (33, 51, 57 at 3; 40, 52 at 4);
- `levelled`: points Z_n x {0..k-1}, v = n*k, (n-1)/(k-1) fixed rounds {(x, 0), (x+a1, 1),
  ...} and one base round (21, 39 at 3; 28 at 4);
- `infinity`: points Z_n x {0..L-1} + {inf}, r/n base rounds (45 at 3 by CP-SAT; 63 at 3
  depth first with a multiplier: the base round is fixed by x -> 5x, so tables come three at
  a time; 45 at 5 not found either way).

The depth-first searches take seconds in pure Python; CP-SAT (OR-Tools) minutes, on the
exact-cover model it is the standard tool for. Only the stored rounds
are shipped; the tests check them directly, without this code.
"""

from __future__ import annotations

import json
import random
import sys
from itertools import combinations
from pathlib import Path

STORE = Path(__file__).with_name("resolvable.json")
INF = (-1, -1)
# v ≡ k mod k(k-1), v ≤ 64, not built as an affine geometry or Kirkman's 15.
SIZES = [(21, 3), (33, 3), (39, 3), (45, 3), (51, 3), (57, 3), (63, 3), (28, 4), (40, 4), (52, 4), (45, 5)]


class _Search:
    """Depth first: tables are filled point by point; a point is tried only if every pair it
    makes falls in an orbit not yet covered. Random order, a node budget, restarts."""

    def __init__(self, points: list, key, k: int, classes: int, used: set, rng: random.Random, nodes: int):
        self.points, self.key, self.k, self.classes, self.rng = points, key, k, classes, rng
        self.used = set(used)
        self.budget = nodes
        self.rounds: list[list] = [[] for _ in range(classes)]
        self.placed: list[set] = [set() for _ in range(classes)]

    def start(self, c: int = 0) -> bool:
        free = [p for p in self.points if p not in self.placed[c]]
        if not free:
            return c + 1 == self.classes or self.start(c + 1)
        self.placed[c].add(free[0])
        if self.extend(c, [free[0]]):
            return True
        self.placed[c].discard(free[0])
        return False

    def extend(self, c: int, table: list) -> bool:
        self.budget -= 1
        if self.budget < 0:
            return False
        if len(table) == self.k:
            self.rounds[c].append(table)
            if self.start(c):
                return True
            self.rounds[c].pop()
            return False
        candidates = [p for p in self.points if p not in self.placed[c] and p > table[-1]]
        self.rng.shuffle(candidates)
        for point in candidates:
            keys = [self.key(point, other) for other in table]
            if len(set(keys)) < len(keys) or self.used.intersection(keys):
                continue
            self.used.update(keys)
            self.placed[c].add(point)
            if self.extend(c, [*table, point]):
                return True
            self.placed[c].discard(point)
            self.used.difference_update(keys)
        return False


def _orbit_key(n: int):
    def key(p: tuple[int, int], q: tuple[int, int]) -> tuple:
        if p == INF or q == INF:
            return ("inf", max(p[1], q[1]))
        (x, i), (y, j) = sorted((p, q), key=lambda point: point[1])
        if i == j:
            d = (y - x) % n
            return (i, i, min(d, n - d))
        return (i, j, (y - x) % n)

    return key


def cyclic(v: int, k: int, seed: int = 0, nodes: int = 200_000, restarts: int = 100) -> list | None:
    """Points Z_m + {inf}, m = v - 1 = (k - 1) r; H = {0, r, 2r...}. Base tables T_i whose
    residues mod r are 1..r-1 once and whose differences are Z_m minus H once; the base round
    is {inf} + H and every H-translate of the T_i."""
    m = v - 1
    r = m // (k - 1)
    rng = random.Random(seed)
    points = [(res + lift * r, 0) for res in range(1, r) for lift in range(k - 1)]

    def key(p: tuple[int, int], q: tuple[int, int]) -> tuple:
        d = (p[0] - q[0]) % m
        return ("d", min(d, m - d))

    for _ in range(restarts):
        search = _Search(points, key, k, 1, {("d", min(h, m - h)) for h in range(0, m, r)}, rng, nodes)
        tables = _cyclic_tables(search, r)
        if tables is not None:
            base = [[v - 1, *range(0, m, r)]] + [[(x + h) % m for x in t] for t in tables for h in range(0, m, r)]
            return [[sorted(x if x == v - 1 else (x + g) % m for x in table) for table in base] for g in range(r)]
    return None


def _cyclic_tables(search: _Search, r: int) -> list | None:
    """Tables of the cyclic shape: each residue used once (any lift), so the search places the
    points of the smallest free residue first and counts a residue as placed with any lift."""
    placed: set = set()
    tables: list = []

    def start() -> bool:
        free = [res for res in range(1, r) if res not in placed]
        if not free:
            return True
        placed.add(free[0])
        if extend([(free[0], 0)]):
            return True
        placed.discard(free[0])
        return False

    def extend(table: list) -> bool:
        search.budget -= 1
        if search.budget < 0:
            return False
        if len(table) == search.k:
            tables.append([p[0] for p in table])
            if start():
                return True
            tables.pop()
            return False
        candidates = [p for p in search.points if p[0] % r not in placed]
        search.rng.shuffle(candidates)
        for point in candidates:
            keys = [search.key(point, other) for other in table]
            if len(set(keys)) < len(keys) or search.used.intersection(keys):
                continue
            search.used.update(keys)
            placed.add(point[0] % r)
            if extend([*table, point]):
                return True
            placed.discard(point[0] % r)
            search.used.difference_update(keys)
        return False

    return tables if start() else None


def levelled(v: int, k: int, seed: int = 0, nodes: int = 100_000, restarts: int = 300) -> list | None:
    """Points Z_n x {0..k-1}: f = (n-1)/(k-1) fixed rounds and one base round; point (x, level)
    is numbered level * n + x."""
    n = v // k
    if n * k != v or n % 2 == 0 or (n - 1) % (k - 1):
        return None
    f = (n - 1) // (k - 1)
    key = _orbit_key(n)
    rng = random.Random(seed)
    points = [(x, level) for level in range(k) for x in range(n)]
    for _ in range(restarts):
        used: set = set()
        fixed: list[list[int]] = []
        for _ in range(200):
            if len(fixed) == f:
                break
            vector = [0] + [rng.randrange(n) for _ in range(k - 1)]
            keys = {key((vector[i], i), (vector[j], j)) for i, j in combinations(range(k), 2)}
            if len(keys) == k * (k - 1) // 2 and not keys & used:
                used |= keys
                fixed.append(vector)
        if len(fixed) < f:
            continue
        search = _Search(points, key, k, 1, used, rng, nodes)
        if search.start():
            rounds = [[sorted(lv * n + (x + a) % n for lv, a in enumerate(vec)) for x in range(n)] for vec in fixed]
            rounds += [[sorted(lv * n + (x + g) % n for x, lv in t) for t in search.rounds[0]] for g in range(n)]
            return rounds
    return None


def infinity(v: int, k: int, n: int, levels: int, seconds: float = 600) -> list | None:
    """Points Z_n x {0..levels-1} + {inf} (v = n * levels + 1): r / n base rounds, found by
    CP-SAT as an exact cover of the pair orbits. Point (x, level) is level * n + x, inf v - 1."""
    from ortools.sat.python import cp_model

    classes = (v - 1) // (k - 1) // n
    points = [INF] + [(x, level) for level in range(levels) for x in range(n)]
    key = _orbit_key(n)
    tables = len(points) // k
    model = cp_model.CpModel()
    seat = []
    by_key: dict = {}
    for _ in range(classes):
        y = {(p, t): model.new_bool_var("") for p in range(len(points)) for t in range(tables)}
        for p in range(len(points)):
            model.add_exactly_one(y[p, t] for t in range(tables))
            for t in range(p + 1, tables):
                model.add(y[p, t] == 0)  # tables are interchangeable: point p sits at a table <= p
        for t in range(tables):
            model.add(sum(y[p, t] for p in range(len(points))) == k)
        for p, q in combinations(range(len(points)), 2):
            for t in range(tables):
                z = model.new_bool_var("")
                model.add_implication(z, y[p, t])
                model.add_implication(z, y[q, t])
                model.add_bool_or([z, ~y[p, t], ~y[q, t]])
                by_key.setdefault(key(points[p], points[q]), []).append(z)
        seat.append(y)
    for together in by_key.values():
        model.add(sum(together) == 1)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = 2
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None

    def number(point: tuple[int, int], g: int) -> int:
        return v - 1 if point == INF else point[1] * n + (point[0] + g) % n

    rounds = []
    for y in seat:
        base = [[points[p] for p in range(len(points)) if solver.value(y[p, t])] for t in range(tables)]
        rounds += [[sorted(number(p, g) for p in table) for table in base] for g in range(n)]
    return rounds


class _OrbitSearch:
    """Depth first, a table and its images under x -> mult * x at a time (a multiplier that
    fixes the base round cuts the search by its order): points Z_n x {0..levels-1} + {inf},
    one base round whose inf table is {inf, (0, 0), (0, 1)...}."""

    def __init__(self, n: int, levels: int, k: int, mult: int, rng: random.Random, nodes: int):
        self.n, self.k, self.mult, self.rng, self.budget = n, k, mult, rng, nodes
        self.key = _orbit_key(n)
        self.order = next(e for e in range(1, n) if pow(mult, e, n) == 1)
        self.points = [(x, level) for level in range(levels) for x in range(n)]
        base = [INF] + [(0, level) for level in range(levels)]
        self.used = {self.key(a, b) for a, b in combinations(base, 2)}
        self.placed = set(base)
        self.tables: list[list] = [base]

    def images(self, table: list) -> list[frozenset]:
        out: list[frozenset] = []
        for e in range(self.order):
            image = frozenset(p if p == INF else (p[0] * pow(self.mult, e, self.n) % self.n, p[1]) for p in table)
            if image not in out:
                out.append(image)
        return out

    def start(self) -> bool:
        free = [p for p in self.points if p not in self.placed]
        if not free:
            return True
        others = free[1:]
        self.rng.shuffle(others)
        return self.grow([free[0]], set(), others, 0)

    def grow(self, table: list, keys: set, others: list, begin: int) -> bool:
        self.budget -= 1
        if self.budget < 0:
            return False
        if len(table) < self.k:
            for i in range(begin, len(others)):
                new = [self.key(others[i], t) for t in table]
                if len(set(new)) < len(new) or self.used.intersection(new) or keys.intersection(new):
                    continue
                if self.grow([*table, others[i]], keys | set(new), others, i + 1):
                    return True
            return False
        orbit = self.images(table)
        points = [p for image in orbit for p in image]
        if len(points) != len(set(points)) or self.placed.intersection(points):
            return False
        new = [self.key(a, b) for image in orbit for a, b in combinations(sorted(image), 2)]
        if len(new) != len(set(new)) or self.used.intersection(new):
            return False
        self.used.update(new)
        self.placed.update(points)
        self.tables += [sorted(image) for image in orbit]
        if self.start():
            return True
        self.used.difference_update(new)
        self.placed.difference_update(points)
        del self.tables[len(self.tables) - len(orbit) :]
        return False


def multiplier(v: int, k: int, n: int, levels: int, mult: int, nodes: int = 20_000, restarts: int = 200):
    """The `infinity` shape searched with a multiplier; point (x, level) is level * n + x."""
    for seed in range(restarts):
        search = _OrbitSearch(n, levels, k, mult, random.Random(seed), nodes)
        if search.start():
            number = {p: p[1] * n + p[0] for p in search.points}
            return [
                [sorted(v - 1 if p == INF else number[((p[0] + g) % n, p[1])] for p in t) for t in search.tables]
                for g in range(n)
            ]
    return None


# The shape that found each design (cyclic fails for v = 15 or 21 mod 24 at 3 seats).
SHAPES = {
    (21, 3): "levelled",
    (33, 3): "cyclic",
    (39, 3): "levelled",
    (45, 3): (11, 4),
    (51, 3): "cyclic",
    (57, 3): "cyclic",
    (63, 3): ("multiplier", 31, 2, 5),  # 5 has order 3 mod 31
    (28, 4): "levelled",
    (40, 4): "cyclic",
    (52, 4): "cyclic",
    (45, 5): (11, 4),
}


def find(v: int, k: int) -> list | None:
    shape = SHAPES.get((v, k), "cyclic")
    if shape == "cyclic":
        return cyclic(v, k, nodes=100_000, restarts=40)
    if shape == "levelled":
        return levelled(v, k, nodes=50_000, restarts=60)
    if shape[0] == "multiplier":
        return multiplier(v, k, *shape[1:])
    return infinity(v, k, *shape)


def main(argv: list[str]) -> None:
    wanted = [tuple(int(part) for part in arg.split("-")) for arg in argv] or SIZES
    store = json.loads(STORE.read_text()) if STORE.exists() else {}
    for v, k in wanted:
        name = f"{v}-{k}"
        if name in store:
            print(f"{name}: stored")
            continue
        rounds = find(v, k)
        print(f"{name}: {'found' if rounds else 'not found'}", flush=True)
        if rounds:
            store[name] = rounds
            ordered = dict(sorted(store.items(), key=lambda item: [int(x) for x in item[0].split("-")]))
            STORE.write_text(json.dumps(ordered, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
