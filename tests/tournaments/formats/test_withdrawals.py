"""A round robin's withdrawals, FIDE's way: before half their games, a player's results are
annulled; after, the games they leave unplayed are forfeits won by their opponents. Hand-worked
schedules and results, scored with the standings a round robin uses."""

from tournaments.formats.swiss import RoundResult, standings
from tournaments.formats.withdrawals import (
    forfeited_by,
    passed_over,
    scheduled_indices,
    with_forfeit_wins,
    without_early_withdrawals,
)

# Four players at 2-player tables, everyone meeting everyone once.
SCHEDULE = [
    [[["A", "B"], ["C", "D"]], []],
    [[["A", "C"], ["B", "D"]], []],
    [[["A", "D"], ["B", "C"]], []],
]
RATINGS = dict.fromkeys("ABCD", 1500)
# Five players at 2-player tables, one resting each round.
FIVE = [
    [[["B", "E"], ["C", "D"]], ["A"]],
    [[["E", "C"], ["A", "B"]], ["D"]],
    [[["C", "A"], ["D", "E"]], ["B"]],
    [[["A", "D"], ["B", "C"]], ["E"]],
    [[["D", "B"], ["E", "A"]], ["C"]],
]


def points(results: list[RoundResult]) -> dict[str, float]:
    return {row.player: row.points for row in standings(RATINGS, results, points_per_place=(1, 0))}


def test_a_player_who_leaves_before_half_their_games_has_every_result_annulled():
    # D beat C, then left before round 2 (1 game of 3 played): B's round-2 and A's round-3 byes
    # came only from D's absence.
    played = [
        RoundResult([{"A": 1, "B": 2}, {"C": 2, "D": 1}]),
        RoundResult([{"A": 1, "C": 2}], ["B"]),
        RoundResult([{"B": 1, "C": 2}], ["A"]),
    ]
    as_played = points(played)
    assert as_played == {"A": 3, "B": 2, "C": 0, "D": 1}  # the byes were worth a win each
    kept = without_early_withdrawals(SCHEDULE, played, {"D": 2}, [1, 2, 3])
    # By hand: no game with D counts, nor the byes D's absence made; C's loss to D is gone too.
    assert points(kept) == {"A": 2, "B": 1, "C": 0, "D": 0}
    assert kept[0].tables == [{"A": 1, "B": 2}]
    assert kept[1].byes == [] and kept[2].byes == []


def test_a_player_who_leaves_after_half_their_games_leaves_forfeits_won_by_the_others():
    played = [
        RoundResult([{"A": 1, "B": 2}, {"C": 2, "D": 1}]),
        RoundResult([{"A": 1, "C": 2}, {"B": 1, "D": 2}]),
        RoundResult([{"B": 1, "C": 2}], ["A"]),
    ]
    # D played 2 of 3: results stand, and A's bye is the game D forfeited.
    assert without_early_withdrawals(SCHEDULE, played, {"D": 3}, [1, 2, 3]) == played


def test_a_scheduled_bye_stays_whoever_left():
    schedule = [[[["A", "B"]], ["C"]], [[["A", "C"]], ["B"]], [[["B", "C"]], ["A"]]]
    played = [RoundResult([{"A": 1, "B": 2}], ["C"]), RoundResult([], ["B", "A"])]
    # C left before round 2 having played none of their 2 games: A's bye in round 2 is C's
    # absence (annulled), B's is the schedule's own.
    kept = without_early_withdrawals(schedule, played, {"C": 2}, [1, 2])
    assert kept[0].tables == played[0].tables
    assert kept[1].byes == ["B"]


def test_an_annulled_player_keeps_no_point_of_their_own_scheduled_bye():
    # C's results are annulled: C keeps no win's points of the round-1 rest, and does not stand
    # above players who played.
    schedule = [[[["A", "B"]], ["C"]], [[["A", "C"]], ["B"]], [[["B", "C"]], ["A"]]]
    played = [RoundResult([{"A": 1, "B": 2}], ["C"]), RoundResult([], ["B", "A"])]
    kept = without_early_withdrawals(schedule, played, {"C": 2}, [1, 2])
    assert kept[0].byes == []
    assert {row.player: row.points for row in standings(dict.fromkeys("ABC", 1500), kept, (1, 0))}["C"] == 0


def test_at_a_larger_table_the_others_are_scored_as_if_the_leaver_had_not_sat_there():
    schedule = [
        [[["A", "B", "D"], ["C", "E", "F"]], []],
        [[["A", "C", "E"], ["B", "D", "F"]], []],
        [[["A", "D", "F"], ["B", "C", "E"]], []],
    ]
    played = [RoundResult([{"A": 1, "D": 2, "B": 3}, {"C": 1, "E": 2, "F": 3}])]
    kept = without_early_withdrawals(schedule, played, {"D": 2}, [1])
    assert kept[0].tables == [{"A": 1, "B": 3}, {"C": 1, "E": 2, "F": 3}]
    scored = {row.player: row.points for row in standings(dict.fromkeys("ABCDEF", 1500), kept)}
    # 4/2/1 a place: B moves from third (1) to second (2) of the two left at the table.
    assert (scored["A"], scored["B"], scored["D"]) == (4, 2, 0)


def test_a_forfeit_left_by_a_late_withdrawal_is_a_win_whatever_a_scheduled_bye_is_worth():
    # With the organiser's bye worth 0 (an odd round robin's rest), the game a late leaver
    # forfeited is still a win for the opponent, as the rules make it.
    schedule = FIVE
    # The rounds as the planner makes them: E played 3 of 4 and left before round 4 (its rest),
    # so its results stand; in round 5 A's opponent is gone and A has a bye beside C's rest.
    played = [
        RoundResult([{"B": 2, "E": 1}, {"C": 2, "D": 1}], ["A"]),
        RoundResult([{"E": 1, "C": 2}, {"A": 2, "B": 1}], ["D"]),
        RoundResult([{"C": 1, "A": 2}, {"D": 2, "E": 1}], ["B"]),
        RoundResult([{"A": 2, "D": 1}, {"B": 2, "C": 1}], []),
        RoundResult([{"D": 1, "B": 2}], ["C", "A"]),
    ]
    kept = without_early_withdrawals(schedule, played, {"E": 4}, [1, 2, 3, 4, 5])
    counted = with_forfeit_wins(schedule, kept, scheduled_indices(schedule, played))
    assert counted[4].byes == ["C"] and counted[4].walkovers == ["A"]
    scored = {row.player: row.points for row in standings(dict.fromkeys("ABCDE", 1500), counted, (1, 0), 0)}
    # By hand: A won nothing it played, but E's forfeit in round 5 (1); B beat A (1); C beat A
    # and B (2); D beat C, A and B (3); E beat B, C and D before leaving (3); rests score 0.
    assert scored == {"A": 1, "B": 1, "C": 2, "D": 3, "E": 3}


def test_at_tables_that_must_seat_three_a_leaver_s_early_table_counts_for_nobody():
    # At tables of exactly three, D's early table-mates are not scored as a game of two (4 and 2)
    # while those D would have met later sit out with byes worth nothing.
    schedule = [
        [[["A", "B", "D"], ["C", "E", "F"]], []],
        [[["A", "C", "E"], ["B", "D", "F"]], []],
        [[["A", "D", "F"], ["B", "C", "E"]], []],
    ]
    played = [RoundResult([{"A": 1, "D": 2, "B": 3}, {"C": 1, "E": 2, "F": 3}])]
    kept = without_early_withdrawals(schedule, played, {"D": 2}, [1], minimum=3)
    assert kept[0].tables == [{"C": 1, "E": 2, "F": 3}]


def test_a_scheduled_rest_stays_a_rest_when_early_leavers_emptied_the_round_s_tables():
    # The rounds are matched to the schedule before the annulled tables are taken out: a round
    # left without tables would match an earlier scheduled round, and D's own rest there would
    # turn into a forfeit won.
    schedule = FIVE
    # C and E left before round 1, so the first scheduled round had no table left and was passed
    # over: round 1 was the second (D's rest); B left before round 2 having played 1 of 4.
    played = [RoundResult([{"A": 1, "B": 2}], ["D"]), RoundResult([{"A": 2, "D": 1}])]
    kept = without_early_withdrawals(schedule, played, {"C": 1, "E": 1, "B": 2}, [1, 2])
    assert kept[0].tables == [] and kept[0].byes == ["D"]
    counted = with_forfeit_wins(schedule, kept, scheduled_indices(schedule, played))
    assert counted[0].byes == ["D"] and counted[0].walkovers == []
    scored = {row.player: row.points for row in standings(dict.fromkeys("ABCDE", 1500), counted, (1, 0), 0)}
    assert scored["D"] == 1  # the win over A in round 2; the rest scores the organiser's 0


def test_a_scheduled_round_late_leavers_emptied_of_tables_still_scores_their_forfeits():
    # A round the planner passed over because drops left it without a table still scores the
    # forfeits the late leavers left there.
    schedule = FIVE
    # C and D left before round 4 having played 3 and 2 of their 4 games: their results stand.
    # Scheduled round 4 (A-D, B-C, E rests) has no table left and is passed over; round 4 is
    # scheduled round 5, where E meets A and B's opponent D is gone.
    played = [
        RoundResult([{"B": 2, "E": 1}, {"C": 2, "D": 1}], ["A"]),
        RoundResult([{"E": 1, "C": 2}, {"A": 2, "B": 1}], ["D"]),
        RoundResult([{"C": 1, "A": 2}, {"D": 2, "E": 1}], ["B"]),
        RoundResult([{"E": 2, "A": 1}], ["B"]),
    ]
    indices = scheduled_indices(schedule, played)
    assert indices == [0, 1, 2, 4]
    left = {"C": 4, "D": 4}
    skipped = passed_over(schedule, indices, [1, 2, 3, 4], left, minimum=2, last_finished=True)
    assert skipped == [(3, 3, 4, RoundResult([], ["A", "B", "E"]))]
    rounds = [*played[:3], skipped[0][3], played[3]]
    counted = with_forfeit_wins(
        schedule, without_early_withdrawals(schedule, rounds, left, [1, 2, 3, 4, 4]), [0, 1, 2, 3, 4]
    )
    scored = {row.player: row.points for row in standings(dict.fromkeys("ABCDE", 1500), counted, (1, 0), 0)}
    # By hand: A beat E and won D's forfeit; B beat A and won C's and D's forfeits; C beat A;
    # D beat C; E beat B, C and D; rests score 0.
    assert scored == {"A": 2, "B": 3, "C": 1, "D": 1, "E": 3}


def test_rounds_after_the_last_are_passed_over_only_once_it_is_over_and_none_has_a_table():
    # The three rounds of three players at 2-player tables: B and C meet last; C leaves after
    # round 2 and the event ends there, but not before round 2 is over.
    schedule = [[[["A", "B"]], ["C"]], [[["A", "C"]], ["B"]], [[["B", "C"]], ["A"]]]
    played = [RoundResult([{"A": 1, "B": 2}], ["C"]), RoundResult([{"A": 1, "C": 2}], ["B"])]
    indices = scheduled_indices(schedule, played)
    assert passed_over(schedule, indices, [1, 2], {"C": 3}, 2, last_finished=False) == []
    assert passed_over(schedule, indices, [1, 2], {"C": 3}, 2, last_finished=True) == [
        (2, 2, 3, RoundResult([], ["B", "A"]))
    ]
    assert passed_over(schedule, indices, [1, 2], {}, 2, last_finished=True) == []  # B and C still meet


def test_a_gap_the_planner_could_not_have_passed_over_puts_nothing_back():
    # A round robin started before schedules were kept has its schedule drawn again,
    # and its played rounds may sit anywhere in it; gaps with tables are not rounds passed over,
    # or everyone would get walkovers, one of them for a round actually played.
    schedule = [[[["A", "B"]], ["C"]], [[["A", "C"]], ["B"]], [[["B", "C"]], ["A"]]]
    played = [RoundResult([{"B": 1, "C": 2}], ["A"])]
    indices = scheduled_indices(schedule, played)
    assert indices == [2]
    assert passed_over(schedule, indices, [1], {}, 2, last_finished=False) == []


def test_an_event_every_table_of_which_drops_emptied_still_scores_its_rests():
    # Four of five players leave while the schedule is drawn up; no round is ever made, and the
    # one left still keeps the points of their scheduled rest.
    schedule = FIVE
    left = dict.fromkeys("ABDE", 1)
    skipped = passed_over(schedule, [], [], left, 2, last_finished=True)
    assert [(at, index, number) for at, index, number, _result in skipped] == [(0, k, 1) for k in range(5)]
    counted = with_forfeit_wins(
        schedule,
        without_early_withdrawals(schedule, [r for *_x, r in skipped], left, [1] * 5),
        [index for _at, index, _number, _result in skipped],
    )
    scored = {row.player: row.points for row in standings(dict.fromkeys("ABCDE", 1500), counted, (1, 0), 0.5)}
    # By hand: C rests in round 5 (0.5); its four games are against players annulled, who win nothing.
    assert scored == {"A": 0, "B": 0, "C": 0.5, "D": 0, "E": 0}


def test_a_forfeit_is_charged_only_to_a_table_mate_who_had_left_and_whose_results_stand():
    schedule = [[[["W", "P", "Q"], ["X", "Y", "Z"]], []]] * 3
    # P left early (annulled), Q left before round 3 (results stand), X is still in.
    left, annulled = {"P": 1, "Q": 3}, {"P"}
    assert forfeited_by(schedule, 2, 3, "W", left, annulled) == ["Q"]
    assert forfeited_by(schedule, 2, 2, "W", left, annulled) == []  # Q was still in at round 2
    assert forfeited_by(schedule, 2, 3, "X", left, annulled) == []
