"""The token owner's mail preferences, vacations and rate limit, read through the API."""

from datetime import timedelta

import pytest

from games.bymail.preferences import EVENTS, do_set_preferences
from games.bymail.vacations import do_book_vacation, local_today
from tests.api.conftest import api_for
from tests.api.test_play_api import assert_error

pytestmark = pytest.mark.django_db


def test_my_mail_preferences_are_read_as_the_page_shows_them(players):
    alice = players[0]
    do_set_preferences(alice, {"reminder": False, "game-over": False}, digest=True)
    answer = api_for(alice).get("/me/mail-preferences").json()
    assert [row["event"] for row in answer["events"]] == list(EVENTS)
    off = {row["event"] for row in answer["events"] if not row["on"]}
    assert off == {"reminder", "game-over"} and answer["digest"] is True
    assert all(row["label"] for row in answer["events"])


def test_my_vacations_and_days_left_are_read(players):
    alice = players[0]
    first = local_today(alice) + timedelta(days=10)
    vacation = do_book_vacation(alice, first, 3)
    answer = api_for(alice).get("/me/vacations").json()
    assert [row["id"] for row in answer["vacations"]] == [vacation.pk]
    assert answer["allowance"] == 30 and answer["year"] == local_today(alice).year
    assert api_for(players[1]).get("/me/vacations").json()["vacations"] == []


def test_they_are_read_only(players):
    response = api_for(players[0]).post("/me/mail-preferences", {"digest": True})
    assert_error(response, 405, "method_not_allowed")


def test_me_tells_the_rate_limit_to_pace_by(players, settings):
    settings.API_RATE_LIMIT, settings.API_RATE_WINDOW_SECONDS = 120, 60
    assert api_for(players[0]).get("/me").json()["rate_limit"] == {"requests": 120, "window_seconds": 60}
