"""Pairing formats, property by property, for every player count from the minimum to 200."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats import elimination, round_robin, swiss
from tournaments.formats.scoring import Record, place_points, standings
from tournaments.formats.tables import table_sizes

SIZES = st.tuples(st.integers(2, 5), st.integers(0, 2), st.integers(0, 2)).map(
    lambda t: (max(2, t[0] - t[1]), t[0], t[0] + t[2])  # (smallest, preferred, largest)
)


@given(st.integers(2, 200), SIZES)
def test_table_sizes_seat_everyone_within_the_limits(players, limits):
    smallest, preferred, largest = limits
    sizes, byes = table_sizes(players, preferred, smallest, largest)
    assert sum(sizes) + byes == players
    assert all(smallest <= size <= largest for size in sizes)
    assert max(sizes, default=0) - min(sizes, default=0) <= 1
    assert byes < smallest or not sizes  # a bye only when nobody could seat them


def test_ten_players_at_four_player_tables_sit_four_three_three():
    assert table_sizes(10, 4, 3, 4) == ([4, 3, 3], 0)
    assert table_sizes(5, 4, 4, 4) == ([4], 1)


def test_shared_places_share_their_points():
    points = place_points({"a": 1, "b": 1, "c": 3, "d": 4}, [4, 2, 1, 0])
    assert points == {"a": Fraction(3), "b": Fraction(3), "c": Fraction(1), "d": Fraction(0)}


def _play_swiss(players: int, limits, rounds: int, seed: int, drop_after: int | None = None):
    smallest, preferred, largest = limits
    rng = random.Random(seed)
    records = {p: Record(p, rating=1500 + rng.randint(-300, 300)) for p in range(players)}
    history = []
    for number in range(rounds):
        if drop_after is not None and number == drop_after:
            for p in rng.sample(sorted(records), k=min(2, players - smallest)):
                records[p].dropped = True
        tables, byes = swiss.pair_round(records, preferred, smallest, largest)
        history.append((tables, byes, {p: r.byes for p, r in records.items()}))
        for table in tables:
            ranks = {p: rng.randint(1, len(table)) for p in table}
            for p, gained in place_points(ranks, [4, 2, 1, 0, 0]).items():
                records[p].points += gained
                records[p].opponents += [o for o in table if o != p]
        for p in byes:
            records[p].byes += 1
            records[p].points += 2
    return records, history


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 200), SIZES, st.integers(0, 10_000))
def test_swiss_seats_everyone_once_per_round_within_the_limits(players, limits, seed):
    smallest, preferred, largest = limits
    records, history = _play_swiss(players, limits, rounds=4, seed=seed, drop_after=2 if players > 12 else None)
    for tables, byes, _before in history:
        seated = [p for table in tables for p in table] + byes
        active = (
            {p for p, r in records.items() if not r.dropped} if history.index((tables, byes, _before)) >= 2 else None
        )
        assert len(seated) == len(set(seated))
        if active is not None and players > 12:
            assert set(seated) == active
        assert all(smallest <= len(table) <= largest for table in tables)


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 60), st.integers(0, 10_000))
def test_swiss_byes_never_go_twice_to_one_player_while_another_has_had_none(players, seed):
    _records, history = _play_swiss(players, (4, 4, 4), rounds=6, seed=seed)
    for _tables, byes, before in history:
        fewest = min(before.values())
        if any(before[p] > fewest for p in byes):
            # A player with more byes gets one only when everyone with the fewest gets one too.
            assert {p for p, count in before.items() if count == fewest} <= set(byes)


def _brute_force_fewest_repeats(players, sizes, met):
    best = None
    for tables in swiss._partitions(players, sizes):
        value = swiss.repeats(tables, met)
        best = value if best is None else min(best, value)
    return best


@settings(max_examples=60, deadline=None)
@given(st.integers(4, 9), st.sampled_from([2, 3, 4]), st.integers(0, 10_000))
def test_swiss_repeats_no_more_meetings_than_the_best_seating_on_small_fields(players, size, seed):
    records, _history = _play_swiss(players, (size, size, size), rounds=3, seed=seed)
    tables, byes = swiss.pair_round(records, size, size, size)
    met = swiss.meetings(records)
    seated = [p for table in tables for p in table]
    sizes = [len(table) for table in tables]
    assert swiss.repeats(tables, met) == _brute_force_fewest_repeats(sorted(seated), sizes, met)


def test_swiss_puts_the_leaders_at_table_one_and_ranks_by_buchholz():
    records = {
        p: Record(p, points=Fraction(points)) for p, points in zip("abcdefgh", [9, 8, 7, 6, 5, 4, 3, 2], strict=True)
    }
    tables, byes = swiss.pair_round(records, 4, 4, 4)
    assert byes == [] and set(tables[0]) == set("abcd")
    records["e"].opponents, records["f"].opponents = ["a"], ["h"]
    records["e"].points = records["f"].points = Fraction(5)
    order = [row[0] for row in standings(records)]
    assert order.index("e") < order.index("f")  # same points, stronger opponents


def test_nine_players_at_three_player_tables_meet_everyone_exactly_once_in_four_rounds():
    players = list(range(9))
    rounds = round_robin.schedule(players, 3, 3, 3)
    assert len(rounds) == 4
    assert round_robin.pair_balance(rounds, players) == Counter({1: 36})


def test_sixteen_and_twentyfive_players_meet_everyone_exactly_once():
    for count, size in ((16, 4), (25, 5)):
        players = list(range(count))
        rounds = round_robin.schedule(players, size, size, size)
        assert round_robin.pair_balance(rounds, players) == Counter({1: count * (count - 1) // 2})


@given(st.integers(2, 40))
def test_berger_tables_pair_everyone_once(count):
    players = list(range(count))
    rounds = round_robin.berger(players)
    assert round_robin.pair_balance(rounds, players) == Counter({1: count * (count - 1) // 2})
    for tables in rounds:
        assert sorted(p for table in tables for p in table) == players


@settings(max_examples=30, deadline=None)
@given(st.integers(6, 40), st.sampled_from([3, 4, 5]))
def test_multiplayer_round_robin_meets_every_pair_and_seats_everyone_each_round(count, size):
    players = list(range(count))
    rounds = round_robin.schedule(players, size, max(3, size - 1), size)
    for tables in rounds:
        assert sorted(p for table in tables for p in table) == players
    balance = round_robin.pair_balance(rounds, players)
    assert balance[0] <= count * (count - 1) // 2 // 3  # most pairs meet
    assert max(balance) <= 3


@given(st.integers(2, 200))
def test_single_elimination_gives_byes_to_the_top_seeds_and_crowns_one(count):
    seeded = list(range(1, count + 1))
    matches = elimination.first_round(seeded)
    byes = sorted(a if b is None else b for a, b in matches if a is None or b is None)
    assert byes == seeded[: len(byes)]  # the best seeds get the byes
    assert sorted(p for match in matches for p in match if p is not None) == seeded
    assert (1, 2) not in matches or count == 2
    rounds = 0
    while len(matches) > 1:
        winners = {min(p for p in match if p is not None) for match in matches}  # the better seed wins
        matches = elimination.next_round(matches, winners)
        rounds += 1
    assert elimination.winner_of(matches[0], {1}) == 1


@given(st.integers(6, 200), st.sampled_from([3, 4, 5]))
def test_multiplayer_elimination_advances_exactly_the_top_of_each_table(count, size):
    seeded = list(range(count))
    tables, byes = elimination.multiplayer_tables(seeded, size, 3, size)
    assert sorted([p for table in tables for p in table] + byes) == seeded
    assert byes == seeded[: len(byes)]  # the top seeds go on by bye
    rng = random.Random(count)
    seeds = {p: p for p in seeded}
    for table in tables:
        ranks = {p: rng.randint(1, 3) for p in table}
        top = elimination.advancing(table, ranks, seeds, 2)
        assert len(top) == 2
        best = sorted(table, key=lambda p: (ranks[p], p))[:2]
        assert top == best
    assert not any({0, 1} <= set(table) for table in tables)  # seeds 1 and 2 apart


def test_repeats_counts_each_repeated_pair():
    met = Counter({frozenset((1, 2)): 2})
    assert swiss.repeats([[1, 2, 3]], met) == 2
    assert list(combinations([1], 2)) == []
