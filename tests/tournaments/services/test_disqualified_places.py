"""A disqualified player keeps their results, but takes no final place ahead of anyone: the final
standings list them last. A finalist disqualified during the final (cheating found) does not
end the event as its champion."""

from __future__ import annotations

import pytest

from tests.tournaments.helpers import current_tables, make_players, play_out
from tournaments.models import Tournament
from tournaments.services import do_advance_round, do_create_tournament, do_disqualify, do_register, do_start
from tournaments.services.final_places import _disqualified_last

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
    do_disqualify(
        tournament.pk, organiser, winner, "Played on a second account."
    )  # before the advance task closes the event
    do_advance_round(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    places = dict(tournament.entries.values_list("user__username", "final_place"))
    loser = next(player for player in players if player != winner)
    assert places == {loser.username: 1, winner.username: 2}


def _one_round_swiss_with_its_leader_disqualified():
    """A one-round Swiss of six at tables of three, played out; the first table's winner (the
    first of two who tied, if they did) disqualified before the round is advanced."""
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "Swiss", "wildcards", "swiss", seats_preferred=3, seats_min=3, seats_max=3, rounds=1
    )
    for player in make_players(6):
        do_register(tournament.pk, player)
    do_start(tournament.pk, organiser)
    tables = current_tables(tournament)
    for table in tables:
        play_out(table.game)
    leader = tables[0].game.seats.filter(rank=1).first().user
    do_disqualify(tournament.pk, organiser, leader, "Played on a second account.")
    return tournament, tables, leader


def test_a_swiss_leader_disqualified_in_the_last_round_is_listed_after_everyone():
    tournament, tables, leader = _one_round_swiss_with_its_leader_disqualified()
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


def test_the_standings_list_a_disqualified_leader_last_before_the_event_ends(client):
    # Disqualified in the last round, after his table ended he does not read "1 Bruno
    # (disqualified)" at the top of the standings, where the final standings put him 8th.
    tournament, _tables, leader = _one_round_swiss_with_its_leader_disqualified()
    tournament.refresh_from_db()
    assert tournament.status != Tournament.Status.FINISHED  # the round is not advanced yet
    standings = client.get(f"/tournaments/{tournament.pk}/").context["standings"]
    assert [row["entry"] for row in standings][-1] == tournament.entries.get(user=leader).pk
    assert standings[-1]["disqualified"] and not any(row["disqualified"] for row in standings[:-1])
    # The page says why the player with the most points stands last.
    page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert "A disqualified player stands below everyone, whatever their points." in page


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


def test_a_late_entrant_who_never_sat_and_left_is_placed_below_a_no_show_the_byes_took_further():
    """A Swiss of 3-player tables with a cut of 4, every Swiss
    table a double forfeit. Entry 2 had a bye in the Swiss and in the knock-out, then left: a
    no-show, placed below everyone who played a game. Entry 11 entered late, never sat anywhere
    and left too: a no-show who reached less far, is not placed above entry 2."""
    from tests.tournaments.stand_ins import stand_in_entry, stand_in_tournament
    from tournaments.services.final_places import final_places
    from tournaments.services.results import PlayedRound, PlayedTable

    tournament = stand_in_tournament("swiss", (3, 3, 3), rounds=1, top_cut=4)
    entries = [stand_in_entry(pk, 1500) for pk in range(1, 11)] + [stand_in_entry(11, 1500, seed=None)]
    left = {1: 3, 2: 3, 3: 2, 4: 2, 6: 2, 7: 2, 8: 3, 9: 2, 10: 2, 11: 3}
    for entry in entries:
        entry.dropped_before_round = left.get(entry.pk)
    entries[5].disqualified = True

    def table(number, ranks):
        return PlayedTable(number, "", 0, "finished", ranks)

    rounds = [
        PlayedRound(
            1,
            "swiss",
            [
                table(1, dict.fromkeys((7, 8, 5))),
                table(2, dict.fromkeys((3, 9, 6))),
                table(3, dict.fromkeys((10, 1, 4))),
            ],
            [2],
        ),
        PlayedRound(2, "elimination", [table(1, {5: 1, 1: 2, 8: 3})], [2]),
    ]
    place = {player: number for number, player in final_places(tournament, entries, rounds)}
    assert place[2] < place[11]
    # Both below everyone who played a game, the disqualified last.
    played = {1, 3, 4, 5, 7, 8, 9, 10}
    assert all(place[player] < place[2] for player in played)
    assert place[6] == 11
