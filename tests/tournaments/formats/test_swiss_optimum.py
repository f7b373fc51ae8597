"""Swiss pairing against independent optima: networkx's blossom on the complete graph and brute
force for 2-player rounds, brute force and CP-SAT's exact model for 3-5 seats, and fields
built to have a repeat-free round (a planted seating the earlier rounds were kept away from)
at 100-300 players, which must then be seated without a repeat."""

import random
from itertools import combinations

import networkx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.formats.brute_force import partitions, perfect_matchings
from tests.tournaments.formats.random_results import random_results
from tournaments.formats.swiss import RoundResult, pair_counts, pair_round, repeated_meetings, standings
from tournaments.formats.swiss_pairs import Costs, pair_two_player
from tournaments.formats.swiss_tables import _units, seat_tables, solve
from tournaments.formats.tables import split


def random_history(players: int, seats: int, rounds: int, rng: random.Random) -> list[RoundResult]:
    """Earlier rounds seated at random: repeats are hard to avoid on small fields."""
    played = []
    for _ in range(rounds):
        order = list(range(players))
        rng.shuffle(order)
        tables = [order[i : i + seats] for i in range(0, players - players % seats, seats)]
        played.append(RoundResult(random_results(tables, rng)))
    return played


def seated_after(limits, players: int, history: int, seed: int):
    """A field after `history` random rounds, and the next round seated by `seat_tables`:
    (seated, sizes, met, points, tables)."""
    played = random_history(players, limits[0], history, random.Random(seed))
    ranked, points = table_of(played, players, (4, 2, 1, 0))
    met = pair_counts(played)
    sizes = list(split(players, *limits).sizes)
    seated = ranked[: sum(sizes)]
    return seated, sizes, met, points, seat_tables(seated, sizes, met, points)


def table_of(played, players, points_per_place):
    table = standings(dict.fromkeys(range(players), 1500), played, points_per_place)
    return [row.player for row in table], {row.player: row.points for row in table}


def fide_order(pairs, met, points) -> tuple:
    """FIDE's priorities, written independently of the pairing code."""
    return (
        sum(met.get(frozenset(pair), 0) for pair in pairs),
        sum(1 for a, b in pairs if points[a] != points[b]),
        sum((points[a] - points[b]) ** 2 for a, b in pairs),
    )


def seating_order(tables, met, points) -> tuple:
    return (
        sum(met.get(frozenset(pair), 0) for table in tables for pair in combinations(table, 2)),
        sum(max(points[p] for p in table) - min(points[p] for p in table) for table in tables),
    )


@settings(max_examples=60, deadline=None)
@given(players=st.integers(6, 30).map(lambda n: 2 * n), history=st.integers(0, 9), seed=st.integers(0, 10**6))
def test_the_sparse_pairing_costs_what_networkx_blossom_on_the_complete_graph_costs(players, history, seed):
    rng = random.Random(seed)
    played = random_history(players, 2, history, rng)
    ranked, points = table_of(played, players, (1, 0))
    met = pair_counts(played)
    sparse = pair_two_player(ranked, met, points, dense_limit=0)
    cost = Costs(ranked, met, points)
    ceiling = cost.rematch_bound * (max(met.values(), default=0) + 1)
    graph = networkx.Graph()
    for a, b in combinations(ranked, 2):
        graph.add_edge(a, b, weight=ceiling - cost(a, b))
    dense = networkx.max_weight_matching(graph, maxcardinality=True)
    assert sorted(p for pair in sparse for p in pair) == sorted(ranked)
    assert cost.total(sparse) == cost.total(dense)


@settings(max_examples=120, deadline=None)
@given(players=st.sampled_from([2, 4, 6, 8, 10]), history=st.integers(0, 6), seed=st.integers(0, 10**6))
def test_the_sparse_pairing_is_the_brute_force_optimum_in_fides_order(players, history, seed):
    rng = random.Random(seed)
    played = random_history(players, 2, history, rng)
    ranked, points = table_of(played, players, (1, 0))
    met = pair_counts(played)
    pairs = [tuple(pair) for pair in pair_two_player(ranked, met, points, dense_limit=0)]
    best = min(fide_order(option, met, points) for option in perfect_matchings(sorted(ranked)))
    assert fide_order(pairs, met, points) == best


@settings(max_examples=80, deadline=None)
@given(
    limits=st.sampled_from([(3, 3, 3), (4, 3, 4), (5, 4, 5), (4, 2, 4), (3, 2, 3)]),
    players=st.integers(4, 10),
    history=st.integers(1, 4),
    seed=st.integers(0, 10**6),
)
def test_a_multiplayer_seating_is_the_brute_force_optimum_repeats_then_spread(limits, players, history, seed):
    seated, sizes, met, points, tables = seated_after(limits, players, history, seed)
    assert sorted(p for table in tables for p in table) == sorted(seated)
    assert sorted(map(len, tables)) == sorted(sizes)
    best = min(seating_order(option, met, points) for option in partitions(sorted(seated), sizes))
    assert seating_order(tables, met, points) == best


@pytest.mark.parametrize(
    ("limits", "players", "history", "seed"),
    [((3, 3, 3), 39, 5, 891), ((4, 3, 4), 36, 4, 2), ((5, 4, 5), 40, 3, 3)],
)
def test_the_large_field_seating_repeats_no_more_than_the_exact_model_of_the_whole_field(
    limits, players, history, seed
):
    """The runs-of-tables search (fields above 30) against CP-SAT's model of the whole field."""
    seated, sizes, met, points, tables = seated_after(limits, players, history, seed)
    units = _units(seated, points)
    exact = solve(seated, sizes, met, units, tables)
    assert exact is not None
    assert repeated_meetings(tables, met) <= repeated_meetings(exact, met)


def planted_field(players: int, limits: tuple, rounds: int, seed: int):
    """Swiss rounds with random results, each paired as if the planted round had been played
    already: the planted round then proves a repeat-free seating of the next round exists."""
    rng = random.Random(seed)
    sizes = split(players, *limits).sizes
    assert sum(sizes) == players, "the planted round seats everyone"
    order = list(range(players))
    rng.shuffle(order)
    planted, at = [], 0
    for size in sizes:
        planted.append(order[at : at + size])
        at += size
    fake = RoundResult([dict.fromkeys(table, 1) for table in planted])
    played: list[RoundResult] = []
    points_per_place = (1, 0) if limits[0] == 2 else (4, 2, 1, 0)
    for _ in range(rounds):
        ranked, points = table_of(played, players, points_per_place)
        pairing = pair_round(ranked, pair_counts([*played, fake]), {}, points, *limits)
        played.append(RoundResult(random_results(pairing.tables, rng), pairing.byes))
    assert repeated_meetings(planted, pair_counts(played)) == 0
    return played, points_per_place


@pytest.mark.parametrize(
    ("players", "limits", "rounds"),
    [(100, (2, 2, 2), 8), (300, (2, 2, 2), 9), (100, (4, 3, 4), 6), (300, (4, 3, 4), 7), (102, (3, 3, 3), 7)],
)
def test_a_field_built_to_have_a_repeat_free_round_gets_one(players, limits, rounds):
    played, points_per_place = planted_field(players, limits, rounds, seed=players + rounds)
    ranked, points = table_of(played, players, points_per_place)
    met = pair_counts(played)
    pairing = pair_round(ranked, met, {}, points, *limits)
    assert repeated_meetings(pairing.tables, met) == 0


def test_twenty_one_players_at_three_player_tables_meet_nobody_twice_in_round_six():
    """Issue #28: round 6 repeated a meeting although a repeat-free seating existed."""
    for seed in range(3):
        rng = random.Random(seed)
        played: list[RoundResult] = []
        for _ in range(6):
            ranked, points = table_of(played, 21, (4, 2, 1, 0))
            pairing = pair_round(ranked, pair_counts(played), {}, points, 3, 3, 3)
            assert repeated_meetings(pairing.tables, pair_counts(played)) == 0
            played.append(RoundResult(random_results(pairing.tables, rng), pairing.byes))


def test_fourteen_players_in_a_random_swiss_get_a_rematch_free_round_ten_when_one_exists():
    """Issue #28: round 10 of a 14-player Swiss seated a rematch; brute force says when one is avoidable."""
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        played: list[RoundResult] = []
        for number in range(1, 11):
            ranked, points = table_of(played, 14, (1, 0))
            met = pair_counts(played)
            pairing = pair_round(ranked, met, {}, points, 2, 2, 2)
            if number == 10:
                avoidable = any(
                    not any(met.get(frozenset(pair)) for pair in option)
                    for option in perfect_matchings(list(range(14)))
                )
                if avoidable:
                    checked += 1
                    assert repeated_meetings(pairing.tables, met) == 0
            played.append(RoundResult(random_results(pairing.tables, rng), pairing.byes))
    assert checked, "at least one history leaves a rematch-free round ten"


def test_the_bye_moves_up_when_the_lowest_players_bye_would_seat_avoidable_rematches():
    # Worked by hand: A, B, C and D met at one table in round 1 and E
    # had the bye; C was disqualified and G entered late. Giving the bye to G (the lowest, no bye
    # yet) seats A, B, D and E: three repeated pairs. With D sitting out, A, B, E and G repeat one
    # (A-B), and no other bye does better; of those that repeat one, D is the lowest ranked.
    met = {frozenset(pair): 1 for pair in combinations("ABCD", 2)}
    ranked = ["A", "B", "E", "D", "G"]
    points = {"A": 4, "B": 2, "E": 2, "D": 1, "G": 0}
    pairing = pair_round(ranked, met, {"E": 1}, points, 4, 3, 4)
    assert pairing.byes == ["D"]
    assert pairing.tables == [["A", "B", "E", "G"]]


def fair_bye_sets(ranked: list, byes_taken: dict, count: int):
    """Every set of `count` players who may sit out by the bye rule, written independently: nobody
    sits out while a player who plays has had fewer byes."""
    for chosen in combinations(ranked, count):
        out = [byes_taken.get(p, 0) for p in chosen]
        playing = [byes_taken.get(p, 0) for p in ranked if p not in chosen]
        if not playing or max(out, default=0) <= min(playing):
            yield list(chosen)


@settings(max_examples=60, deadline=None)
@given(
    limits=st.sampled_from([(3, 3, 3), (4, 3, 4), (4, 4, 4), (2, 2, 2), (5, 4, 5)]),
    players=st.integers(4, 9),
    history=st.integers(1, 4),
    seed=st.integers(0, 10**6),
)
def test_the_bye_and_the_seating_together_repeat_no_more_than_any_fair_bye_would(limits, players, history, seed):
    rng = random.Random(seed)
    played = random_history(players, limits[0], history, rng)
    ranked, points = table_of(played, players, (4, 2, 1, 0))
    byes_taken = {p: rng.randint(0, 1) for p in ranked}
    met = pair_counts(played)
    seating = split(players, *limits)
    pairing = pair_round(ranked, met, byes_taken, points, *limits)
    assert sorted(pairing.byes) in [sorted(option) for option in fair_bye_sets(ranked, byes_taken, seating.byes)]
    best = min(
        sum(met.get(frozenset(pair), 0) for table in option for pair in combinations(table, 2))
        for byes in fair_bye_sets(ranked, byes_taken, seating.byes)
        for option in partitions(sorted(p for p in ranked if p not in byes), list(seating.sizes))
    )
    assert repeated_meetings(pairing.tables, met) == best
