"""The inputs issue 26 found answering 500 now get a clear 4xx (on PostgreSQL, where NUL bytes fail)."""

from __future__ import annotations

import base64

import pytest
from django.urls import reverse

from games.api.models import ApiToken
from tests.conftest import make_user
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

HUGE = "9" * 25


@pytest.fixture
def player(client):
    user = make_user("ann")
    client.force_login(user)
    return user


@pytest.mark.parametrize("action", ["leave", "drop"])
def test_leaving_or_dropping_out_of_no_tournament_answers_404(client, player, action):
    response = client.post(f"/tournaments/99999/{action}/")
    assert response.status_code == 404


def test_a_25_digit_leaderboard_page_answers_a_page(client):
    response = client.get(reverse("ratings:leaderboard", args=["wizard"]), {"page": HUGE})
    assert response.status_code == 200


@pytest.mark.parametrize("page", [HUGE, "-" + HUGE, "1e9", "x"])
def test_a_bad_leaderboard_page_in_the_api_answers_400_in_json(client, page):
    _row, token = ApiToken.issue(make_user("ben"), "bot")
    response = client.get("/api/v1/ratings/wizard", {"page": page}, HTTP_AUTHORIZATION=f"Bearer {token}")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_filter"


def test_a_capacity_beyond_a_database_integer_is_refused_by_the_form(client, player):
    response = client.post(
        reverse("tournaments:create"),
        {
            "name": "Big",
            "engine": "wizard",
            "format": "swiss",
            "seats_preferred": 3,
            "seats_min": 3,
            "seats_max": 3,
            "rounds": 2,
            "top_cut": 0,
            "capacity": 2147483648,
            "phase_hours": 48,
        },
    )
    assert response.status_code == 200
    assert "Ensure this value is less than or equal to" in response.content.decode()
    assert not Tournament.objects.exists()


@pytest.mark.parametrize(
    "url",
    [
        "/ratings/players/a%00b/",
        "/games/players/a%00b/",
        "/tournaments/players/a%00b/",
        "/api/v1/players/a%00b/ratings",
        "/games/rules/a%00b/",
        "/mail/act/a%00b/",
        "/accounts/login-link/a%00b/token/",
        "/games/history/?player=a%00b",
        "/ratings/wizard/?page=1%00",
        "/ratings/players/ann/?vs=a%00b",
    ],
)
def test_a_nul_byte_in_a_path_or_query_answers_400(client, player, url):
    response = client.get(url, HTTP_AUTHORIZATION="Bearer x")
    assert response.status_code == 400
    assert "NUL" in response.content.decode()


def test_a_nul_byte_in_the_api_answers_400_in_json(client):
    response = client.get("/api/v1/players/a%00b/ratings")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "malformed"


@pytest.mark.parametrize(
    ("url", "data"),
    [
        ("/accounts/login/", {"username": "a\x00b", "password": "x"}),
        ("/accounts/login-link/", {"email": "a\x00b@example.org"}),
        ("/games/history/", {"player": "a\x00"}),
    ],
)
def test_a_nul_byte_in_a_form_field_answers_400(client, url, data):
    response = client.post(url, data)
    assert response.status_code == 400


def test_an_organiser_naming_a_player_with_a_nul_byte_gets_400(client, player):
    from tournaments.services import do_create_tournament

    tournament = do_create_tournament(player, "Cup", "emu_ranchers", "single")
    response = client.post(reverse("tournaments:organise", args=[tournament.pk, "disqualify"]), {"username": "ann\x00"})
    assert response.status_code == 400


def _anymail_paths() -> list[str]:
    import anymail.urls

    paths = []
    for pattern in anymail.urls.urlpatterns:
        route = str(pattern.pattern).strip("^$").replace("(_mime)?", "")
        paths.append("/anymail/" + route)
    return paths


BODIES = [
    ("{}", "application/json"),
    ("[1]", "application/json"),
    ("junk", "text/plain"),
    ("a=1", "application/x-www-form-urlencoded"),
]


@pytest.mark.parametrize("path", _anymail_paths())
def test_no_provider_webhook_answers_500_once_the_secret_is_set(client, settings, path):
    settings.ANYMAIL = {"WEBHOOK_SECRET": "hook:secret"}
    client.raise_request_exception = False
    auth = "Basic " + base64.b64encode(b"hook:secret").decode()
    statuses = [client.get(path, HTTP_AUTHORIZATION=auth).status_code]
    for body, content_type in BODIES:
        statuses.append(client.post(path, body, content_type=content_type, HTTP_AUTHORIZATION=auth).status_code)
    assert max(statuses) < 500, statuses
