"""On a 390 px phone, a Wizard card that may not be played looks dimmed and, tapped, says why;
nothing is played, and a legal card still opens its preview."""

import pytest
from playwright.sync_api import expect

from games.engines import get_engine
from tests.browser.conftest import log_in
from tests.browser.test_accessibility_browser import serious_violations
from tests.conftest import make_user
from tests.games.conftest import seat_user
from tests.games.presenters.test_wizard_unplayable import wizard_game_with_a_card_it_may_not_play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
ENGINE = get_engine("wizard")


def test_a_card_that_must_not_be_played_says_why_when_tapped(phone_page, live_server):
    game = wizard_game_with_a_card_it_may_not_play([make_user(name) for name in ("wanda", "wes", "wim")])
    seat = ENGINE.to_act(game.state)[0]
    legal = [action["card"] for action in ENGINE.legal_actions(game.state, seat)]
    refused = next(card for card in game.state["hands"][seat] if card not in legal)
    page = phone_page  # 390 px, touch
    log_in(page, live_server, seat_user(game, seat).username)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    hand = page.get_by_test_id("my-hand")
    unplayable = hand.locator(f'[data-pick="hand:{refused}"]')
    expect(unplayable).to_have_attribute("aria-disabled", "true")
    expect(unplayable).to_have_class("hand-card unplayable")
    expect(hand.locator(f'[data-pick="hand:{legal[0]}"]')).to_have_class("hand-card pickable")
    assert serious_violations(page) == []

    unplayable.tap(force=True)  # a person can tap it; Playwright would wait for aria-disabled to go
    refusal = page.locator("#pointing-refusal")
    expect(refusal).to_be_visible()
    expect(refusal).to_contain_text("cannot be played: you hold")
    expect(refusal).to_contain_text("the suit led, and must follow it")
    expect(page.locator("#pointing-preview")).to_be_hidden()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    hand.locator(f'[data-pick="hand:{legal[0]}"]').tap()
    expect(page.locator("#pointing-preview")).to_be_visible()
    expect(refusal).to_have_text("")
    game.refresh_from_db()
    assert ENGINE.to_act(game.state) == [seat]  # nothing was played by the refused tap
