"""A game's settings are shown in words: on its table (before the start, where one decides to
join, and in play) and, the rating and the clock at least, in the Games page's lists.

The join page and the table say the edition (it changes how Wild Cards breaks ties), the
variants, whether the game is rated and its time control; the lobby line says more than
"CuBirds #45 · 1 of 2 seats taken, created by newbie"."""

import html
import re

import pytest
from django.urls import reverse

from games.models import Game
from games.services import do_create_game, do_join
from games.services.lobby import TimeControl
from tests.conftest import make_user

pytestmark = pytest.mark.django_db

DAY = 86400


def _settings(client, game) -> str:
    page = client.get(reverse("games:table", args=[game.pk])).content.decode()
    found = re.search(r'<ul class="game-settings" id="settings"[^>]*>(.*?)</ul>', page, re.S)
    assert found, "the table shows no settings"
    return html.unescape(re.sub(r"<[^>]+>", "", found.group(1)))


def _lobby_line(client, game) -> str:
    page = client.get(reverse("games:lobby")).content.decode()
    found = re.search(rf'<p data-game="{game.pk}">(.*?)</p>', page, re.S)
    assert found, "the lobby does not list the game"
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", found.group(1))).split())


@pytest.fixture
def newbie(db):
    return make_user("newbie", display_name="Newbie")


def test_a_wild_cards_table_says_its_edition_rating_and_time_bank(client, newbie):
    bank = TimeControl(clock=Game.Clock.BANK, weekend_pause=True)
    game = do_create_game(
        newbie, "wildcards", 3, {"edition": "2020"}, time_control=bank, timeouts_before_bot=3, rated=False
    )
    client.force_login(make_user("visitor"))
    shown = _settings(client, game)
    assert "Edition: 2020: three phases, ties broken by face-down payments" in shown
    assert "Cards removed with three players: One animal of each species, then 8 at random" in shown
    assert "Not rated" in shown
    assert "Time bank: 10 days, +36 hours a move, at most 10 days" in shown
    assert "Clocks stop at weekends" in shown
    assert "Missed deadlines in a row before a bot takes the seat: 3" in shown
    assert "Leo" not in shown  # an option left off is not listed


def test_the_cards_removed_with_three_players_are_named_only_at_a_table_of_three(client, newbie):
    game = do_create_game(newbie, "wildcards", 4, {})
    client.force_login(newbie)
    shown = _settings(client, game)
    assert "Edition: 2022: four phases, ties broken by the Talisman" in shown
    assert "Cards removed" not in shown


def test_with_leo_the_removal_for_three_follows_the_players_the_game_is_set_up_for(client, newbie):
    # A 3-player game with Leo (set up for four) does not list "Cards removed with three
    # players"; two players and Leo are the table of three it applies to.
    client.force_login(newbie)
    three_and_leo = do_create_game(newbie, "wildcards", 3, {"leo": True})
    assert "Cards removed" not in _settings(client, three_and_leo)
    two_and_leo = do_create_game(newbie, "wildcards", 2, {"leo": True})
    assert "Cards removed with three players" in _settings(client, two_and_leo)


def test_the_running_table_names_the_variants_chosen(client, newbie):
    other = make_user("other")
    game = do_create_game(newbie, "wizard", 3, {"dark_wizard": True, "blind_bids": True})
    do_join(game.pk, other)
    do_join(game.pk, make_user("third"))
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING
    client.force_login(other)
    shown = _settings(client, game)
    assert "Dark Wizard" in shown and "Blind bids" in shown and "Monocolor" not in shown
    assert "Rated" in shown and "Deadline per phase: 2 days" in shown
    assert "Clocks stop" not in shown


def test_emu_ranchers_names_its_years_the_excuse_and_the_pawns(client, newbie):
    options = {"years": 2, "excuse": True, "pawns": True}
    game = do_create_game(newbie, "emu_ranchers", 2, options, time_control=TimeControl(phase_seconds=12 * 3600))
    client.force_login(newbie)
    shown = _settings(client, game)
    assert "Years: 2" in shown and "The Excuse" in shown and "Pawns" in shown and "Courts" not in shown
    assert "Deadline per phase: 12 hours" in shown


def test_the_lobby_line_says_whether_a_game_is_rated_and_its_clock(client, newbie):
    rated = do_create_game(newbie, "cubirds", 2, {})
    casual = do_create_game(newbie, "cubirds", 2, {}, rated=False, time_control=TimeControl(phase_seconds=DAY))
    line = _lobby_line(client, rated)
    assert line.startswith(f"{rated} · 1 of 2 seats taken, created by Newbie")
    assert "rated" in line.split(" · ") and "Deadline per phase: 2 days" in line
    line = _lobby_line(client, casual)
    assert "not rated" in line.split(" · ") and "Deadline per phase: 1 day" in line


def test_the_invitation_page_says_what_the_invitee_would_sit_down_to(client, newbie):
    from games.services import do_invite

    game = do_create_game(newbie, "wizard", 3, {"clairvoyance": True}, visibility=Game.Visibility.PRIVATE)
    invitation = do_invite(game.pk, newbie, "friend@example.org")
    page = client.get(reverse("games:invitation", args=[invitation.token])).content.decode()
    found = re.search(r'<ul class="game-settings" id="settings"[^>]*>(.*?)</ul>', page, re.S)
    assert found, "the invitation page shows no settings"
    shown = html.unescape(re.sub(r"<[^>]+>", "", found.group(1)))
    assert "Clairvoyance" in shown and "Rated" in shown and "Deadline per phase: 2 days" in shown
