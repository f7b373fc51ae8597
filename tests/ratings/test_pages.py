"""Leaderboards, player pages and the home page's top ten."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests.conftest import make_user
from tests.ratings.conftest import finished_game
from tournaments.ratings import leaderboards
from tournaments.ratings.models import Rating, RatingChange

pytestmark = pytest.mark.django_db


def rated_players(count: int, games: int = 10, days_ago: int = 1, prefix: str = "p", opponents: int = 5) -> list:
    users = [make_user(f"{prefix}{i:03d}", display_name=f"{prefix.upper()}{i:03d}") for i in range(count)]
    when = timezone.now() - timedelta(days=days_ago)
    Rating.objects.bulk_create(
        Rating(
            player=u,
            pool="wizard",
            rating=1500 + i,
            games=games,
            wins=1,
            opponents=opponents,
            provisional=True,
            peak=1500 + i,
            last_game_at=when,
        )
        for i, u in enumerate(users)
    )
    return users


def test_the_leaderboard_lists_only_players_with_enough_recent_games_against_enough_people(client):
    listed = rated_players(2, prefix="ok")
    rated_players(1, games=9, prefix="few")
    rated_players(1, days_ago=91, prefix="old")
    rated_players(1, games=40, opponents=4, prefix="same")  # many games, but always the same few people
    page = client.get("/ratings/wizard/").content.decode()
    assert "OK000" in page and "OK001" in page
    assert "FEW000" not in page and "OLD000" not in page and "SAME000" not in page
    assert page.index("OK001") < page.index("OK000")  # higher rating first
    assert leaderboards.position(Rating.objects.get(player=listed[1])) == 1


def test_the_leaderboard_is_paginated_and_my_position_finds_my_row(client):
    users = rated_players(leaderboards.PAGE_SIZE + 5)
    me = users[0]  # the lowest rating: last place, on page 2
    client.force_login(me)
    response = client.get("/ratings/wizard/?me=1")
    assert response.status_code == 302 and response["Location"].endswith("?page=2#me")
    page = client.get("/ratings/wizard/?page=2").content.decode()
    assert 'id="me"' in page and "P000" in page and 'rel="prev"' in page and 'rel="next"' not in page
    first = client.get("/ratings/wizard/").content.decode()
    assert 'rel="next"' in first and ">P000</a></td>" not in first


def test_my_position_when_not_listed_says_so(client):
    me = make_user("newbie")
    client.force_login(me)
    page = client.get("/ratings/wizard/?me=1").content.decode()
    assert me and "not on this leaderboard yet" in page
    assert "at least 10 rated games against 5 different established players, one of them in the last 90 days" in page


def test_an_empty_leaderboard_says_who_it_will_list(client, db):
    # A newcomer's demo site has rated games but nobody listed yet: the page says why, to anyone.
    page = client.get("/ratings/wizard/").content.decode()
    assert "Nobody is listed yet: the leaderboard lists players with at least 10 rated games" in page
    assert "against 5 different established players, one of them in the last 90 days." in page


def test_a_new_sites_empty_leaderboard_says_its_first_players_establish_each_other(client, db):
    # Session 38's note: a brand-new site's empty board asked for games against "established
    # players" when nobody could be one; until enough are, every opponent counts (fair_play.founding).
    first = (
        "Until 5 players are established, every rated opponent whose account is at least 7 days old counts: "
        "the first players establish each other."
    )
    assert first in client.get("/ratings/wizard/").content.decode()
    rated_players(5, prefix="est")
    client.force_login(make_user("newbie"))
    assert first not in client.get("/ratings/wizard/?me=1").content.decode()
    assert first not in client.get("/ratings/wizard/").content.decode()


def test_an_unknown_pool_is_not_found(client):
    assert client.get("/ratings/chess/").status_code == 404


def test_leaderboard_queries_do_not_grow_with_players(client, django_assert_max_num_queries):
    rated_players(3, prefix="a")
    with CaptureQueriesContext(connection) as few:
        client.get("/ratings/wizard/")
    rated_players(120, prefix="b")
    with CaptureQueriesContext(connection) as many:
        client.get("/ratings/wizard/?page=2")
    # Six, and one for the list of the games the two played together.
    assert len(many) == len(few) <= 7


def test_the_player_page_shows_ratings_chart_history_and_head_to_head(client, people, settings):
    settings.LEADERBOARD_MIN_GAMES, settings.LEADERBOARD_MIN_OPPONENTS = 6, 2
    alice, bob, carol = people[:3]
    from tournaments.ratings.services import do_rate_game

    for minute in range(6):
        do_rate_game(finished_game([(alice, 1), (bob, 2), (carol, 3)], minutes=minute).pk)
    Rating.objects.update(last_game_at=timezone.now())
    page = client.get("/ratings/players/alice/?vs=bob").content.decode()
    assert "<svg" in page and "rating-chart" in page
    assert "#1 on the leaderboard" in page
    assert "6 games, 6 won (100%)" in page
    assert page.count('class="history rating-history"') == 1
    assert "6 games together, ahead 6, behind 0" in page
    last = RatingChange.objects.filter(player=alice).order_by("-finished_at").first()
    assert f"+{last.delta:.1f}" in page


def test_head_to_head_with_an_unknown_player_says_so(client, people):
    page = client.get("/ratings/players/alice/?vs=nobody").content.decode()
    assert "There is no player with that username." in page


def test_player_page_queries_do_not_grow_with_games(client, people):
    from tournaments.ratings.services import do_rate_game

    alice, bob = people[:2]
    do_rate_game(finished_game([(alice, 1), (bob, 2)]).pk)
    with CaptureQueriesContext(connection) as few:
        client.get("/ratings/players/alice/?vs=bob")
    for minute in range(1, 30):
        do_rate_game(finished_game([(alice, 1), (bob, 2)], engine=["wizard", "cubirds"][minute % 2], minutes=minute).pk)
    with CaptureQueriesContext(connection) as many:
        client.get("/ratings/players/alice/?vs=bob")
    # Six: the tally per game is counted from the list of the games the two played together.
    assert len(many) == len(few) <= 6


def test_head_to_head_past_the_listed_games_is_counted_in_full(client, people, monkeypatch):
    # Past the list's length the tally is the database's: every game together, not the listed.
    import tournaments.pages.views_ratings
    from tournaments.ratings.services import do_rate_game

    monkeypatch.setattr(tournaments.pages.views_ratings, "HEAD_TO_HEAD_GAMES", 3)
    alice, bob = people[:2]
    for minute in range(5):
        ranks = [(alice, 1), (bob, 2)] if minute != 2 else [(alice, 2), (bob, 1)]
        do_rate_game(finished_game(ranks, minutes=minute).pk)
    page = client.get("/ratings/players/alice/?vs=bob").content.decode()
    assert "5 games together, ahead 4, behind 1" in page
    assert page.split('id="together"', 1)[1].split("</table>", 1)[0].count("data-game=") == 3
    monkeypatch.setattr(tournaments.pages.views_ratings, "HEAD_TO_HEAD_GAMES", 50)
    assert "5 games together, ahead 4, behind 1" in client.get("/ratings/players/alice/?vs=bob").content.decode()


def test_the_home_page_shows_a_top_ten_per_game(client):
    rated_players(12)
    page = client.get("/").content.decode()
    assert "P011" in page and "P002" in page and "P001<" not in page


def test_the_player_page_counts_one_game_in_the_singular_and_heads_its_change_column_as_a_noun(client, people):
    # In Spanish, not "1 partidas, 0 ganadas", nor a column headed "Cambiar" ("to change"), the
    # language button's verb, over the rating changes.
    from django.test import Client

    from tournaments.ratings.services import do_rate_game

    alice, bob = people[:2]
    do_rate_game(finished_game([(alice, 1), (bob, 2)]).pk)
    page = client.get("/ratings/players/bob/").content.decode()
    assert "1 game, 0 won (0%)" in page and "1 games" not in page
    for language, noun, verb in [
        ("es", "Cambio", "Cambiar"),
        ("it", "Variazione", "Cambia"),
        ("nl", "Verschil", "Wijzigen"),
    ]:
        html = Client(headers={"accept-language": language}).get("/ratings/players/bob/").content.decode()
        recent = html.split('id="recent"')[1].split("</thead>")[0]
        assert f"<th>{noun}</th>" in recent and verb not in recent, (language, recent)


def test_the_ratings_address_itself_opens_a_leaderboard_not_a_404(client):
    # The leaderboard's address trimmed to /ratings/.
    answer = client.get("/ratings/")
    assert answer.status_code == 302 and answer["Location"] == "/ratings/wildcards/"
    assert client.get(answer["Location"]).status_code == 200


def test_a_page_past_the_end_of_the_leaderboard_says_so_rather_than_that_nobody_is_listed(client):
    # Page 2 of a leaderboard of six does not say "Nobody is listed yet".
    rated_players(3)
    page = client.get("/ratings/wizard/?page=2").content.decode()
    assert "Nobody is listed yet" not in page
    assert "This page is past the end of the leaderboard." in page and 'href="?page=1"' in page


def test_comparing_a_player_with_themselves_is_refused_with_a_word(client, people):
    page = client.get("/ratings/players/alice/?vs=alice").content.decode()
    assert "Choose another player to compare with." in page
    assert "games together" not in page


def test_each_rating_change_in_the_history_carries_its_sign(client, people, settings):
    settings.LEADERBOARD_MIN_GAMES, settings.LEADERBOARD_MIN_OPPONENTS = 1, 1
    alice, bob = people[:2]
    from tournaments.ratings.services import do_rate_game

    do_rate_game(finished_game([(alice, 1), (bob, 2)]).pk)
    gain = RatingChange.objects.get(player=alice).delta
    loss = RatingChange.objects.get(player=bob).delta
    history = client.get("/ratings/players/alice/").content.decode().split('class="history rating-history"')[1]
    assert f"<td>+{gain:.1f}</td>" in history.split("</table>")[0]
    history = client.get("/ratings/players/bob/").content.decode().split('class="history rating-history"')[1]
    assert f"<td>{loss:.1f}</td>" in history.split("</table>")[0] and loss < 0


def test_a_change_that_rounds_to_nothing_reads_the_same_either_way():
    # Not "+0.0" for a gain of 0.04 and "0.0" for a loss of 0.04.
    from django.template import Context, Template

    template = Template("{% load wording %}{{ a|signed }} {{ b|signed }} {{ c|signed }} {{ d|signed }}")
    assert template.render(Context({"a": 0.04, "b": -0.04, "c": 24.66, "d": -3.0})) == "0.0 0.0 +24.7 -3.0"


def test_the_leaderboard_says_under_its_table_what_the_question_mark_of_a_provisional_rating_means(client):
    # The "?" after a rating is explained not only by a hover title, which no phone shows.
    rated_players(2, prefix="new")
    page = client.get("/ratings/wizard/").content.decode()
    assert '<p class="help" id="provisional-note">?: a provisional rating, from fewer than 20 rated games' in page
    Rating.objects.update(provisional=False)
    assert 'id="provisional-note"' not in client.get("/ratings/wizard/").content.decode()
