"""2-player Swiss rounds: a minimum-cost perfect matching with FIDE's order of priorities.

Each pair's cost encodes the priorities so that a higher one always outweighs every lower
one summed over the round: rematches (absolute while a pairing without one exists), then
pairs across score groups, then the squared score difference, then how far the pair is from
top half against bottom half of its score group (a floater: the lowest of the higher group
against the highest of the lower).

The matching itself is Edmonds' blossom algorithm as compiled in rustworkx (the same
algorithm as networkx's `max_weight_matching`, about a hundred times faster). A complete
graph of 1,000 players still takes seconds, so large fields are first solved on a sparse
candidate graph: each player linked to the players around their ideal partner (the same
place in the other half of their score group), to their neighbours in the standings and to
the ends of the neighbouring groups, widened until the optimum no longer changes. Whether
that optimum is the complete graph's is checked against networkx on the complete graph in
the tests (`tests/tournaments/formats/test_swiss_matching.py`), not proven at run time.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import combinations
from math import gcd

import rustworkx

# Up to this many players the complete graph is solved directly (a few ms at 100 players).
DENSE_LIMIT = 100
# Candidate window around each player's ideal partner, doubled until the optimum is stable.
FIRST_WINDOW = 6
LAST_WINDOW = 96


class Costs:
    """The cost of seating two players together, as one integer ordered by FIDE's priorities."""

    def __init__(self, seated: Sequence, met: Mapping[frozenset, int], score: Mapping) -> None:
        self.seated = list(seated)
        self.known: dict[tuple, int] = {}
        self.met = met
        self.opponents: dict = {player: {} for player in seated}
        for pair, times in met.items():
            if len(pair) == 2 and times:
                a, b = tuple(pair)
                if a in self.opponents and b in self.opponents:
                    self.opponents[a][b] = self.opponents[b][a] = times
        values = sorted({Fraction(score[player]).limit_denominator(10**6) for player in seated}, reverse=True)
        self.group = {}
        self.members: dict[int, list] = {}
        index = {value: number for number, value in enumerate(values)}
        for player in seated:
            number = index[Fraction(score[player]).limit_denominator(10**6)]
            self.group[player] = number
            self.members.setdefault(number, []).append(player)
        self.place = {player: self.members[self.group[player]].index(player) for player in seated}
        # Score differences counted in the largest unit that divides them all: the same order
        # of pairings as any finer unit, with smaller integers.
        unit = Fraction(0)
        for value in values[1:]:
            step = values[0] - value
            unit = Fraction(
                gcd(unit.numerator * step.denominator, step.numerator * unit.denominator),
                unit.denominator * step.denominator,
            )
        self.step_of = {number: int((values[0] - value) / unit) if unit else 0 for number, value in enumerate(values)}
        count = len(seated)
        halves = count // 2 + 1
        widest = self.step_of[len(values) - 1] if values else 0
        # Each level's unit exceeds the most every lower level can add up to over one round.
        self.order_bound = halves * count + 1
        self.group_bound = self.order_bound * (halves * widest * widest + 1)
        self.rematch_bound = self.group_bound * (halves + 1)

    def spread(self, a, b) -> int:
        return (self.step_of[self.group[a]] - self.step_of[self.group[b]]) ** 2

    def order(self, a, b) -> int:
        group_a, group_b = self.group[a], self.group[b]
        if group_a == group_b:
            size = len(self.members[group_a])
            return abs(abs(self.place[a] - self.place[b]) - size // 2)
        upper, lower = (a, b) if group_a < group_b else (b, a)
        return len(self.members[self.group[upper]]) - 1 - self.place[upper] + self.place[lower]

    def __call__(self, a, b) -> int:
        key = (a, b)
        if key not in self.known:
            self.known[key] = self.known[(b, a)] = self._cost(a, b)
        return self.known[key]

    def _cost(self, a, b) -> int:
        group_a, group_b = self.group[a], self.group[b]
        if group_a == group_b:
            return self.opponents[a].get(b, 0) * self.rematch_bound + abs(
                abs(self.place[a] - self.place[b]) - len(self.members[group_a]) // 2
            )
        return (
            self.opponents[a].get(b, 0) * self.rematch_bound
            + self.group_bound
            + self.spread(a, b) * self.order_bound
            + self.order(a, b)
        )

    def total(self, pairs) -> int:
        return sum(self(a, b) for a, b in pairs)


def pair_two_player(
    seated: list, met: Mapping[frozenset, int], score: Mapping, dense_limit: int = DENSE_LIMIT
) -> list[list]:
    """The pairs of one round, `seated` in standings order (an even number of players)."""
    cost = Costs(seated, met, score)
    if len(seated) <= dense_limit:
        return solve(seated, combinations(seated, 2), cost)
    window = FIRST_WINDOW
    best = solve(seated, candidates(cost, window), cost)
    while window < LAST_WINDOW:
        window *= 2
        wider = solve(seated, candidates(cost, window), cost)
        if wider is not None and (best is None or cost.total(wider) == cost.total(best)):
            return wider
        best = wider
    return solve(seated, combinations(seated, 2), cost)


def solve(seated: list, pairs, cost: Costs) -> list[list] | None:
    """The minimum-cost perfect matching on the given pairs, or None when there is none."""
    graph = rustworkx.PyGraph()
    graph.add_nodes_from(range(len(seated)))
    index = {player: number for number, player in enumerate(seated)}
    ceiling = cost.rematch_bound * (max(cost.met.values(), default=0) + 1)
    graph.extend_from_weighted_edge_list([(index[a], index[b], ceiling - cost(a, b)) for a, b in pairs])
    matching = rustworkx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
    if 2 * len(matching) != len(seated):
        return None
    return [[seated[a], seated[b]] for a, b in matching]


def candidates(cost: Costs, window: int) -> set[tuple]:
    """Each player's likely partners: around their ideal partner (the same place in the other
    half of their score group), their neighbours in the standings, and the ends of the
    groups around theirs, skipping players they have met until `window` are found."""
    seated, opponents, members = cost.seated, cost.opponents, cost.members
    position = {player: number for number, player in enumerate(seated)}
    pairs: set[tuple] = set()

    def link(player, others) -> None:
        found = 0
        met_by = opponents[player]
        for other in others:
            if other != player and other not in met_by:
                pairs.add((player, other) if position[player] < position[other] else (other, player))
                found += 1
                if found >= window:
                    return

    def around(line: list, start: int):
        """`line` outward from `start`: start, start+1, start-1, start+2, ..."""
        for step in range(len(line)):
            for at in (start + step,) if step == 0 else (start + step, start - step):
                if 0 <= at < len(line):
                    yield line[at]

    groups = sorted(members)
    for player in seated:
        group = members[cost.group[player]]
        half = len(group) // 2
        place = cost.place[player]
        ideal = place + half if place < half else place - half
        link(player, around(group, ideal))
        link(player, around(seated, position[player]))
    # Floaters: the bottom of each group against the top of every lower one (fewer pairs
    # across groups can mean one floater over several groups).
    for number, upper in enumerate(groups):
        for lower in groups[number + 1 :]:
            for player in members[upper][-window:]:
                link(player, members[lower])
            for player in members[lower][:window]:
                link(player, reversed(members[upper]))
    return pairs
