"""A disqualified player keeps their results, but takes no final place ahead of anyone: the final
standings list them last. Found by a review: a finalist disqualified during the final (cheating
found) still ended the event as its champion."""

from __future__ import annotations

import pytest

from tests.tournaments.helpers import current_tables, make_players, play_out
from tournaments.models import Tournament
from tournaments.services import do_advance_round, do_create_tournament, do_disqualify, do_register, do_start
from tournaments.services.planning import _disqualified_last

pytestmark = pytest.mark.django_db


def test_a_player_disqualified_in_the_final_is_placed_last_not_champion():
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(organiser, "Final", "emu_ranchers", "single", options={"years": 1})
    players = make_players(2)
    for player in players:
        do_register(tournament.pk, player)
    do_start(tournament.pk, organiser)
    (final,) = current_tables(tournament)
    play_out(final.game)
    winner = final.game.seats.filter(rank=1).first().user  # the first of two who tied, if they did
    do_disqualify(tournament.pk, organiser, winner)  # before the advance task closes the event
    do_advance_round(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    places = dict(tournament.entries.values_list("user__username", "final_place"))
    loser = next(player for player in players if player != winner)
    assert places == {loser.username: 1, winner.username: 2}


def test_a_swiss_leader_disqualified_in_the_last_round_is_listed_after_everyone():
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "Swiss", "wildcards", "swiss", seats_preferred=3, seats_min=3, seats_max=3, rounds=1
    )
    players = make_players(6)
    for player in players:
        do_register(tournament.pk, player)
    do_start(tournament.pk, organiser)
    tables = current_tables(tournament)
    for table in tables:
        play_out(table.game)
    leader = tables[0].game.seats.filter(rank=1).first().user  # the first of two who tied, if they did
    do_disqualify(tournament.pk, organiser, leader)
    do_advance_round(tournament.pk)
    tournament.refresh_from_db()
    places = dict(tournament.entries.values_list("user_id", "final_place"))
    assert places[leader.pk] == 6
    # The others by hand: 4/2/1 points for 1st/2nd/3rd at a table (a tie shares the places'
    # points), Buchholz the table-mates' points, everyone rated 1500; level on both, a shared place.
    seated = [dict(table.game.seats.values_list("user_id", "rank")) for table in tables]
    points = {}
    for ranks in seated:
        for user, rank in ranks.items():
            taken, level = sorted(ranks.values()).index(rank), list(ranks.values()).count(rank)
            points[user] = sum((4, 2, 1)[taken : taken + level]) / level
    score = {
        user: (points[user], sum(points[other] for other in ranks if other != user))
        for ranks in seated
        for user in ranks
    }
    rest = sorted((user for user in score if user != leader.pk), key=lambda user: score[user], reverse=True)
    expected = {user: 1 + sum(score[other] > score[user] for other in rest) for user in rest}
    assert {user: places[user] for user in rest} == expected


@pytest.mark.parametrize(
    ("order", "disqualified", "expected"),
    [
        # Hand-worked: (place, entry) best first.
        ([(1, 10), (2, 11), (3, 12), (3, 13), (5, 14)], set(), [(1, 10), (2, 11), (3, 12), (3, 13), (5, 14)]),
        ([(1, 10), (2, 11), (3, 12), (3, 13), (5, 14)], {10}, [(1, 11), (2, 12), (2, 13), (4, 14), (5, 10)]),
        ([(1, 10), (2, 11), (3, 12), (3, 13), (5, 14)], {12}, [(1, 10), (2, 11), (3, 13), (4, 14), (5, 12)]),
        ([(1, 10), (2, 11), (3, 12), (3, 13), (5, 14)], {11, 14}, [(1, 10), (2, 12), (2, 13), (4, 11), (5, 14)]),
        ([(2, 10), (2, 11)], {10}, [(2, 11), (3, 10)]),  # no champion stays no champion
        ([(1, 10), (1, 11)], {10, 11}, [(1, 10), (2, 11)]),  # nobody else: in their order
    ],
)
def test_the_disqualified_go_last_and_shared_places_stay_shared(order, disqualified, expected):
    assert _disqualified_last(order, disqualified) == expected
