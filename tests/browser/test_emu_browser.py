"""An Emu Ranchers player hatches a bird by pointing (a card, then a zone on the ranch, then
Confirm), and the ranch shows the bird with its worth; on a desktop and on a 390 px phone."""

import pytest

from games.engines import get_engine
from tests.browser.test_pointing_browser import confirm_pointed
from tests.conftest import PASSWORD, make_user
from tests.games.conftest import seat_user, start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("width", [1200, 390])
def test_a_bird_is_hatched_by_pointing_and_shows_its_worth(browser, live_server, width):
    game = start_game([make_user(f"emma{width}"), make_user(f"enzo{width}")], engine="emu_ranchers")
    engine = get_engine("emu_ranchers")
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
    assert "No birds yet." in page.locator(".emu-ranch.mine").inner_text()

    # A card that can hatch: its pick lights the new-bird zone up.
    hatching = {a["card"] for a in engine.legal_actions(game.state, seat) if a["type"] == "hatch"}
    card = sorted(hatching)[0]
    page.locator(f'.emu-card[data-pick="hand:{card}"]').click()
    zone = page.locator('.emu-zone[data-target="ranch:new:deck"]')
    assert "legal" in zone.get_attribute("class")
    confirm_pointed(page, game, zone, "Hatch a bird with")
    game.refresh_from_db()
    assert [c for c in game.state["ranches"][seat][0]] == [card]
    assert "worth" in page.locator(".emu-ranch.mine .emu-bird").first.inner_text()
    context.close()
