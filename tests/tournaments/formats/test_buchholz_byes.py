"""Buchholz with byes, checked against tables worked by hand: a bye is a game against dummy
opponents who score the player's own final points (FIDE's 2023 tie-break rules for an unplayed
round), a full table's worth of them; opponents' average counts real opponents only."""

from tournaments.formats.swiss import RoundResult, standings


def test_two_player_byes_count_one_dummy_opponent_with_the_players_own_score():
    # Round 1: a beats b, c has a bye. Round 2: c beats a, b has a bye. Points 1/0, a bye is 1.
    rounds = [RoundResult([{"a": 1, "b": 2}], ["c"]), RoundResult([{"c": 1, "a": 2}], ["b"])]
    rows = {row.player: row for row in standings({"a": 1500, "b": 1500, "c": 1500}, rounds, [1, 0])}
    # By hand: a = 1, b = 0 + 1 = 1, c = 1 + 1 = 2 points.
    assert (rows["a"].points, rows["b"].points, rows["c"].points) == (1, 1, 2)
    # a met b (1) and c (2): 3. b met a (1) plus a dummy scoring b's own 1: 2. c: a (1) + own 2: 3.
    assert (rows["a"].buchholz, rows["b"].buchholz, rows["c"].buchholz) == (3, 2, 3)
    # Average over real opponents: a (1 + 2) / 2, b 1 / 1, c 1 / 1.
    assert (rows["a"].opponents_average, rows["b"].opponents_average, rows["c"].opponents_average) == (1.5, 1, 1)
    assert [row.player for row in standings({"a": 1500, "b": 1500, "c": 1500}, rounds, [1, 0])] == ["c", "a", "b"]


def test_a_bye_at_four_player_tables_counts_three_dummy_opponents():
    # One round, 4/2/1/0: a 1st, b 2nd, c 3rd, d 4th; e has a bye worth one win (4).
    rounds = [RoundResult([{"a": 1, "b": 2, "c": 3, "d": 4}], ["e"])]
    ratings = dict.fromkeys("abcde", 1500)
    rows = {row.player: row for row in standings(ratings, rounds, [4, 2, 1, 0])}
    assert {player: row.points for player, row in rows.items()} == {"a": 4, "b": 2, "c": 1, "d": 0, "e": 4}
    # a: 2 + 1 + 0 = 3; b: 4 + 1 + 0 = 5; c: 4 + 2 + 0 = 6; d: 4 + 2 + 1 = 7; e: three dummies of 4 = 12.
    assert {player: row.buchholz for player, row in rows.items()} == {"a": 3, "b": 5, "c": 6, "d": 7, "e": 12}
    assert rows["e"].opponents_average == 0.0  # no real opponent yet


def test_the_number_of_dummy_opponents_follows_the_tournaments_table_size():
    # A 4-player event whose place points list only three places: the services pass the table size.
    rounds = [RoundResult([{"a": 1, "b": 2, "c": 3}], ["d"])]
    rows = {row.player: row for row in standings(dict.fromkeys("abcd", 1500), rounds, [3, 1, 0], None, 3)}
    assert rows["d"].points == 3 and rows["d"].buchholz == 9


def test_a_forfeit_is_no_meeting_but_an_unplayed_game_against_a_dummy_like_a_bye():
    # b did not play (rank None): no points, and nobody's opponent (not in the average). The game
    # a and c could not play against b is an unplayed round, as a bye is: a dummy opponent scoring
    # their own final points (FIDE 2023). Beating a no-show costs no tie-break points against
    # having a bye.
    rounds = [RoundResult([{"a": 1, "b": None, "c": 2}], [])]
    rows = {row.player: row for row in standings(dict.fromkeys("abc", 1500), rounds, [4, 2, 1])}
    # a: c's 2 + a dummy of a's own 4 = 6; c: a's 4 + a dummy of c's own 2 = 6; b: two dummies of 0.
    assert (rows["a"].buchholz, rows["b"].buchholz, rows["c"].buchholz) == (6, 0, 6)
    assert (rows["a"].opponents_average, rows["c"].opponents_average) == (2, 4)


def test_a_win_over_a_no_show_weighs_in_the_buchholz_as_a_bye_does():
    # Two-player tables, 1/0: in round 1 a beats a no-show x while b has a bye; both then lose to c.
    rounds = [
        RoundResult([{"a": 1, "x": None}], ["b"]),
        RoundResult([{"c": 1, "a": 2}, {"c2": 1, "b": 2}]),
    ]
    rows = {row.player: row for row in standings(dict.fromkeys(["a", "b", "c", "c2", "x"], 1500), rounds, [1, 0])}
    assert rows["a"].points == rows["b"].points == 1
    assert rows["a"].buchholz == rows["b"].buchholz  # 1 (their dummy) + 1 (c or c2)
