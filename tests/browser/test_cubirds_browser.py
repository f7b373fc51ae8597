"""A CuBirds player plays a whole turn by pointing: a stack of birds, then a row end, then
Confirm; then the deck or the pass chip, then a family (a stack, then the collection), on a
desktop with the mouse and on a 390 px phone with the keyboard."""

import re

import pytest
from playwright.sync_api import expect

from games.engines import get_engine
from games.engines.cubirds.cards import CARD_SPECIES, LARGE, SPECIES
from games.models import Game
from tests.browser.conftest import log_in
from tests.browser.test_pointing_browser import confirm_pointed
from tests.conftest import make_user
from tests.games.conftest import seat_user, start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def hand_with_a_large_family(game: Game, seat: int) -> tuple[str, str]:
    """Give the seat a large family of one species and a single bird of another, from the deck
    (its old hand goes back to the deck), so that the family step comes after the lay."""
    state = game.state
    deck = state["deck"]
    family = next(name for name in SPECIES if sum(CARD_SPECIES[c] == name for c in deck) >= LARGE[name])
    single = next(name for name in SPECIES if name != family and any(CARD_SPECIES[c] == name for c in deck))
    hand = [c for c in deck if CARD_SPECIES[c] == family][: LARGE[family]]
    hand.append(next(c for c in deck if CARD_SPECIES[c] == single))
    state["deck"] = [c for c in deck if c not in hand] + state["hands"][seat]
    state["hands"][seat] = hand
    game.state = state
    game.save(update_fields=["state"])
    return family, single


def press(page, locator) -> None:
    locator.focus()
    page.keyboard.press("Enter")


@pytest.mark.parametrize("width", [1200, 390])
def test_a_whole_cubirds_turn_is_played_by_pointing(browser, live_server, width):
    game = start_game([make_user(f"cora{width}"), make_user(f"cleo{width}")], engine="cubirds")
    engine = get_engine("cubirds")
    seat = engine.to_act(game.state)[0]
    family, single = hand_with_a_large_family(game, seat)
    user = seat_user(game, seat)
    context = browser.new_context(viewport={"width": width, "height": 800}, locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(15_000)
    log_in(page, live_server, user.username)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    keyboard = width == 390

    # The whole name of every card can be read: no card is wider than the page.
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    stack = page.locator(f"[data-testid=my-hand] .cb-stack.pickable[data-pick='hand:{single}']")
    expect(stack).to_contain_text("×1")
    press(page, stack) if keyboard else stack.click()
    # Only the row ends this species may go to light up; the preview comes after a row end.
    legal_ends = page.locator(".cb-end.legal")
    expect(legal_ends).to_have_count(8)
    expect(page.locator(".cb-end.dimmed")).to_have_count(0)
    expect(page.locator("[data-target=collection].dimmed")).to_have_count(1)
    turn = game.state["turn"]
    end = page.get_by_role("button", name="Right end of row 1")
    if keyboard:
        game.refresh_from_db()
        press(page, end)
        preview = page.locator("#pointing-preview")
        expect(preview).to_contain_text("at the right of row 1")
        expect(end).to_have_class(re.compile(r"\bchosen\b"))  # the row end pointed at stays marked
        version = game.version
        page.keyboard.press("Enter")  # the focus is on Confirm
        page.wait_for_function("v => Number(document.querySelector('input[name=version]').value) > v", arg=version)
    else:
        confirm_pointed(page, game, end, "at the right of row 1")
    game.refresh_from_db()
    if game.state["step"] == "draw":
        if keyboard:
            confirm_pointed(page, game, page.locator(".cb-pass.pickable"), "Draw no cards")
        else:
            confirm_pointed(page, game, page.locator(".cb-deck.pickable"), "Draw 2 cards")
        game.refresh_from_db()
    assert game.state["step"] == "family"
    page.locator(f"[data-testid=my-hand] .cb-stack.pickable[data-pick='hand:{family}']").click()
    expect(page.locator(".cb-end.dimmed")).to_have_count(8)
    confirm_pointed(page, game, page.get_by_role("button", name="Your collection"), "large family")
    game.refresh_from_db()
    assert game.state["turn"] == turn + 1
    assert sum(CARD_SPECIES[c] == family for c in game.state["collections"][seat]) == 2
    context.close()
