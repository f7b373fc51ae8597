"""A player switches the site to Dutch from the footer's switcher and sees the table in Dutch."""

import pytest

from games.engines import get_engine
from tests.browser.test_play_browser import logged_in_page
from tests.conftest import make_user
from tests.games.conftest import seat_user, start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_switcher_turns_the_table_dutch_and_the_choice_stays(browser, live_server):
    users = [make_user(name) for name in ("ans", "bram", "cor")]
    game = start_game(users, engine="wildcards")
    player = seat_user(game, get_engine("wildcards").to_act(game.state)[0])
    page = logged_in_page(browser, live_server, player.username)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    assert "Your sealed bid" in page.content() or "What you see" in page.content()

    page.select_option("#language-select", "nl")
    page.locator(".language-form button").click()
    page.wait_for_url(f"{live_server.url}/games/{game.pk}/")
    content = page.content()
    assert "Wat jij ziet" in content and "Wat toeschouwers zien" not in content
    assert "What you see" not in content

    # The choice is the player's: a new visit to another page speaks Dutch too.
    page.goto(f"{live_server.url}/games/")
    assert "Wacht op spelers" in page.content()
    player.profile.refresh_from_db()
    assert player.profile.language == "nl"
