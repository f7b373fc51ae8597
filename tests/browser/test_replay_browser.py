"""Stepping through a finished game's replay in a real browser: buttons, slider and direct links."""

import re

import pytest
from playwright.sync_api import expect

from games.management.demo import play_defaults
from games.services import do_create_game
from tests.browser.conftest import log_in
from tests.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_player_steps_through_a_finished_game(page, live_server):
    ana = make_user("ana", display_name="Ana")
    game = do_create_game(ana, "wildcards", 3, {}, bots=2, seed="replay-browser")
    game.refresh_from_db()
    play_defaults(game, None)
    game.refresh_from_db()
    assert game.status == "finished"

    log_in(page, live_server, "ana")
    page.goto(f"{live_server.url}/games/{game.pk}/replay/0/")
    expect(page.locator("#replay-slider")).to_contain_text(f"Step 0 of {game.version}")

    page.locator("a[rel=next]").click()
    expect(page).to_have_url(re.compile(f"/games/{game.pk}/replay/1/$"))
    page.locator("a[rel=next]").click()
    expect(page).to_have_url(re.compile(f"/games/{game.pk}/replay/2/$"))
    page.locator("a[rel=prev]").click()
    expect(page).to_have_url(re.compile(f"/games/{game.pk}/replay/1/$"))

    # The slider submits its step and lands on that step's own address.
    page.locator("#step").fill(str(game.version // 2))
    page.locator("#step").dispatch_event("change")
    expect(page).to_have_url(re.compile(f"/games/{game.pk}/replay/{game.version // 2}/$"))

    page.locator("a[rel=last]").click()
    expect(page).to_have_url(re.compile(f"/games/{game.pk}/replay/{game.version}/$"))
    expect(page.locator("body")).to_contain_text("Final scores")


def test_the_arrow_keys_step_through_a_replay_without_reloading_the_page(page, live_server):
    ana = make_user("ana", display_name="Ana")
    game = do_create_game(ana, "wildcards", 3, {}, bots=2, seed="replay-keys")
    game.refresh_from_db()
    play_defaults(game, None)
    game.refresh_from_db()

    log_in(page, live_server, "ana")
    page.goto(f"{live_server.url}/games/{game.pk}/replay/0/")
    expect(page.locator("#replay-slider")).to_contain_text(f"Step 0 of {game.version}")
    page.evaluate("window.stillThePage = true")  # a reload would lose it
    page.keyboard.press("ArrowRight")
    expect(page).to_have_url(re.compile(f"/games/{game.pk}/replay/1/$"))
    expect(page.locator("#replay-slider")).to_contain_text(f"Step 1 of {game.version}")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#replay-slider")).to_contain_text(f"Step 2 of {game.version}")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#replay-slider")).to_contain_text(f"Step 1 of {game.version}")
    expect(page).to_have_url(re.compile(f"/games/{game.pk}/replay/1/$"))
    page.locator("a[rel=next]").click()
    expect(page.locator("#replay-slider")).to_contain_text(f"Step 2 of {game.version}")
    assert page.evaluate("window.stillThePage === true")
    # The way back to the table is an ordinary link.
    page.get_by_role("link", name="Back to the table").click()
    expect(page).to_have_url(re.compile(f"/games/{game.pk}/$"))


def test_an_arrow_key_pressed_while_a_step_settles_stays_on_the_page(page, live_server):
    # htmx boosts a swapped-in link only once the swap settles; a key pressed before then (a
    # quick reader, a held key) must not fall back to loading the whole page.
    ana = make_user("ana", display_name="Ana")
    game = do_create_game(ana, "wildcards", 3, {}, bots=2, seed="replay-keys")
    game.refresh_from_db()
    play_defaults(game, None)
    game.refresh_from_db()

    log_in(page, live_server, "ana")
    page.goto(f"{live_server.url}/games/{game.pk}/replay/0/")
    expect(page.locator("#replay-slider")).to_contain_text(f"Step 0 of {game.version}")
    page.evaluate("window.stillThePage = true; htmx.config.defaultSettleDelay = 2000")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#replay-slider")).to_contain_text(f"Step 1 of {game.version}")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#replay-slider")).to_contain_text(f"Step 2 of {game.version}")
    expect(page).to_have_url(re.compile(f"/games/{game.pk}/replay/2/$"))
    assert page.evaluate("window.stillThePage === true")
