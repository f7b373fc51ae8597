"""Issue #68: multiplayer Swiss fields above 30 players seated avoidable repeats, and a field
with byes took seconds a round. Whole Swisses are played with random results, as people play,
and every round's repeats are checked against an independent exact model (`exact_repeats`)."""

import random
import time

import pytest

from tests.tournaments.formats.exact_repeats import fewest_repeats
from tests.tournaments.formats.random_results import random_results
from tournaments.formats.swiss import RoundResult, pair_counts, pair_round, repeated_meetings, standings

# A round's CPU time, well above the 2 s aimed at (a shared test machine), well below the
# 4-40 s the issue measured.
ROUND_CPU_CEILING = 5.0
ORACLE_SECONDS = 30.0


def play_and_check(players: int, seats: int, rounds: int, seed: int) -> list[tuple[int, int, int]]:
    """Play `rounds` rounds at tables of exactly `seats` (byes when the field does not divide),
    checking each: (round, repeats seated, the oracle's minimum) for rounds that repeat."""
    rng = random.Random(seed)
    ratings = {player: rng.randint(1200, 2000) for player in range(players)}
    points_per_place = (4, 2, 1, 0, 0)[:seats]
    played: list[RoundResult] = []
    repeating = []
    for number in range(1, rounds + 1):
        table = standings(ratings, played, points_per_place)
        met = pair_counts(played)
        started = time.process_time()
        pairing = pair_round(
            [row.player for row in table],
            met,
            {row.player: row.byes for row in table},
            {row.player: row.points for row in table},
            seats,
            seats,
            seats,
        )
        spent = time.process_time() - started
        seated = repeated_meetings(pairing.tables, met)
        assert pairing.repeats == seated
        assert pairing.repeat_bound <= seated
        if seated:
            players_seated = [p for t in pairing.tables for p in t]
            best, bound = fewest_repeats(players_seated, [len(t) for t in pairing.tables], met, ORACLE_SECONDS)
            assert pairing.repeat_bound <= best, "the bound claimed is above the true minimum"
            if best == bound:
                assert seated == best, f"round {number}: {seated} repeats where {best} is the minimum"
            else:  # the oracle proved nothing in its time: the seating is no worse than its best
                assert seated <= best, f"round {number}: {seated} repeats where the oracle seats {best}"
            repeating.append((number, seated, best))
        assert spent < ROUND_CPU_CEILING, f"round {number} took {spent:.1f} s of CPU"
        played.append(RoundResult(random_results(pairing.tables, rng), pairing.byes))
    return repeating


@pytest.mark.parametrize(
    ("players", "seats", "rounds", "seed"),
    [(36, 4, 7, 0), (36, 4, 7, 1), (35, 5, 5, 0), (45, 5, 6, 0), (60, 5, 7, 0)],
)
def test_it_seats_no_avoidable_repeat_in_a_whole_swiss(players, seats, rounds, seed):
    play_and_check(players, seats, rounds, seed)


def test_it_seats_sixty_players_at_four_for_twelve_rounds_without_avoidable_repeats():
    play_and_check(60, 4, 12, 0)


def test_it_chooses_the_bye_of_thirty_four_at_five_within_seconds():
    """34 players at tables of exactly 5: 4 byes a round, once re-seated over 16 whole seatings."""
    play_and_check(34, 5, 6, 0)


def test_it_seats_the_same_round_the_same_way_twice():
    """A tabu search and a solver on work limits: the same round must still come out the same."""
    rng = random.Random(3)
    played: list[RoundResult] = []
    for _ in range(6):
        table = standings(dict.fromkeys(range(41), 1500), played, (4, 2, 1, 0, 0))
        args = (
            [row.player for row in table],
            pair_counts(played),
            {row.player: row.byes for row in table},
            {row.player: row.points for row in table},
            5,
            5,
            5,
        )
        pairing = pair_round(*args)
        assert pair_round(*args) == pairing
        played.append(RoundResult(random_results(pairing.tables, rng), pairing.byes))
