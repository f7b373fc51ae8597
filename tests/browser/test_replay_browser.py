"""Stepping through a finished game's replay in a real browser: buttons, slider and direct links."""

import pytest

from games.demo import play_defaults
from games.services import do_create_game
from tests.conftest import PASSWORD, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_player_steps_through_a_finished_game(page, live_server):
    ana = make_user("ana", display_name="Ana")
    game = do_create_game(ana, "wildcards", 3, {}, bots=2, seed="replay-browser")
    game.refresh_from_db()
    play_defaults(game, None)
    game.refresh_from_db()
    assert game.status == "finished"

    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username or email address").fill("ana")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{live_server.url}/games/{game.pk}/replay/0/")
    assert f"Step 0 of {game.version}" in page.locator("#replay-slider").inner_text()

    page.locator("a[rel=next]").click()
    page.locator("a[rel=next]").click()
    assert page.url.endswith(f"/games/{game.pk}/replay/2/")
    page.locator("a[rel=prev]").click()
    assert page.url.endswith(f"/games/{game.pk}/replay/1/")

    # The slider submits its step and lands on that step's own address.
    page.locator("#step").fill(str(game.version // 2))
    page.locator("#step").dispatch_event("change")
    page.wait_for_url(f"**/games/{game.pk}/replay/{game.version // 2}/")

    page.locator("a[rel=last]").click()
    assert page.url.endswith(f"/games/{game.pk}/replay/{game.version}/")
    assert "Final scores" in page.content()
