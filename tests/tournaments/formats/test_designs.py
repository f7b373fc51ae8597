"""Resolvable designs, checked directly: every round seats every player once at tables of k,
every pair of players meets exactly once over the (v - 1) / (k - 1) rounds."""

from itertools import combinations

import pytest

from tournaments.formats.designs import known_sizes, resolvable

# Field sizes up to 64 where a resolvable design exists (v ≡ k mod k(k - 1)), and which of them
# this code provides. Not provided: 45 at 5 (the solver finds none in its budget).
EXISTING = {3: [3, 9, 15, 21, 27, 33, 39, 45, 51, 57, 63], 4: [4, 16, 28, 40, 52, 64], 5: [5, 25, 45], 6: [6]}
PROVIDED = {3: [3, 9, 15, 21, 27, 33, 39, 45, 51, 57, 63], 4: [4, 16, 28, 40, 52, 64], 5: [5, 25], 6: [6]}


def check_design(v: int, k: int, rounds: list) -> None:
    assert len(rounds) == (v - 1) // (k - 1)
    pairs = set()
    for tables in rounds:
        assert sorted(player for table in tables for player in table) == list(range(v))
        assert all(len(table) == k for table in tables)
        for table in tables:
            for a, b in combinations(sorted(table), 2):
                assert (a, b) not in pairs, f"{a} and {b} meet twice"
                pairs.add((a, b))
    assert len(pairs) == v * (v - 1) // 2


@pytest.mark.parametrize("k", [3, 4, 5, 6])
def test_every_design_up_to_64_players_meets_every_pair_exactly_once(k):
    found = []
    for v in range(2, 65):
        rounds = resolvable(v, k)
        if rounds is not None:
            check_design(v, k, rounds)
            found.append(v)
    assert found == PROVIDED[k]
    assert set(found) <= set(EXISTING[k])
    assert known_sizes(k) == found


@pytest.mark.parametrize(("v", "k"), [(81, 3)])
def test_affine_geometries_go_past_64(v, k):
    check_design(v, k, resolvable(v, k))
