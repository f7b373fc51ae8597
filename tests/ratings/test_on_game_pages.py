"""Once a game is over, its pages show each player's rating and its change; the games player page links the ratings."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.ratings.conftest import finished_game
from tournaments.ratings.models import RatingChange
from tournaments.ratings.services import do_rate_game

pytestmark = pytest.mark.django_db


def notes(html: str) -> list[str]:
    """The seat notes as a reader sees them: "1520 +20"."""
    found = re.findall(r'<span class="seat-note"[^>]*>(.*?)</span></span>', html, re.S)
    return [
        " ".join(re.sub(r"<[^>]+>", " ", re.sub(r'<span class="visually-hidden">.*?</span>', "", n)).split())
        for n in found
    ]


def rated_game(people, minutes=0):
    alice, bob = people[:2]
    game = finished_game([(alice, 1), (bob, 2)], minutes=minutes)
    do_rate_game(game.pk)
    return game


def test_the_table_of_a_finished_game_shows_each_rating_after_it_and_the_change(client, people):
    game = rated_game(people)
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert notes(html) == ["1520 +20", "1480 -20"]
    assert 'class="change up"' in html and 'class="change down"' in html


def test_the_history_list_and_the_players_games_show_the_changes(client, people):
    first = rated_game(people, minutes=0)
    second = rated_game(people, minutes=1)
    assert RatingChange.objects.filter(game=second).count() == 2
    history = client.get("/games/history/").content.decode()
    # Newest first. The same two players again within 30 days: their second game counts half.
    assert notes(history) == ["1529 +9", "1471 -9", "1520 +20", "1480 -20"]
    mine = client.get("/games/players/bob/").content.decode()
    assert "1471 -9" in notes(mine) and "1480 -20" in notes(mine)
    assert first.pk != second.pk


def test_an_unrated_game_shows_no_rating(client, people):
    alice, bob = people[:2]
    game = finished_game([(alice, 1), (bob, 2)], rated=False)
    do_rate_game(game.pk)
    assert notes(client.get(f"/games/{game.pk}/").content.decode()) == []


def test_the_history_list_costs_the_same_queries_for_more_rated_games(client, people):
    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get("/games/history/").status_code == 200
        return len(captured)

    rated_game(people, minutes=0)
    few = queries()
    for minute in range(1, 6):
        rated_game(people, minutes=minute)
    assert queries() == few


def test_the_games_player_page_shows_ratings_and_links_to_the_rating_history(client, people):
    rated_game(people)
    html = client.get("/games/players/alice/").content.decode()
    assert 'id="ratings"' in html
    assert "<strong>1520</strong>" in html
    assert 'href="/ratings/players/alice/"' in html
    assert 'id="ratings"' not in client.get("/games/players/carol/").content.decode()  # no rated game yet


def test_the_change_shown_is_the_difference_of_the_two_whole_ratings_as_the_mail_gives_it(client, people):
    # The game-over mail says "1519 → 1539 (+20)", so the table does not say "1539 +19", the
    # change (19.4) rounded on its own.
    game = rated_game(people)
    alice = people[0]
    RatingChange.objects.filter(game=game, player=alice).update(before=1519.3, after=1538.7, delta=19.4)
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert notes(html)[0] == "1539 +20"
    from games.bymail.game_over_ratings import rating_rows

    recipe = {"ratings": [[alice.pk, 1, 1519.3, 1538.7, True]]}
    (row,) = rating_rows(list(game.seats.select_related("user__profile")), recipe)
    assert (row["before"], row["after"]) == (1519, 1539)


def test_a_half_point_rounds_up_on_the_table_as_in_the_mail(client, people):
    game = rated_game(people)
    RatingChange.objects.filter(game=game, player=people[0]).update(before=1500.0, after=1516.5, delta=16.5)
    assert notes(client.get(f"/games/{game.pk}/").content.decode())[0] == "1517 +17"
