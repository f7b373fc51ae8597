"""A private game's rating changes are shown to its players only: never to a stranger, on no ratings page or API."""

import pytest
from django.urls import reverse

from games.api.models import ApiToken
from games.models import Game
from tests.conftest import make_user
from tests.ratings.conftest import finished_game
from tournaments.ratings.models import RatingChange
from tournaments.ratings.services import do_rate_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def games(people):
    """alice beat bob in an open game, and then again in a private one (both rated)."""
    alice, bob = people[:2]
    public = finished_game([(alice, 1), (bob, 2)], minutes=1)
    private = finished_game([(alice, 1), (bob, 2)], minutes=2)
    Game.objects.filter(pk=private.pk).update(visibility=Game.Visibility.PRIVATE)
    for game in (public, private):
        do_rate_game(game.pk)
    return public, private


def ratings_page(client, viewer, **query) -> str:
    if viewer is not None:
        client.force_login(viewer)
    return client.get(reverse("ratings:player", args=["alice"]), query).content.decode()


def game_link(game) -> str:
    return reverse("games:table", args=[game.pk]) + '"'


@pytest.mark.parametrize("stranger", ["carol", None])
def test_a_stranger_sees_nothing_of_a_private_game_on_the_ratings_page(client, people, games, stranger):
    public, private = games
    page = ratings_page(client, next((p for p in people if p.username == stranger), None))
    assert game_link(public) in page
    assert game_link(private) not in page


def test_a_stranger_counts_only_open_games_head_to_head(client, people, games):
    page = ratings_page(client, people[2], vs="bob")
    assert "1 game together, ahead 1, behind 0" in page


@pytest.mark.parametrize("player", [0, 1])
def test_the_players_of_a_private_game_see_it(client, people, games, player):
    public, private = games
    page = ratings_page(client, people[player])
    assert game_link(public) in page and game_link(private) in page
    page = ratings_page(client, people[player], vs="bob")
    assert "2 games together, ahead 2, behind 0" in page


def test_staff_see_every_game(client, people, games):
    page = ratings_page(client, make_user("staff", staff=True), vs="bob")
    assert "2 games together" in page


def api_history(client, viewer) -> list[int]:
    _row, token = ApiToken.issue(viewer, "bot")
    response = client.get("/api/v1/players/alice/ratings/wizard", HTTP_AUTHORIZATION=f"Bearer {token}")
    assert response.status_code == 200
    return [change["game"] for change in response.json()["changes"]]


def test_the_rating_history_api_hides_a_private_game_from_a_stranger(client, people, games):
    public, private = games
    assert api_history(client, people[2]) == [public.pk]
    assert api_history(client, people[1]) == [public.pk, private.pk]


def test_head_to_head_lists_the_games_a_stranger_may_see_with_places_and_changes(client, people, games):
    public, private = games
    page = ratings_page(client, people[2], vs="bob")
    listed = page.split('id="together"', 1)[1].split("</table>", 1)[0]
    assert game_link(public) in listed and game_link(private) not in listed
    alice_delta = RatingChange.objects.get(game=public, player=people[0]).delta
    bob_delta = RatingChange.objects.get(game=public, player=people[1]).delta
    assert alice_delta > 0 > bob_delta
    row = listed.split(f'data-game="{public.pk}"', 1)[1].split("</tr>", 1)[0]
    assert f'1st <span class="change">(+{alice_delta:.1f})' in row
    assert f'2nd <span class="change">({bob_delta:.1f})' in row
    page = ratings_page(client, people[0], vs="bob")
    listed = page.split('id="together"', 1)[1].split("</table>", 1)[0]
    assert game_link(public) in listed and game_link(private) in listed
    assert "2 games together" in page


@pytest.mark.parametrize("stranger", ["carol", None])
def test_a_stranger_is_told_the_rating_counts_private_games_not_listed(client, people, games, stranger):
    # A stranger does not read "1480 · 1 game, 0 won" beside an empty chart and no game listed:
    # the count would hold the private game the page may not show.
    page = " ".join(ratings_page(client, next((p for p in people if p.username == stranger), None)).split())
    assert "2 games, 2 won" in page
    assert "1 of these games was private: it counts for the rating, and only its players see it listed." in page


@pytest.mark.parametrize("player", [0, 1])
def test_the_players_of_a_private_game_are_not_told_it_is_hidden(client, people, games, player):
    page = ratings_page(client, people[player])
    assert "of these games was private" not in page and "of these games were private" not in page


def test_a_rating_whose_every_game_is_private_shows_no_empty_chart_to_a_stranger(client, people):
    alice, bob = people[:2]
    private = finished_game([(alice, 1), (bob, 2)], minutes=1)
    Game.objects.filter(pk=private.pk).update(visibility=Game.Visibility.PRIVATE)
    do_rate_game(private.pk)
    page = ratings_page(client, people[2])
    assert 'class="rating-chart"' not in page
    assert "1 of these games was private" in " ".join(page.split())
