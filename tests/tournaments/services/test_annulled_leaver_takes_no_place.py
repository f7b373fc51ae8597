"""A round robin's player who leaves before half their games has every result annulled (FIDE:
their points count for nobody's standing): they take no place above anyone still playing, on the
page while the event runs or in its final places. Such a leaver does not head the standings
mid-event, everyone level on 0 and their rating breaking the tie."""

import pytest

from tests.tournaments.helpers import current_tables, emu_round_robin, finish_round, make_players, play_out
from tournaments.models import Entry
from tournaments.pages.presenters import tournament_data
from tournaments.services import do_drop

pytestmark = pytest.mark.django_db


def _leaver_after_round_one():
    """Five players (four games each); the best rated leaves after round 1, at most one game
    played: under half, whatever happens now."""
    organiser, *players = make_players(6)
    tournament = emu_round_robin(organiser, players)
    leaver = current_tables(tournament)[0].game.seats.order_by("position")[0].user  # seated in round 1
    Entry.objects.filter(tournament=tournament, user=leaver).update(rating=2400)
    do_drop(tournament.pk, leaver)  # "after this round": they play round 1's game
    finish_round(tournament)
    assert tournament.current_round == 2
    return tournament, Entry.objects.get(tournament=tournament, user=leaver).pk


def test_an_annulled_leaver_is_listed_below_everyone_still_playing():
    tournament, leaver = _leaver_after_round_one()
    standings = tournament_data(tournament)["standings"]
    assert [row["entry"] for row in standings][-1] == leaver
    row = next(row for row in standings if row["entry"] == leaver)
    assert row["points"] == 0 and row["dropped"]


def test_an_annulled_leaver_takes_the_last_final_place():
    tournament, leaver = _leaver_after_round_one()
    while tournament.status == tournament.Status.RUNNING:
        for table in current_tables(tournament):
            play_out(table.game)
        finish_round(tournament)
    places = dict(Entry.objects.filter(tournament=tournament).values_list("pk", "final_place"))
    others = [place for entry, place in places.items() if entry != leaver]
    assert places[leaver] > max(others), places
