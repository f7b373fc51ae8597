"""Final places at the end of a knock-out, worked by hand from docs/organisers.md, on events
driven through the planner with plain stand-ins for the rows (as the whole-event simulator
does): cases easily placed wrong."""

from tests.tournaments.stand_ins import stand_in_entry, stand_in_tournament
from tournaments.services.final_places import final_places
from tournaments.services.planning import plan_next_round
from tournaments.services.results import PlayedRound, PlayedTable


def tournament(fmt: str, seats: int, rounds: int | None = None, top_cut: int = 0):
    event = stand_in_tournament(fmt, (seats, seats, seats), rounds, top_cut)
    event.place_points = [1, 0]
    return event


def entries(count: int) -> list:
    # Seed i, rated so that the rating (the last tie-break) tells every Swiss player apart.
    return [stand_in_entry(i, 2000 - i, seed=i) for i in range(1, count + 1)]


def play(event, players, results) -> list[PlayedRound]:
    """Plays the event to its end; `results(number, stage, table)` gives a table's ranks."""
    rounds: list[PlayedRound] = []
    while (plan := plan_next_round(event, players, rounds)) is not None and plan.tables:
        number = len(rounds) + 1
        tables = [
            PlayedTable(index, plan.matches[index - 1] if plan.matches else "", 0, "finished", results(number, table))
            for index, table in enumerate(plan.tables, 1)
        ]
        rounds.append(PlayedRound(number, plan.stage, tables, list(plan.byes)))
        for table in tables:
            table.adjudicated = all(rank is None for rank in table.ranks.values())
    return rounds


def the_better_seed_wins(_number, table) -> dict:
    return {player: 1 if player == min(table) else 2 for player in table}


def test_a_swiss_top_cut_whose_final_nobody_played_places_the_rest_after_the_cut():
    # With 1st left empty, the finalists share 2nd and the semi-final losers 4th, so the cut's
    # four fill places 2 to 5; the best player out of the cut is 6th, not 5th.
    event, players = tournament("swiss", 2, rounds=3, top_cut=4), entries(8)

    def results(number, table):
        if number == 5:  # the final: nobody played it, and the organisers decided a double forfeit
            return dict.fromkeys(table)
        return the_better_seed_wins(number, table)

    rounds = play(event, players, results)
    assert [r.stage for r in rounds] == ["swiss"] * 3 + ["elimination"] * 2
    places = dict((player, place) for place, player in final_places(event, players, rounds))
    assert places == {1: 2, 2: 2, 3: 4, 4: 4, 5: 6, 6: 7, 7: 8, 8: 9}


def test_a_bracket_places_who_lost_a_match_played_above_who_did_not_play_theirs():
    # Seed 4 played its semi-final and lost; seeds 2 and 3 never played theirs (a double
    # forfeit). All three do not share 2nd, as if nothing told them apart.
    event, players = tournament("single", 2), entries(4)

    def results(_number, table):
        return dict.fromkeys(table) if set(table) == {2, 3} else the_better_seed_wins(_number, table)

    rounds = play(event, players, results)
    places = dict((player, place) for place, player in final_places(event, players, rounds))
    assert places == {1: 1, 4: 2, 2: 3, 3: 3}


def test_a_semi_final_forfeited_by_one_player_places_them_below_the_other_semi_final_loser():
    event, players = tournament("single", 2), entries(4)

    def results(_number, table):
        if set(table) == {2, 3}:
            return {2: None, 3: 1}  # seed 2 never played: seed 3 goes on
        return the_better_seed_wins(_number, table)

    rounds = play(event, players, results)
    places = dict((player, place) for place, player in final_places(event, players, rounds))
    # By hand: seed 1 beats seed 3 in the final; seed 4 lost a semi-final it played (3rd);
    # seed 2 forfeited its own (4th).
    assert places == {1: 1, 3: 2, 4: 3, 2: 4}


def test_a_bracket_places_a_player_who_dropped_below_the_loser_of_a_match_played_in_that_round():
    event, players = tournament("single", 2), entries(8)
    rounds = play(event, players, the_better_seed_wins)[:1]
    players[1].dropped_before_round = 2  # seed 2 leaves after round 1: they lose their semi-final by walkover
    while (plan := plan_next_round(event, players, rounds)) is not None and plan.tables:
        number = len(rounds) + 1
        rounds.append(
            PlayedRound(
                number,
                plan.stage,
                [
                    PlayedTable(i, match, 0, "finished", the_better_seed_wins(number, table))
                    for i, (match, table) in enumerate(zip(plan.matches, plan.tables, strict=True), 1)
                ],
                [],
            )
        )
    places = dict((player, place) for place, player in final_places(event, players, rounds))
    # Seed 1 beats seed 4, seed 3 walks over seed 2, seed 1 beats seed 3 in the final. Seed 4
    # lost a semi-final it played: 3rd. Seed 2 did not play its own: 4th. Then the quarter-final
    # losers share 5th.
    assert places == {1: 1, 3: 2, 4: 3, 2: 4, 5: 5, 6: 5, 7: 5, 8: 5}


def test_a_knock_out_seated_from_an_older_cut_still_gets_its_places():
    # Should a Swiss's cut be drawn anew from the standings and their order have changed since
    # the knock-out was seated (a fix to their sort), a seated player missing from the seeds must
    # not raise KeyError in the places, so that the event can finish.
    event, players = stand_in_tournament("swiss", (3, 3, 3), rounds=1, top_cut=4), entries(6)
    tables = [{1: 1, 2: 2, 3: 3}, {4: 1, 5: 2, 6: 3}]
    swiss_round = PlayedRound(1, "swiss", [PlayedTable(n, "", 0, "finished", t) for n, t in enumerate(tables, 1)], [])
    # Seated from a cut of 1, 4, 3 and 2, where today's standings cut 1, 4, 2 and 5.
    seated = PlayedTable(1, "", 0, "finished", {1: 2, 4: 1, 3: 3})
    knockout = PlayedRound(2, "elimination", [seated], [2])
    places = dict((player, place) for place, player in final_places(event, players, [swiss_round, knockout]))
    # By hand: 4 won the table and 2 had the bye: both went on unbeaten (1st); then 1, then 3.
    assert (places[4], places[2], places[1], places[3]) == (1, 1, 3, 4)


def test_a_multiplayer_knock_out_places_who_never_played_below_everyone_who_did():
    # CuBirds, 5 players at tables of 3: Alice (1) and Bruno (2) had
    # byes; Carmen (3), Daan (4) and Ilse (5) played round 1 (Ilse, Daan, Carmen). Alice dropped
    # out, Daan was called up in her place, and Bruno made no move in the final. The page must not
    # read "1. Daan 1. Ilse 3. Bruno 4. Alice 5. Carmen": two who never played a game above one who did.
    event, players = stand_in_tournament("single", (3, 3, 3)), entries(5)
    players[0].dropped_before_round = 2
    first = PlayedRound(1, "elimination", [PlayedTable(1, "", 0, "finished", {3: 3, 4: 2, 5: 1})], [1, 2])
    final_table = PlayedTable(1, "", 0, "finished", {2: None, 4: 1, 5: 1}, absent=frozenset({2}))
    final = PlayedRound(2, "elimination", [final_table], [])
    places = dict((player, place) for place, player in final_places(event, players, [first, final]))
    # By hand: Daan and Ilse share the final's 1st; Carmen, out in round 1, played: 3rd; then who
    # never played a game, in the order the knock-out left them (Bruno reached the final): 4th, 5th.
    assert places == {4: 1, 5: 1, 3: 3, 2: 4, 1: 5}
