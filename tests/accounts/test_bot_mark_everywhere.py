"""Every place a person is listed shows the bot mark for a bot account, and none for a person."""

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from games.models import Game
from games.presenters.seat_names import SeatNames
from games.services.lobby import do_create_game, do_join
from tests.api.conftest import api_for
from tests.conftest import make_user
from tests.ratings.conftest import finished_game
from tests.tournaments.helpers import start
from tournaments.models import Tournament
from tournaments.ratings.models import Rating
from tournaments.services import do_create_tournament, do_register
from wildcards_site.accounts.bot_accounts import do_become_bot_account

pytestmark = pytest.mark.django_db

MARK = r'\s*<span class="bot-account"'


def marked(html: str, name: str) -> bool:
    """Whether `name` (as a link's text or plain) is followed by the bot mark."""
    return re.search(re.escape(name) + r"(</a>)?" + MARK, html) is not None


@pytest.fixture
def robo(db):
    user = make_user("robo", display_name="Robo")
    do_become_bot_account(user)
    return user


@pytest.fixture
def person(db):
    return make_user("alice", display_name="Alice")


def bot_cup(robo, person) -> tuple:
    """A two-round Swiss that takes bot accounts, Robo and Alice entered; (tournament, organiser)."""
    organiser = make_user("org")
    tournament = do_create_tournament(
        organiser, "Bot Cup", "emu_ranchers", "swiss", seats_preferred=2, seats_min=2, seats_max=2, rounds=2
    )
    Tournament.objects.filter(pk=tournament.pk).update(allow_bot_accounts=True)
    do_register(tournament.pk, robo)
    do_register(tournament.pk, person)
    return tournament, organiser


def page(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def test_the_lobby_marks_a_bot_account_that_created_a_game(client, robo, person):
    do_create_game(robo, "wizard", 3)
    do_create_game(person, "wizard", 3)
    html = page(client, reverse("games:lobby"))
    assert marked(html, "created by Robo") and not marked(html, "created by Alice")


def test_the_table_and_the_player_pages_mark_a_bot_account(client, robo, person):
    game = do_create_game(person, "emu_ranchers", 2)
    do_join(game.pk, robo)
    client.force_login(person)
    html = page(client, reverse("games:table", args=[game.pk]))
    assert marked(html, "Robo") and not marked(html, "Alice")
    assert marked(page(client, reverse("games:player", args=["robo"])), "<h1>Robo")
    assert not marked(page(client, reverse("games:player", args=["alice"])), "<h1>Alice")
    assert marked(page(client, reverse("ratings:player", args=["robo"])), "<h1>Robo")
    assert not marked(page(client, reverse("ratings:player", args=["alice"])), "<h1>Alice")


def test_the_history_list_marks_a_bot_account(client, robo, person):
    finished_game([(person, 1), (robo, 2), (None, 3)], rated=False)
    html = page(client, reverse("games:history"))
    assert marked(html, "Robo") and not marked(html, "Alice")


def test_the_entrants_and_standings_mark_a_bot_account(client, robo, person):
    tournament, organiser = bot_cup(robo, person)
    html = page(client, reverse("tournaments:detail", args=[tournament.pk]))
    assert marked(html, "Robo") and not marked(html, "Alice")
    start(tournament, organiser)
    html = page(client, reverse("tournaments:detail", args=[tournament.pk]))
    assert len(re.findall("Robo(</a>)?" + MARK, html)) >= 3  # entrants, the round's table, the standings
    assert not marked(html, "Alice")
    detail = api_for(person).get(f"/tournaments/{tournament.pk}").json()
    assert {row["name"]: row["bot_account"] for row in detail["standings"]} == {"Robo": True, "Alice": False}
    players = detail["pairings"][0]["tables"][0]["players"]
    assert {player["name"]: player["bot_account"] for player in players} == {"Robo": True, "Alice": False}


def test_the_organisers_choices_mark_a_bot_account(client, robo, person):
    tournament, organiser = bot_cup(robo, person)
    start(tournament, organiser)
    client.force_login(organiser)
    html = page(client, reverse("tournaments:detail", args=[tournament.pk]))
    for form in ("drop-player", "disqualify-player"):
        options = re.findall(
            r"<option value=\"\w+\">([^<]*)</option>", html.split(f'id="{form}"')[1].split("</form>")[0]
        )
        assert sorted(options) == ["Alice (alice)", "Robo (robo) · bot account"], form
    # The form that sets a table's places names its players as the table does.
    assert marked(html.split('id="adjudicate', 1)[1], "Robo")


def test_the_leaderboards_mark_bot_accounts_and_list_them_apart(client, robo, person):
    for user in (robo, person):
        Rating.objects.create(
            player=user, pool="wizard", rating=1600, games=50, opponents=20, peak=1600, last_game_at=timezone.now()
        )
    people = page(client, reverse("ratings:leaderboard", args=["wizard"]))
    bots = page(client, reverse("ratings:leaderboard", args=["wizard"]) + "?bots=1")
    assert "Alice</a>" in people and "Robo</a>" not in people
    assert marked(bots, "Robo") and "Alice</a>" not in bots
    rows = api_for(person).get("/ratings/wizard", bots="1").json()["rows"]
    assert [(row["username"], row["bot_account"]) for row in rows] == [("robo", True)]
    rows = api_for(person).get("/ratings/wizard").json()["rows"]
    assert [(row["username"], row["bot_account"]) for row in rows] == [("alice", False)]


def test_mails_and_move_logs_name_a_bot_account_as_one(robo, person):
    game = do_create_game(person, "emu_ranchers", 2)
    do_join(game.pk, robo)
    seats = list(Game.objects.get(pk=game.pk).seats.select_related("user__profile"))
    labels = {seat.user.username: seat.label for seat in seats}
    assert labels == {"robo": "Robo · bot account", "alice": "Alice"}
    assert sorted(SeatNames(seats).values()) == ["Alice", "Robo · bot account"]


def test_api_answers_mark_a_bot_account_beside_the_sites_bot_seats(robo, person):
    game = do_create_game(person, "wizard", 3, bots=1)
    do_join(game.pk, robo)
    players = api_for(person).get(f"/games/{game.pk}").json()["players"]
    marks = {(player["name"], player["is_bot"], player["bot_account"]) for player in players}
    assert marks == {("Alice", False, False), ("Robo", False, True), ("Bot 1", True, False)}
    assert api_for(robo).get("/me").json()["bot_account"] is True
    assert api_for(person).get("/me").json()["bot_account"] is False


def test_table_talk_and_invitations_mark_a_bot_account(client, robo, person):
    from games.services import do_invite
    from games.services.talk import do_say

    game = do_create_game(robo, "cubirds", 2, visibility=Game.Visibility.PRIVATE)
    do_invite(game.pk, robo, "alice")
    client.force_login(person)
    lobby = page(client, reverse("games:lobby"))
    assert "Robo · bot account invites you" in lobby
    do_join(game.pk, person, token=game.invitations.get().token)
    do_say(game.pk, robo, "good game")
    do_say(game.pk, person, "thanks")
    table = page(client, reverse("games:table", args=[game.pk]))
    talk = table.split('id="talk"')[1].split("</section>")[0]
    assert re.search(r'talk-who">Robo' + MARK, talk) and not re.search(r'talk-who">Alice' + MARK, talk)


def test_the_standings_file_names_a_bot_account_as_one(client, robo, person):
    tournament, organiser = bot_cup(robo, person)
    start(tournament, organiser)
    client.force_login(organiser)
    rows = page(client, reverse("tournaments:standings_csv", args=[tournament.pk])).splitlines()
    names = sorted(row.split(",")[1] for row in rows[1:])
    assert names == ["Alice", "Robo · bot account"]
