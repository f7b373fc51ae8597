"""A round robin's scheduled round that drops emptied is passed over, and the page says so. A
4-round event that plays 3 rounds does not read "4 rounds" without a word of the round that
never came."""

from __future__ import annotations

import pytest

from tests.tournaments.helpers import current_tables, make_players, register_and_start
from tests.tournaments.whole_events.test_every_event_finishes import settle
from tournaments.models import Round, Tournament
from tournaments.services import do_advance_round, do_create_tournament, do_drop

pytestmark = pytest.mark.django_db


def _three_with_round_two_emptied(organiser) -> Tournament:
    """Three players at 2-player tables (three scheduled rounds, one rest each); after round 1
    the player resting in round 3 drops, so round 2 (their only table) is passed over."""
    tournament = do_create_tournament(
        organiser, "RR", "cubirds", "round_robin", seats_preferred=2, seats_min=2, seats_max=2, place_points=[1, 0]
    )
    tournament = register_and_start(tournament, make_players(3))
    user_of = {entry.pk: entry.user for entry in tournament.entries.select_related("user")}
    (_last_table,), (rester,) = tournament.schedule[2]
    for table in current_tables(tournament):
        settle(table.game, dict.fromkeys([seat.user for seat in table.game.seats.all()], 1))
    do_drop(tournament.pk, organiser, user_of[rester])
    do_advance_round(tournament.pk)
    tournament.refresh_from_db()
    return tournament


def test_a_round_passed_over_in_the_middle_is_said_while_the_event_runs_and_after(client):
    organiser = make_players(1, "org")[0]
    tournament = _three_with_round_two_emptied(organiser)
    assert tournament.current_round == 2 and len(tournament.schedule) == 3
    page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert 'id="passed-over"' in page
    assert "1 of the schedule's 3 rounds was passed over" in page
    for table in current_tables(tournament):
        settle(table.game, dict.fromkeys([seat.user for seat in table.game.seats.all()], 1))
    do_advance_round(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert Round.objects.filter(tournament=tournament).count() == 2
    page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert "1 of the schedule's 3 rounds was passed over" in page


def test_a_round_robin_that_passed_no_round_over_says_nothing_of_it(client):
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "RR", "cubirds", "round_robin", seats_preferred=2, seats_min=2, seats_max=2, place_points=[1, 0]
    )
    tournament = register_and_start(tournament, make_players(3))
    for table in current_tables(tournament):
        settle(table.game, dict.fromkeys([seat.user for seat in table.game.seats.all()], 1))
    do_advance_round(tournament.pk)
    assert 'id="passed-over"' not in client.get(f"/tournaments/{tournament.pk}/").content.decode()


def test_the_passed_over_words_read_in_italian(client):
    organiser = make_players(1, "org")[0]
    tournament = _three_with_round_two_emptied(organiser)
    page = client.get(f"/tournaments/{tournament.pk}/", HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert 'id="passed-over"' in page and "was passed over" not in page
