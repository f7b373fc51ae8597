"""Tournament pages read the list of games when they are shown, not when first imported.

Tests register a toy engine for their own duration; a page module first imported during such
a test kept it for the rest of the run, and the tournament form then failed on it (500).
"""

import pytest

import games.engines as engines
import tournaments.pages.views_tournaments  # noqa: F401 - imported before any test changes the registry, as a site does
from tests.conftest import make_user
from tournaments.pages.forms import TournamentForm
from tournaments.services import do_create_tournament

pytestmark = pytest.mark.django_db


def test_the_tournament_form_offers_the_games_registered_when_it_is_built(monkeypatch):
    monkeypatch.setattr(engines, "ENGINE_NAMES", ("wizard", "cubirds"))
    form = TournamentForm()
    assert [name for name, _title in form.fields["engine"].choices] == ["wizard", "cubirds"]
    assert [engine for engine, _title, _fields in form.option_groups] == ["wizard", "cubirds"]


def test_the_tournament_list_filters_by_the_games_registered_when_it_is_shown(client, monkeypatch):
    organiser = make_user("organiser")
    do_create_tournament(organiser, "Birds", "cubirds", "swiss", rounds=1)
    do_create_tournament(organiser, "Tricks", "wizard", "swiss", rounds=1)
    monkeypatch.setattr(engines, "ENGINE_NAMES", ("wizard",))
    client.force_login(make_user("reader"))
    response = client.get("/tournaments/", {"game": "cubirds"})
    assert response.status_code == 200
    assert [name for name, _title in response.context["engines"]] == ["wizard"]
    # CuBirds is not a game here now: the filter is ignored and the list shows both.
    assert sorted(t.name for t in response.context["open"]) == ["Birds", "Tricks"]
