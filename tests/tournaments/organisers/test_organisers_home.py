"""An organiser's home page lists the events they run, and first those waiting for them: not "No
game is waiting for you" on her home page while a mail says her knock-out "neither goes on nor
ends until an organiser decides"."""

import pytest

from tests.conftest import make_user
from tests.tournaments.services.test_a_leaver_is_not_crowned_by_a_table_nobody_played import _semi_finals
from tournaments.models import Tournament
from tournaments.services import do_advance_round, do_create_tournament

pytestmark = pytest.mark.django_db


def test_the_home_page_says_which_event_waits_for_the_organisers_decision(client):
    organiser = make_user("olga", display_name="Olga")
    tournament, _played, _unplayed, _leaver = _semi_finals(organiser)
    assert do_advance_round(tournament.pk) is None
    open_one = do_create_tournament(organiser, "Spring Swiss", "wizard", "swiss", rounds=3)
    client.force_login(organiser)
    response = client.get("/")
    organised = response.context["organised"]
    assert [row["tournament"].pk for row in organised] == [tournament.pk, open_one.pk]
    assert organised[0]["awaiting_decision"] and not organised[1]["awaiting_decision"]
    page = response.content.decode()
    section = page[page.index('id="organised"') :]
    assert f'href="/tournaments/{tournament.pk}/#awaiting-decision"' in section
    assert "waits for your decision on a table nobody played" in section
    assert "Spring Swiss" in section and "open for registration" in section


def test_the_home_page_of_someone_who_organises_nothing_has_no_such_section(client):
    player = make_user("pia")
    client.force_login(player)
    response = client.get("/")
    assert response.context["organised"] == []
    assert 'id="organised"' not in response.content.decode()


def test_finished_and_cancelled_events_are_not_listed(client):
    organiser = make_user("olga")
    done = do_create_tournament(organiser, "Done", "wizard", "swiss", rounds=3)
    Tournament.objects.filter(pk=done.pk).update(status=Tournament.Status.FINISHED)
    client.force_login(organiser)
    assert client.get("/").context["organised"] == []


def test_the_home_page_reads_no_rounds_of_events_that_cannot_wait_for_a_decision(client):
    # A running event does not cost eight queries (its entries and every game of every
    # round), as only a knock-out's round can wait for the organisers' decision.
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tests.tournaments.helpers import make_players, register_and_start

    organiser = make_user("olga")
    client.force_login(organiser)

    def swiss(name):
        tournament = do_create_tournament(organiser, name, "emu_ranchers", "swiss", options={"years": 1}, rounds=3)
        return register_and_start(tournament, make_players(4, name))

    swiss("One")
    with CaptureQueriesContext(connection) as one:
        client.get("/")
    for name in ("Two", "Three", "Four"):
        swiss(name)
    with CaptureQueriesContext(connection) as four:
        response = client.get("/")
    assert len(response.context["organised"]) == 4
    assert len(four.captured_queries) == len(one.captured_queries)
