"""Swiss pairing at 2-player tables against an independent optimum, FIDE's priorities in order:
no rematch (absolute while avoidable), then as few pairs across score groups as possible, then
the smallest score differences, then top half against bottom half within a score group."""

import random
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.formats.brute_force import perfect_matchings
from tournaments.formats.round_robin import berger
from tournaments.formats.swiss import RoundResult, pair_counts, pair_round, repeated_meetings, standings


def priorities(pairs, met, points) -> tuple:
    """FIDE's order, written independently of the pairing code."""
    return (
        sum(met.get(frozenset(pair), 0) for pair in pairs),
        sum(1 for a, b in pairs if points[a] != points[b]),
        sum((points[a] - points[b]) ** 2 for a, b in pairs),
    )


def random_results(tables, rng: random.Random) -> list[dict]:
    out = []
    for a, b in tables:
        roll = rng.random()
        out.append({a: 1, b: 1} if roll < 0.1 else ({a: 1, b: 2} if roll < 0.55 else {a: 2, b: 1}))
    return out


def pair(played, players):
    table = standings(dict.fromkeys(players, 1500), played, (1, 0))
    ranked = [row.player for row in table]
    points = {row.player: row.points for row in table}
    pairing = pair_round(ranked, pair_counts(played), {}, points, 2, 2, 2)
    return pairing, points


@settings(max_examples=150, deadline=None)
@given(players=st.sampled_from([2, 4, 6, 8, 10]), history=st.integers(0, 6), seed=st.integers(0, 10**6))
def test_two_player_pairing_is_the_brute_force_optimum_in_fides_order(players, history, seed):
    rng = random.Random(seed)
    field = list(range(players))
    played = []
    for _ in range(history):  # earlier rounds paired at random: rematches are hard to avoid
        rng.shuffle(field)
        tables = [tuple(field[i : i + 2]) for i in range(0, players, 2)]
        played.append(RoundResult(random_results(tables, rng)))
    pairing, points = pair(played, sorted(field))
    met = pair_counts(played)
    assert all(len(table) == 2 for table in pairing.tables) and not pairing.byes
    got = priorities([tuple(table) for table in pairing.tables], met, points)
    best = min(priorities(option, met, points) for option in perfect_matchings(sorted(field)))
    assert got == best


@settings(max_examples=25, deadline=None)
@given(players=st.sampled_from([14, 20, 40, 60]), seed=st.integers(0, 10**6))
def test_a_field_with_a_rematch_free_pairing_gets_one(players, seed):
    """History from a round robin's first rounds with random results: the unplayed rounds of
    the same round robin prove a rematch-free pairing exists (14 players over 10 rounds ...)."""
    rng = random.Random(seed)
    schedule = berger(list(range(players)))
    history = len(schedule) - 3
    played = [RoundResult(random_results(pairs, rng)) for pairs in schedule[:history]]
    pairing, _points = pair(played, list(range(players)))
    assert repeated_meetings(pairing.tables, pair_counts(played)) == 0


def test_fourteen_players_over_ten_random_rounds_pair_round_eleven_without_a_rematch():
    rng = random.Random(28)
    schedule = berger(list(range(14)))
    played = [RoundResult(random_results(pairs, rng)) for pairs in schedule[:10]]
    pairing, _points = pair(played, list(range(14)))
    assert repeated_meetings(pairing.tables, pair_counts(played)) == 0


def test_a_score_group_pairs_its_top_half_against_its_bottom_half():
    pairing = pair_round(list("abcdefgh"), {}, {}, dict.fromkeys("abcdefgh", 0.0), 2, 2, 2)
    assert sorted(map(tuple, pairing.tables)) == [("a", "e"), ("b", "f"), ("c", "g"), ("d", "h")]


def test_the_lowest_of_a_score_group_floats_down_to_the_highest_of_the_next():
    points = {"a": 2, "b": 2, "c": 2, "d": 1, "e": 1, "f": 1}
    pairing = pair_round(list("abcdef"), {}, {}, points, 2, 2, 2)
    assert sorted(map(tuple, pairing.tables)) == [("a", "b"), ("c", "d"), ("e", "f")]


def test_a_rematch_is_seated_only_when_no_other_pairing_exists():
    met = {frozenset(pair): 1 for pair in combinations("abc", 2)}
    pairing = pair_round(list("abcd"), met, {}, dict.fromkeys("abcd", 0.0), 2, 2, 2)
    assert repeated_meetings(pairing.tables, met) == 1
