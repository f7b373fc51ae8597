"""A CuBirds player plays a whole turn by pointing: a stack of birds, then a row end, then
Confirm; then the draw or the family, on a desktop and on a 390 px phone."""

import pytest

from games.engines import get_engine
from tests.browser.test_pointing_browser import confirm_pointed
from tests.conftest import PASSWORD, make_user
from tests.games.conftest import seat_user, start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("width", [1200, 390])
def test_a_whole_cubirds_turn_is_played_by_pointing(browser, live_server, width):
    game = start_game([make_user(f"cora{width}"), make_user(f"cleo{width}")], engine="cubirds")
    engine = get_engine("cubirds")
    seat = engine.to_act(game.state)[0]
    user = seat_user(game, seat)
    context = browser.new_context(viewport={"width": width, "height": 800}, locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username or email address").fill(user.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.get_by_test_id("signed-in-user").wait_for()
    page.goto(f"{live_server.url}/games/{game.pk}/")

    stack = page.locator("[data-testid=my-hand] .cb-stack.pickable").first
    stack.click()
    # Only the row ends this species may go to light up; the preview comes after a row end.
    legal_ends = page.locator(".cb-end.legal")
    assert legal_ends.count() >= 2 and page.locator(".cb-end.dimmed").count() + legal_ends.count() == 8
    stack.click()  # picking again starts over
    confirm_pointed(page, game, legal_ends.first, "row 1")
    game.refresh_from_db()
    turn = game.state["turn"]
    step = game.state["step"]
    if step == "draw":
        confirm_pointed(page, game, page.locator(".cb-deck.pickable"), "Draw 2 cards")
        game.refresh_from_db()
        step = game.state["step"]
    if step == "family":  # the fallback list of moves works beside the pointing
        version = game.version
        page.get_by_role("button", name="Form no family").click()
        page.wait_for_function(
            "v => Number((document.querySelector('input[name=version]') || {value: 1e9}).value) > v", arg=version
        )
        game.refresh_from_db()
    assert game.state["turn"] == turn + 1
    context.close()
