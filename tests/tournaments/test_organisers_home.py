"""An organiser's home page lists the events they run, and first those waiting for them: a Swiss
organiser's walk-through read "No game is waiting for you" on her home page while a mail said her
knock-out "neither goes on nor ends until an organiser decides"."""

import pytest

from tests.conftest import make_user
from tests.tournaments.test_a_leaver_is_not_crowned_by_a_table_nobody_played import _semi_finals
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
