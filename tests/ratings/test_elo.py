"""Elo for multiplayer tables, computed by hand (pure maths, no database)."""

import pytest

from tournaments.ratings.elo import EloSettings, expected, repeat_weight, table_deltas

ELO = EloSettings(start=1500, k_provisional=40, k_established=20, provisional_games=20)


def test_it_gives_the_winner_of_two_equal_players_half_of_k():
    assert table_deltas([(1500, 0, 1), (1500, 0, 2)], ELO) == pytest.approx([20.0, -20.0])


def test_a_draw_between_equal_players_changes_nothing():
    assert table_deltas([(1500, 0, 1), (1500, 0, 1)], ELO) == pytest.approx([0.0, 0.0])


def test_a_draw_moves_the_lower_rated_player_up():
    # 1400 against 1600: expected 0.240253; a draw scores 0.5 -> +40 * 0.259747 = +10.3899.
    low, high = table_deltas([(1400, 0, 1), (1600, 0, 1)], ELO)
    assert low == pytest.approx(10.3899, abs=1e-4)
    assert high == pytest.approx(-10.3899, abs=1e-4)


def test_three_players_with_a_tie_for_second():
    # K / (n - 1) = 20. Winner: two wins (+0.5 each over expectation) = +20;
    # the tied pair: a loss (-0.5) and a draw (0) = -10 each.
    assert table_deltas([(1500, 0, 1), (1500, 0, 2), (1500, 0, 2)], ELO) == pytest.approx([20.0, -10.0, -10.0])


def test_five_players_the_last_one_loses_to_all():
    # K / 4 = 10; rank r wins 5 - r pairs and loses r - 1: 10 * (3 - r).
    entries = [(1500, 0, rank) for rank in range(1, 6)]
    assert table_deltas(entries, ELO) == pytest.approx([20.0, 10.0, 0.0, -10.0, -20.0])


def test_k_drops_after_twenty_games():
    assert ELO.k_for(19) == 40
    assert ELO.k_for(20) == 20
    # Established winner against a newcomer: each side uses its own K.
    established, newcomer = table_deltas([(1500, 20, 1), (1500, 19, 2)], ELO)
    assert established == pytest.approx(10.0)
    assert newcomer == pytest.approx(-20.0)


def test_expected_scores_follow_the_400_point_scale():
    assert expected(1600, 1400) == pytest.approx(1 / (1 + 10**-0.5))
    assert expected(1500, 1500) == 0.5


def test_a_table_of_one_changes_nothing():
    assert table_deltas([(1500, 0, 1)], ELO) == [0.0]


def test_a_repeated_pair_weighs_one_over_the_number_of_its_meetings():
    assert [repeat_weight(earlier) for earlier in range(4)] == pytest.approx([1, 1 / 2, 1 / 3, 1 / 4])
    # The third meeting of players 0 and 1 counts a third; their results against player 2 in full.
    weights = {(0, 1): repeat_weight(2)}
    win, second, third = table_deltas([(1500, 0, 1), (1500, 0, 2), (1500, 0, 3)], ELO, weights)
    assert win == pytest.approx(20 * (0.5 / 3 + 0.5))
    assert second == pytest.approx(20 * (-0.5 / 3 + 0.5))
    assert third == pytest.approx(20 * (-0.5 - 0.5))


def test_an_established_player_takes_nothing_from_a_result_against_a_new_one():
    # A farmer's established account beating a new second account made to lose: only the new
    # account's rating moves (by its own K, 40, times its expected score, 0.36), the farmer's stays.
    farmer, alt = table_deltas([(1600, 30, 1), (1500, 0, 2)], ELO, established=[True, False])
    assert farmer == 0.0
    assert alt == pytest.approx(-40 * (1 / (1 + 10 ** (100 / 400))), abs=1e-9)
    # The other way round too: a newcomer who beats an established player gains, the loser keeps.
    new, old = table_deltas([(1500, 0, 1), (1600, 30, 2)], ELO, established=[False, True])
    assert old == 0.0 and new == pytest.approx(40 * (1 - 1 / (1 + 10 ** (100 / 400))), abs=1e-9)


def test_two_new_players_and_two_established_ones_rate_each_other_in_full():
    assert table_deltas([(1500, 0, 1), (1500, 0, 2)], ELO, established=[False, False]) == pytest.approx([20, -20])
    assert table_deltas([(1500, 30, 1), (1500, 30, 2)], ELO, established=[True, True]) == pytest.approx([10, -10])


def test_at_a_table_an_established_player_counts_only_the_established_others():
    # K / (n - 1): 10 for the established (K 20), 20 for the newcomer (K 40), all rated 1500.
    # The established winner beats a newcomer (not counted) and an established player (+0.5).
    # The newcomer, second, loses to the winner (-0.5) and beats the established third (+0.5).
    # The established third loses to the winner (-0.5); the newcomer's win over them does not count.
    winner, newcomer, third = table_deltas(
        [(1500, 30, 1), (1500, 0, 2), (1500, 30, 3)], ELO, established=[True, False, True]
    )
    assert (winner, newcomer, third) == pytest.approx((5.0, 0.0, -5.0))
