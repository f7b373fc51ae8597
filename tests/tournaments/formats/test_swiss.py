import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.formats.brute_force import partitions
from tests.tournaments.formats.random_results import random_results
from tournaments.formats.swiss import (
    RoundResult,
    pair_counts,
    pair_round,
    places,
    repeated_meetings,
    standings,
    top_cut,
)

LIMITS = st.sampled_from([(2, 2, 2), (3, 3, 3), (4, 3, 4), (4, 3, 5), (5, 3, 5), (4, 2, 4)])


def next_round(active, ratings, rounds, preferred, minimum, maximum):
    table = standings(ratings, rounds)
    ranked = [row.player for row in table if row.player in active]
    return pair_round(
        ranked,
        pair_counts(rounds),
        {row.player: row.byes for row in table},
        {row.player: row.points for row in table},
        preferred,
        minimum,
        maximum,
    ), ranked


@settings(max_examples=60, deadline=None)
@given(
    limits=LIMITS,
    players=st.integers(2, 200),
    rounds=st.integers(1, 6),
    seed=st.integers(0, 10**6),
    drop_share=st.floats(0, 0.3),
    late=st.integers(0, 5),
)
def test_every_round_seats_each_active_player_once_within_limits_and_spreads_byes(
    limits, players, rounds, seed, drop_share, late
):
    preferred, minimum, maximum = limits
    players = max(players, minimum)
    rng = random.Random(seed)
    ratings = {player: rng.randint(1000, 2000) for player in range(players)}
    active = set(ratings)
    played: list[RoundResult] = []
    byes_so_far: Counter = Counter()
    for number in range(rounds):
        if number == 1:  # a few join late, before round 2, and some drop
            for extra in range(late):
                ratings[players + extra] = 1500
                active.add(players + extra)
            active -= {p for p in sorted(active) if rng.random() < drop_share}
        pairing, ranked = next_round(active, ratings, played, preferred, minimum, maximum)
        seated = [player for table in pairing.tables for player in table]
        assert sorted(seated + pairing.byes) == sorted(active)
        assert all(minimum <= len(table) <= maximum for table in pairing.tables)
        for player in pairing.byes:
            # Nobody gets another bye while an active player has fewer and sits this round out of byes.
            assert all(byes_so_far[other] >= byes_so_far[player] for other in active if other not in pairing.byes)
        if ranked and ranked[0] not in pairing.byes:
            assert ranked[0] in pairing.tables[0], "the leader sits at table 1"
        byes_so_far.update(pairing.byes)
        played.append(RoundResult(random_results(pairing.tables, rng), pairing.byes))


@settings(max_examples=80, deadline=None)
@given(
    limits=st.sampled_from([(2, 2, 2), (3, 3, 3), (4, 3, 4), (3, 2, 3)]),
    players=st.integers(2, 10),
    history=st.integers(1, 4),
    seed=st.integers(0, 10**6),
)
def test_repeat_meetings_are_no_worse_than_the_brute_force_optimum(limits, players, history, seed):
    preferred, minimum, maximum = limits
    players = max(players, minimum)
    rng = random.Random(seed)
    ratings = {player: rng.randint(1000, 2000) for player in range(players)}
    played: list[RoundResult] = []
    for _ in range(history):  # earlier rounds seated at random, so repeats are hard to avoid
        order = list(ratings)
        rng.shuffle(order)
        tables = [order[i : i + preferred] for i in range(0, len(order) - len(order) % preferred, preferred)]
        tables = [table for table in tables if len(table) >= minimum]
        played.append(RoundResult(random_results(tables, rng), []))
    pairing, _ = next_round(set(ratings), ratings, played, preferred, minimum, maximum)
    met = pair_counts(played)
    seated = [player for table in pairing.tables for player in table]
    sizes = [len(table) for table in pairing.tables]
    optimum = min(repeated_meetings(option, met) for option in partitions(sorted(seated), sizes))
    assert repeated_meetings(pairing.tables, met) == optimum


def test_a_large_field_at_four_player_tables_meets_nobody_twice_in_five_rounds():
    rng = random.Random(7)
    ratings = {player: rng.randint(1000, 2000) for player in range(1000)}
    played: list[RoundResult] = []
    for _ in range(5):
        pairing, _ = next_round(set(ratings), ratings, played, 4, 3, 4)
        assert repeated_meetings(pairing.tables, pair_counts(played)) == 0
        played.append(RoundResult(random_results(pairing.tables, rng), pairing.byes))


def test_players_with_similar_points_sit_together_and_leaders_at_table_one():
    ratings = dict.fromkeys("abcdefgh", 1500)
    first = RoundResult([{"a": 1, "b": 2, "c": 3, "d": 4}, {"e": 1, "f": 2, "g": 3, "h": 4}])
    pairing, _ = next_round(set(ratings), ratings, [first], 4, 3, 4)
    # Winners and runners-up meet at table 1 even though a and b met already: only 2 tables,
    # so every arrangement repeats; the one with the least repeats keeps the points close.
    assert repeated_meetings(pairing.tables, pair_counts([first])) == 4
    assert set(pairing.tables[0]) == {"a", "b", "e", "f"}


def test_tie_breaks_are_buchholz_then_opponents_average_then_rating():
    ratings = {"a": 1500, "b": 1600, "c": 1400, "d": 1700, "e": 1450, "f": 1300, "g": 1200}
    rounds = [
        RoundResult([{"a": 1, "c": 2, "d": 3}, {"b": 1, "e": 2, "f": 3}], byes=["g"]),
    ]
    table = standings(ratings, rounds, points_per_place=(4, 2, 0), bye_points=2)
    by_player = {row.player: row for row in table}
    assert by_player["a"].buchholz == 2 and by_player["b"].buchholz == 2
    assert by_player["a"].opponents_average == 1
    # a and b are level on points, Buchholz and average: rating decides.
    assert [row.player for row in table][:2] == ["b", "a"]
    assert by_player["g"].points == 2 and by_player["g"].byes == 1 and by_player["g"].games == 0


def test_buchholz_decides_before_rating():
    ratings = {"a": 1000, "b": 2000, "c": 1500, "d": 1500}
    rounds = [
        RoundResult([{"a": 1, "c": 2}, {"b": 1, "d": 2}], []),
        RoundResult([{"c": 1, "d": 2}], ["a", "b"]),
    ]
    table = standings(ratings, rounds, points_per_place=(2, 0), bye_points=0)
    # a, b and c all have 2 points; b's opponent d has none, so b is last of them despite the
    # best rating, and a (one opponent with 2) beats c (two opponents, 2 in all) on the average.
    assert [row.player for row in table] == ["a", "c", "b", "d"]


def test_top_cut_takes_the_best_players_still_in():
    ratings = {"a": 1, "b": 2, "c": 3}
    table = standings(ratings, [RoundResult([{"a": 1, "b": 2, "c": 3}])])
    assert top_cut(table, 2) == ["a", "b"]
    assert top_cut(table, 2, dropped=frozenset({"a"})) == ["b", "c"]


def test_a_player_listed_twice_is_refused():
    with pytest.raises(ValueError, match="twice"):
        pair_round(["a", "a", "b"], {}, {}, {}, 2, 2, 2)


def test_players_level_on_every_tie_break_share_their_place_and_the_next_place_skips():
    # Three identical rows are not placed 4th, 5th and 6th by entry id as text.
    ratings = {10: 1500, 9: 1500, 100: 1500, 7: 1400}
    rounds = [RoundResult([{10: 1, 7: 2}, {9: 1, 100: 2}]), RoundResult([{100: 1, 7: 2}, {9: 1, 10: 2}])]
    table = standings(ratings, rounds, points_per_place=(1, 0))
    # Hand-worked: 9 has 2 points; 10 and 100 have 1, each met 9 (2) and 7 (0): Buchholz 2, average 1.
    assert [(row.player, row.points, row.buchholz) for row in table] == [(9, 2, 2), (10, 1, 2), (100, 1, 2), (7, 0, 2)]
    assert places(table) == [(1, 9), (2, 10), (2, 100), (4, 7)]


def test_entries_level_on_everything_are_listed_by_entry_number_not_as_text():
    ratings = {100: 1500, 9: 1500, 10: 1500}
    assert [row.player for row in standings(ratings, [])] == [9, 10, 100]


def test_points_level_but_summed_in_another_order_are_level_and_the_rating_decides():
    # 2 + 4/3 + 4/3... summed in two orders differ in the last bit (6.666...668 and ...667), and
    # the sort must not take that for more points: player 1 would go above player 2, who is
    # level on points and Buchholz and rated higher, and the cut of 3 would leave player 2 out.
    rounds = [
        RoundResult([{3: 1, 1: 2, 4: 3}, {2: 1, 5: 1, 6: 1}]),
        RoundResult([{1: 1, 5: 1, 6: 1}, {2: 1, 3: 1, 4: 1}]),
        RoundResult([{1: 1, 3: 1, 4: 1}, {5: 1, 2: 2, 6: 3}]),
    ]
    ratings = dict.fromkeys(range(1, 7), 1500) | {2: 1600}
    rows = standings(ratings, rounds, [4, 2, 1], None, 2)
    by_player = {row.player: row for row in rows}
    # By hand: both have 2 + 4/3 + 4/3 = 20/3 points and a Buchholz of 43.
    assert round(by_player[1].points * 3) == round(by_player[2].points * 3) == 20
    assert round(by_player[1].buchholz) == round(by_player[2].buchholz) == 43
    order = [row.player for row in rows]
    assert order.index(2) < order.index(1)
    place = {player: number for number, player in places(rows)}
    assert place[2] < place[1]
