"""Round robins break ties by Sonneborn-Berger, checked against tables worked by hand.

Once everyone has met everyone, players level on points are level on Buchholz too (each adds
up the same opponents), so FIDE breaks round-robin ties by Sonneborn-Berger: the points of
each opponent one beat, half of each one one drew with. At a table of more than two, each
other player there counts as one such game: placed above them, level with them, or below.
"""

import pytest

from games.models import Game
from tests.tournaments.helpers import current_tables, make_players, play_out, start
from tournaments.formats.swiss import RoundResult, standings
from tournaments.models import Tournament
from tournaments.services import do_advance_round, do_create_tournament, do_register
from tournaments.services.results import played_rounds, swiss_standings, tie_break_order


def three_rounds_of_four() -> list[RoundResult]:
    # a beats b, c beats d; a beats c, b beats d; d beats a, b beats c (1 point a win).
    return [
        RoundResult([{"a": 1, "b": 2}, {"c": 1, "d": 2}]),
        RoundResult([{"a": 1, "c": 2}, {"b": 1, "d": 2}]),
        RoundResult([{"d": 1, "a": 2}, {"b": 1, "c": 2}]),
    ]


def test_it_adds_the_points_of_the_opponents_one_beat():
    # The better rated of each level pair (b, c) would go first on rating.
    ratings = {"a": 1500, "b": 1700, "c": 1600, "d": 1400}
    rows = {row.player: row for row in standings(ratings, three_rounds_of_four(), [1, 0], order="sonneborn_berger")}
    # By hand: a 2, b 2, c 1, d 1 points; Buchholz a = b = 2 + 1 + 1 = 4, c = d = 2 + 2 + 1 = 5.
    assert {p: row.points for p, row in rows.items()} == {"a": 2, "b": 2, "c": 1, "d": 1}
    assert rows["a"].buchholz == rows["b"].buchholz and rows["c"].buchholz == rows["d"].buchholz
    # a beat b (2) and c (1): 3. b beat d (1) and c (1): 2. c beat d (1): 1. d beat a (2): 2.
    assert {p: row.sonneborn_berger for p, row in rows.items()} == {"a": 3, "b": 2, "c": 1, "d": 2}


def test_a_round_robin_ranks_level_players_by_it_and_a_swiss_keeps_buchholz_first():
    ratings = {"a": 1500, "b": 1700, "c": 1600, "d": 1400}
    by_sb = standings(ratings, three_rounds_of_four(), [1, 0], order="sonneborn_berger")
    assert [row.player for row in by_sb] == ["a", "b", "d", "c"]
    # Without it the rating at the start decided between level players.
    assert [row.player for row in standings(ratings, three_rounds_of_four(), [1, 0])] == ["b", "a", "c", "d"]


def test_at_a_table_of_four_each_other_player_counts_as_a_game_and_a_shared_place_as_a_draw():
    # 4/2/1/0. Round 1: a 1st, b and c share 2nd (1.5 each), d 4th. Round 2: d, a, c, b.
    rounds = [
        RoundResult([{"a": 1, "b": 2, "c": 2, "d": 4}]),
        RoundResult([{"d": 1, "a": 2, "c": 3, "b": 4}]),
    ]
    rows = {row.player: row for row in standings(dict.fromkeys("abcd", 1500), rounds, order="sonneborn_berger")}
    assert {p: row.points for p, row in rows.items()} == {"a": 6, "b": 1.5, "c": 2.5, "d": 4}
    # a: above b, c, d in round 1 (1.5 + 2.5 + 4), above c and b in round 2 (2.5 + 1.5): 12.
    # b: half of c (1.25) and all of d (4) in round 1, nobody in round 2: 5.25.
    # c: half of b (0.75) and d (4) in round 1, b (1.5) in round 2: 6.25.
    # d: nobody in round 1; a, c and b in round 2 (6 + 2.5 + 1.5): 10.
    assert {p: row.sonneborn_berger for p, row in rows.items()} == {"a": 12, "b": 5.25, "c": 6.25, "d": 10}


def test_a_forfeit_is_no_game_and_a_bye_adds_nothing():
    rounds = [RoundResult([{"a": 1, "b": None}], ["c"]), RoundResult([{"c": 1, "a": 2}], ["b"])]
    rows = {row.player: row for row in standings(dict.fromkeys("abc", 1500), rounds, [1, 0], order="sonneborn_berger")}
    # a's win by forfeit scores a point but beats nobody; c beat a (1 point).
    assert {p: row.sonneborn_berger for p, row in rows.items()} == {"a": 0, "b": 0, "c": 1}


def test_an_unknown_order_is_refused():
    with pytest.raises(ValueError, match="order"):
        standings({"a": 1500}, [], order="koya")


@pytest.mark.django_db
def test_a_round_robin_played_on_the_site_is_ranked_by_it():
    organiser, *players = make_players(7, "sb")
    tournament = do_create_tournament(
        organiser, "RR", "emu_ranchers", "round_robin", options={"years": 1}, seats_preferred=2, seats_max=2
    )
    for player in players:
        do_register(tournament.pk, player)
    tournament = start(tournament)
    while tournament.status != Tournament.Status.FINISHED:
        for table in current_tables(tournament):
            play_out(table.game)
        do_advance_round(tournament.pk)
        tournament.refresh_from_db()
    entries = list(tournament.entries.all())
    rows = swiss_standings(tournament, entries, played_rounds(tournament))
    points = {row.player: row.points for row in rows}
    # The oracle: every game's seats, read from the database, one opponent at a time.
    entry_of = {entry.user_id: entry.pk for entry in entries}
    expected = dict.fromkeys(points, 0.0)
    for game in Game.objects.filter(tournament_table__round__tournament=tournament).prefetch_related("seats"):
        seats = [(entry_of[seat.user_id], seat.rank) for seat in game.seats.all()]
        for me, mine in seats:
            for other, theirs in seats:
                if other != me and mine is not None and theirs is not None:
                    expected[me] += points[other] * (1 if mine < theirs else 0.5 if mine == theirs else 0)
    assert {row.player: row.sonneborn_berger for row in rows} == pytest.approx(expected)
    keys = [(row.points, row.sonneborn_berger) for row in rows]
    assert keys == sorted(keys, reverse=True)
    # The final places follow the same order.
    places = dict(tournament.entries.values_list("pk", "final_place"))
    assert [places[row.player] for row in rows] == sorted(places[row.player] for row in rows)


def test_the_site_breaks_a_round_robins_ties_by_it_and_a_swisss_by_buchholz(db):
    organiser = make_players(1, "org")[0]
    round_robin = do_create_tournament(organiser, "RR", "emu_ranchers", "round_robin")
    swiss = do_create_tournament(organiser, "Swiss", "emu_ranchers", "swiss", rounds=2)
    assert (tie_break_order(round_robin), tie_break_order(swiss)) == ("sonneborn_berger", "buchholz")
