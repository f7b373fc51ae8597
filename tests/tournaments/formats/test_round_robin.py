from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats.round_robin import (
    berger,
    format_balance,
    meeting_balance,
    rounds_to_meet_everyone,
    schedule,
)


def meetings(rounds) -> Counter:
    met: Counter = Counter()
    for tables, _byes in rounds:
        for table in tables:
            met.update(frozenset(pair) for pair in combinations(table, 2))
    return met


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 200))
def test_berger_tables_pair_everyone_with_everyone_exactly_once(players):
    rounds = berger(list(range(players)))
    assert len(rounds) == (players - 1 if players % 2 == 0 else players)
    met: Counter = Counter()
    for pairs in rounds:
        seen = [player for pair in pairs for player in pair if player is not None]
        assert sorted(seen) == list(range(players))
        assert sum(1 for pair in pairs if pair[1] is None) == players % 2
        met.update(frozenset(pair) for pair in pairs if pair[1] is not None)
    assert set(met.values()) == {1} and len(met) == players * (players - 1) // 2


def test_berger_byes_go_to_a_different_player_each_round():
    byes = [pair[0] for pairs in berger(list("abcde")) for pair in pairs if pair[1] is None]
    assert sorted(byes) == list("abcde")


@pytest.mark.parametrize(("players", "size", "rounds"), [(9, 3, 4), (15, 3, 7), (16, 4, 5), (25, 5, 6), (4, 2, 3)])
def test_a_resolvable_design_meets_every_pair_exactly_once(players, size, rounds):
    plan = schedule(list(range(players)), size, 2 if size == 2 else 3, size)
    assert len(plan) == rounds
    balance = meeting_balance(list(range(players)), plan)
    assert balance["min"] == balance["max"] == 1
    for tables, byes in plan:
        assert byes == [] and all(len(table) == size for table in tables)


def test_the_balance_report_counts_pairs_per_number_of_meetings():
    plan = schedule(list(range(9)), 3, 3, 3)
    assert format_balance(meeting_balance(list(range(9)), plan)) == "36 pairs: 36 met 1x (min 1, max 1)"


@settings(max_examples=40, deadline=None)
@given(
    limits=st.sampled_from([(3, 3, 3), (4, 3, 4), (5, 3, 5), (4, 3, 5)]),
    players=st.integers(3, 60),
    rounds=st.integers(1, 8),
)
def test_multiplayer_schedules_seat_everyone_once_per_round_and_spread_byes(limits, players, rounds):
    check_schedule(limits, max(players, limits[1]), rounds)


@pytest.mark.parametrize(("limits", "players"), [((4, 3, 4), 199), ((3, 3, 3), 200), ((5, 3, 5), 181)])
def test_large_multiplayer_schedules_keep_the_same_promises(limits, players):
    # Up to 200 players; a few seconds each, so fixed counts rather than generated ones.
    check_schedule(limits, players, 3)


def check_schedule(limits, players: int, rounds: int) -> None:
    preferred, minimum, maximum = limits
    plan = schedule(list(range(players)), preferred, minimum, maximum, rounds)
    assert len(plan) == rounds
    bye_count: Counter = Counter()
    for tables, byes in plan:
        seated = [player for table in tables for player in table]
        assert sorted(seated + byes) == list(range(players))
        assert all(minimum <= len(table) <= maximum for table in tables)
        bye_count.update(byes)
    counts = [bye_count[player] for player in range(players)]
    assert max(counts) - min(counts) <= 1
    met = meetings(plan)
    # Nobody meets anybody a third time before every pair has had a chance to meet twice.
    assert max(met.values(), default=0) <= 1 + -(-sum(met.values()) // (players * (players - 1) // 2))


@pytest.mark.parametrize(("players", "size"), [(12, 4), (10, 3), (15, 5), (8, 3)])
def test_small_multiplayer_schedules_meet_pairs_evenly(players, size):
    plan = schedule(list(range(players)), size, 3, size)
    balance = meeting_balance(list(range(players)), plan)
    assert balance["max"] - balance["min"] <= 2
    assert balance["histogram"].get(0, 0) < balance["pairs"] // 4


def test_a_player_listed_twice_is_refused():
    with pytest.raises(ValueError, match="twice"):
        schedule([1, 1, 2], 2, 2, 2)


def test_kirkmans_fifteen_schoolgirls_walk_seven_days_and_every_pair_walks_together_once():
    girls = [f"girl{i}" for i in range(15)]
    plan = schedule(girls, 3, 3, 3)
    assert format_balance(meeting_balance(girls, plan)) == "105 pairs: 105 met 1x (min 1, max 1)"
    for tables, _byes in plan:
        assert sorted(girl for table in tables for girl in table) == sorted(girls)


def test_berger_tables_are_fides_for_six_players():
    rounds = berger([1, 2, 3, 4, 5, 6])
    assert rounds == [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ]


@pytest.mark.parametrize("players", range(3, 41))
def test_in_berger_tables_nobody_sits_first_or_second_three_games_running(players):
    rounds = berger(list(range(players)))
    seats: dict = {player: [] for player in range(players)}
    met = set()
    for pairs in rounds:
        for first, second in pairs:
            if second is None:
                continue
            seats[first].append(0)
            seats[second].append(1)
            met.add(frozenset((first, second)))
    assert len(met) == players * (players - 1) // 2
    for order in seats.values():
        assert all(len(set(order[i : i + 3])) == 2 for i in range(len(order) - 2)), order


@settings(max_examples=25, deadline=None)
@given(limits=st.sampled_from([(3, 3, 3), (4, 3, 4), (5, 3, 5), (4, 3, 5), (6, 4, 6)]), players=st.integers(3, 40))
def test_a_blank_round_count_plays_until_every_pair_has_met(limits, players):
    preferred, minimum, maximum = limits
    players = max(players, minimum)
    plan = schedule(list(range(players)), preferred, minimum, maximum)
    met = set()
    for tables, byes in plan:
        assert sorted([p for table in tables for p in table] + byes) == list(range(players))
        assert all(minimum <= len(table) <= maximum for table in tables)
        met.update((a, b) for table in tables for a in table for b in table if a < b)
    assert met == {(a, b) for a in range(players) for b in range(a + 1, players)}
    # Each round a player meets at most maximum - 1 others (a table may seat more than preferred).
    assert len(plan) >= -(-(players - 1) // (maximum - 1))
    assert rounds_to_meet_everyone(players, preferred, minimum, maximum) == len(plan)


def test_ten_players_at_four_player_tables_all_meet_when_the_round_count_is_blank():
    # The case: 3 rounds left 12 of 45 pairs apart.
    plan = schedule(list(range(10)), 4, 3, 4)
    assert meeting_balance(list(range(10)), plan)["min"] == 1


@pytest.mark.parametrize(("players", "size"), [(21, 3), (27, 3), (64, 4)])
def test_a_design_reaches_the_floor_and_past_its_end_starts_again(players, size):
    floor = (players - 1) // (size - 1)
    assert len(schedule(list(range(players)), size, size, size)) == floor
    twice = schedule(list(range(players)), size, size, size, 2 * floor)
    assert set(meetings(twice).values()) == {2} and len(meetings(twice)) == players * (players - 1) // 2
