"""A Wizard player bids and plays a trick card by clicking them and confirming the preview,
on a desktop and on a 390 px phone."""

import re

import pytest
from playwright.sync_api import expect

from games.engines import get_engine
from games.models import Game
from games.services.play import do_action
from tests.browser.conftest import log_in
from tests.conftest import make_user
from tests.games.conftest import seat_user, start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def wizard_game_in_play_phase(game: Game) -> Game:
    engine = get_engine("wizard")
    for _ in range(20):
        game.refresh_from_db()
        if game.state["phase"] == "play":
            return game
        seat = engine.to_act(game.state)[0]
        action = engine.legal_actions(game.state, seat)[0]
        do_action(game.pk, seat, action, "web", user=seat_user(game, seat), expected_version=game.version)
    raise AssertionError("the bids did not end")


@pytest.mark.parametrize("width", [1200, 390])
def test_a_bid_and_a_card_are_made_by_pointing_and_confirming(browser, live_server, width):
    game = start_game([make_user(name) for name in ("wanda", "wes", "wim")], engine="wizard")
    seat = get_engine("wizard").to_act(game.state)[0]
    user = seat_user(game, seat)
    context = browser.new_context(viewport={"width": width, "height": 800}, locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(15_000)
    log_in(page, live_server, user.username)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    confirm_pointed(page, game, page.locator(".bid-chip.pickable").first, "Bid")

    game = wizard_game_in_play_phase(game)
    seat = get_engine("wizard").to_act(game.state)[0]
    while seat_user(game, seat) != user:  # others before this player play through the services
        action = get_engine("wizard").legal_actions(game.state, seat)[0]
        do_action(game.pk, seat, action, "web", user=seat_user(game, seat), expected_version=game.version)
        game.refresh_from_db()
        seat = get_engine("wizard").to_act(game.state)[0]
    assert seat_user(game, seat) == user
    page.goto(f"{live_server.url}/games/{game.pk}/")
    # Leading or following, the preview says what the card does to the trick.
    said = re.compile(r"you lead|would (not )?win the trick now|the first Wizard always does")
    confirm_pointed(page, game, page.locator("[data-testid=my-hand] [data-pick].pickable").first, said)
    context.close()


def confirm_pointed(page, game: Game, pointed, words: str | re.Pattern) -> None:
    """Click what is pointed at, read the preview, confirm, and wait until the move is stored."""
    game.refresh_from_db()
    pointed.click()
    preview = page.locator("#pointing-preview")
    expect(preview).to_be_visible()
    expect(preview).to_contain_text(words)
    version = game.version
    preview.get_by_role("button", name="Confirm").click()
    page.wait_for_function(
        "v => document.querySelector('input[name=version]') === null || "
        "Number(document.querySelector('input[name=version]').value) > v",
        arg=version,
    )
    game.refresh_from_db()
    # The pointed move is stored once, from the table; moves it left forced (a round's last
    # trick) may follow it.
    assert game.actions.filter(seq__gte=version).exclude(channel="forced").count() == 1
    assert game.actions.get(seq=version).channel == "web"


def test_the_tables_own_refresh_waits_while_a_move_is_pointed_at(browser, live_server, monkeypatch):
    monkeypatch.setattr("games.play.views.REFRESH_SECONDS", 1)  # refreshes every second, to see them skipped
    game = start_game([make_user(name) for name in ("rae", "rob", "rui")], engine="wizard")
    seat = get_engine("wizard").to_act(game.state)[0]
    context = browser.new_context(viewport={"width": 390, "height": 800}, locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        log_in(page, live_server, seat_user(game, seat).username)
        page.goto(f"{live_server.url}/games/{game.pk}/")
        refreshes = []
        page.on("request", lambda request: refreshes.append(request) if request.headers.get("hx-request") else None)
        with page.expect_request(lambda request: request.headers.get("hx-request") == "true"):
            pass  # the refresh runs while nothing is picked

        # Picked while that refresh may still be on its way: its answer must not reset the pick either.
        page.locator(".bid-chip.pickable").first.click()
        preview = page.locator("#pointing-preview")
        expect(preview).to_be_visible()
        picked_at = len(refreshes)
        page.wait_for_timeout(3_000)  # three refreshes' time: none may reset the pick
        expect(preview).to_be_visible()
        assert len(refreshes) == picked_at  # none sent since the pick

        preview.get_by_role("button", name="Cancel").click()
        with page.expect_request(lambda request: request.headers.get("hx-request") == "true"):
            pass  # cancelled: the refreshes come back
    finally:
        context.close()
