"""A player switches the site to Dutch from the footer's switcher and sees the table in Dutch."""

import pytest
from playwright.sync_api import expect

from games.engines import get_engine
from tests.conftest import make_user
from tests.games.conftest import seat_user, start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_switcher_turns_the_table_dutch_and_the_choice_stays(signed_in, live_server):
    users = [make_user(name) for name in ("ans", "bram", "cor")]
    game = start_game(users, engine="wildcards")
    player = seat_user(game, get_engine("wildcards").to_act(game.state)[0])
    page = signed_in(player.username)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator("#view h2")).to_contain_text("What you see")

    page.select_option("#language-select", "nl")
    page.locator(".language-form button").click()
    expect(page.locator("#view h2")).to_have_text("Wat jij ziet")
    expect(page).to_have_url(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator("body")).not_to_contain_text("What you see")

    # The choice is the player's: a new visit to another page speaks Dutch too.
    page.goto(f"{live_server.url}/games/")
    expect(page.locator("body")).to_contain_text("Wacht op spelers")
    player.profile.refresh_from_db()
    assert player.profile.language == "nl"
