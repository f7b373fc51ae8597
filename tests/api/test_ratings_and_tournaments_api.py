"""Ratings, leaderboards and tournaments through the token API, as documented in the OpenAPI document."""

import pytest

from games.api.openapi import document
from tests.api.conftest import Api, api_for
from tests.ratings.conftest import finished_game
from tournaments.ratings.services import do_rate_game
from tournaments.services import do_create_tournament, do_register

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated(players, settings):
    settings.LEADERBOARD_MIN_GAMES = settings.LEADERBOARD_MIN_OPPONENTS = 1
    settings.LEADERBOARD_ACTIVE_DAYS = 100_000  # the fixture's games finished on 2026-01-01
    alice, bob, carol = players
    for minute, ranks in enumerate([[(alice, 1), (bob, 2)], [(alice, 1), (bob, 2), (carol, 3)]]):
        do_rate_game(finished_game(ranks, minutes=minute).pk)
    return players


def test_a_leaderboard_page_lists_players_best_first_with_their_places(rated):
    answer = api_for(rated[0]).get("/ratings/wizard").json()
    # Bob, established by his first game (the limits are 1 and 1 here), gained nothing for
    # finishing above Carol, new in the second (elo.counts_for): she stands above him.
    assert [(row["position"], row["username"]) for row in answer["rows"]] == [(1, "alice"), (2, "carol"), (3, "bob")]
    assert [row["rating"] for row in answer["rows"]] == sorted((row["rating"] for row in answer["rows"]), reverse=True)
    assert answer["page"] == 1 and answer["has_next"] is False
    assert answer["rows"][0]["rating"] > 1500 and answer["rows"][0]["games"] == 2


def test_a_players_ratings_and_history_come_oldest_first_with_before_after_and_change(rated):
    api = api_for(rated[1])
    ratings = api.get("/players/alice/ratings").json()["ratings"]
    assert [(r["pool"], r["position"], r["games"], r["wins"]) for r in ratings] == [("wizard", 1, 2, 2)]
    changes = api.get("/players/alice/ratings/wizard").json()["changes"]
    assert [round(c["before"]) for c in changes] == [1500, 1520]
    assert changes[0]["after"] == pytest.approx(changes[1]["before"])
    assert changes[0]["delta"] == pytest.approx(20)


@pytest.mark.parametrize(
    ("path", "status", "code"),
    [
        ("/ratings/chess", 404, "not_found"),
        ("/ratings/wizard?page=0", 400, "bad_filter"),
        ("/ratings/wizard?page=x", 400, "bad_filter"),
        ("/players/nobody/ratings", 404, "not_found"),
        ("/players/alice/ratings/chess", 404, "not_found"),
        ("/tournaments/999999", 404, "not_found"),
    ],
)
def test_bad_requests_get_a_clear_error(rated, path, status, code):
    base, _, query = path.partition("?")
    params = dict([query.split("=")]) if query else {}
    response = api_for(rated[0]).get(base, **params)
    assert response.status_code == status
    assert response.json()["error"]["code"] == code
    assert response.json()["error"]["message"]


def test_without_a_token_nothing_is_shown(rated):
    response = Api(None).get("/ratings/wizard")
    assert response.status_code == 401
    assert "rows" not in response.json()


def test_tournaments_are_listed_and_shown_with_their_entrants(players):
    alice, bob, carol = players
    cup = do_create_tournament(alice, "Wizard Cup", "wizard", "swiss", rounds=3)
    for user in (bob, carol):
        do_register(cup.pk, user)
    api = api_for(bob)
    listed = api.get("/tournaments").json()["tournaments"]
    assert [(t["id"], t["name"], t["entrants"], t["status"]) for t in listed] == [
        (cup.pk, "Wizard Cup", 2, "registration")
    ]
    detail = api.get(f"/tournaments/{cup.pk}").json()
    assert detail["format"] == "swiss" and detail["pairings"] == []


def test_the_openapi_document_describes_the_ratings_and_tournaments_paths():
    paths = document()["paths"]
    for path in (
        "/ratings/{pool}",
        "/players/{username}/ratings",
        "/players/{username}/ratings/{pool}",
        "/tournaments",
        "/tournaments/{tournament_id}",
    ):
        assert "get" in paths[path], path


def test_a_private_game_s_date_and_count_are_not_told_to_those_who_may_not_see_it(rated):
    # #68: /players/<u>/ratings showed last_game_at = the finish of the player's last private
    # game, and counted it in games and wins, to anyone.
    from games.models import Game
    from tests.conftest import make_user

    alice, bob, _carol = rated
    private = finished_game([(alice, 1), (bob, 2)], minutes=60)
    Game.objects.filter(pk=private.pk).update(visibility=Game.Visibility.PRIVATE)
    do_rate_game(private.pk)
    stranger = api_for(make_user("eve")).get("/players/alice/ratings").json()["ratings"][0]
    own = api_for(alice).get("/players/alice/ratings").json()["ratings"][0]
    fellow = api_for(bob).get("/players/alice/ratings").json()["ratings"][0]
    assert (own["games"], own["wins"]) == (3, 3) and (fellow["games"], fellow["wins"]) == (3, 3)
    assert (stranger["games"], stranger["wins"]) == (2, 2)
    assert stranger["last_game_at"] < own["last_game_at"] == fellow["last_game_at"]
