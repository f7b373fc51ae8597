"""An Emu Ranchers player makes whole turns by pointing (a card, then a zone on the table, then
Confirm), on a desktop and on a 390 px phone: the ranches are drawn from the first turn, every
target is a named button, and nothing is wider than the screen."""

import os
import re

import pytest
from playwright.sync_api import expect

from games.engines import get_engine
from games.engines.emu_ranchers.cards import CARDS
from games.models import Game
from games.presenters.emu_ranchers import decktet
from games.services.play import do_action
from tests.browser.conftest import log_in
from tests.browser.test_accessibility_browser import serious_violations
from tests.browser.test_pointing_browser import confirm_pointed
from tests.conftest import make_user
from tests.games.conftest import seat_user, start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
ENGINE = get_engine("emu_ranchers")
CARD_NAMES = {card: info["name"] for card, info in CARDS.items()}


def open_signed_in(browser, live_server, user, width):
    context = browser.new_context(viewport={"width": width, "height": 800}, locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(15_000)
    log_in(page, live_server, user.username)
    return context, page


def other_seat_discards(game: Game, seat: int) -> Game:
    """The other seat discards a card (through the services), so the discard pile has a top."""
    game.refresh_from_db()
    action = next(a for a in ENGINE.legal_actions(game.state, seat) if a["type"] == "discard")
    do_action(game.pk, seat, action, "web", user=seat_user(game, seat), expected_version=game.version)
    game.refresh_from_db()
    return game


def assert_targets_are_named_buttons_and_fit(page, width):
    expect(page.locator("#view [data-target]").first).to_be_attached()
    for target in page.locator("#view [data-target]").all():
        expect(target).to_have_attribute("role", "button")
        expect(target).to_have_attribute("tabindex", "0")
        expect(target).to_have_attribute("aria-label", re.compile(r"\S"))
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def shot(page, name):
    if os.getenv("EMU_SHOTS"):
        page.locator("#view").screenshot(path=f"{os.environ['EMU_SHOTS']}/{name}.png")


@pytest.mark.parametrize("width", [1200, 390])
def test_it_plays_a_hatch_then_a_grow_or_discard_taking_the_discard_by_pointing(browser, live_server, width):
    game = start_game([make_user(f"emma{width}"), make_user(f"enzo{width}")], engine="emu_ranchers")
    me = ENGINE.to_act(game.state)[0]
    context, page = open_signed_in(browser, live_server, seat_user(game, me), width)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    # Both ranches are on the table before any bird: the other's empty, mine with a new-bird slot.
    expect(page.locator(".emu-ranch:not(.mine)")).to_contain_text("No birds yet.")
    expect(page.get_by_test_id("new-bird")).to_be_visible()
    assert_targets_are_named_buttons_and_fit(page, width)
    shot(page, f"emu-start-{width}")

    # Turn 1: a card that can hatch lights the new-bird zone up; the other ranch's has none.
    card = sorted({a["card"] for a in ENGINE.legal_actions(game.state, me) if a["type"] == "hatch"})[0]
    page.locator(f'.emu-card[data-pick="hand:{card}"]').click()
    zone = page.locator('#view [data-target="ranch:new:deck"]')
    expect(zone).to_have_class(re.compile(r"\blegal\b"))
    confirm_pointed(page, game, zone, "it would score")
    game.refresh_from_db()
    assert game.state["ranches"][me] == [[card]]

    # The other seat plays; then a second turn takes the discard's top card after the move.
    game = other_seat_discards(game, 1 - me)
    assert game.state["discard"] and ENGINE.to_act(game.state) == [me]
    top = game.state["discard"][-1]
    legal = ENGINE.legal_actions(game.state, me)
    move = next((a for a in legal if a["type"] == "grow" and a["draw"] == "discard"), None)
    move = move or next(a for a in legal if a["type"] == "hatch" and a["draw"] == "discard")
    target = f"bird:{move['bird']}:discard" if move["type"] == "grow" else "ranch:new:discard"
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator(".emu-ranch.mine .emu-bird").first).to_contain_text("worth")
    page.locator(f'.emu-card[data-pick="hand:{move["card"]}"]').click()
    assert_targets_are_named_buttons_and_fit(page, width)
    assert serious_violations(page) == []
    shot(page, f"emu-picked-{width}")
    confirm_pointed(page, game, page.locator(f'#view [data-target="{target}"]'), "from the discard pile")
    game.refresh_from_db()
    assert top in game.state["hands"][me]
    assert move["card"] in [card for bird in game.state["ranches"][me] for card in bird]
    page.locator(f'.emu-ranch.mine [data-card="{move["card"]}"]').wait_for()
    shot(page, f"emu-after-{width}")
    context.close()

    # The other player saw the card taken: their table names it, and nothing else of my hand.
    context, page = open_signed_in(browser, live_server, seat_user(game, 1 - me), width)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    taken = page.locator(".emu-ranch:not(.mine) .emu-taken")
    expect(taken).to_have_text(f"In hand, taken from the discard pile: {decktet.card_name(CARD_NAMES[top])}")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    context.close()
