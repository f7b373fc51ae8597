"""On a 390 px phone, in Italian, a Wizard player answers three cases of the next trick ahead by
pointing at a card under each; each shows as chosen, and the leader's card then plays one."""

import pytest
from playwright.sync_api import expect

from games.ahead.models import StoredAnswer
from games.engines import get_engine
from games.models import Action
from games.services import do_action
from tests.browser.conftest import log_in
from tests.browser.test_accessibility_browser import serious_violations
from tests.conftest import make_user
from tests.games.conftest import play_until, seat_user, start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
ENGINE = get_engine("wizard")


def test_three_cases_answered_by_pointing_on_a_phone_in_italian(phone_page, live_server):
    game = start_game([make_user(name, language="it") for name in ("wanda", "wes", "wim")], engine="wizard")
    game = play_until(game, lambda s: s["round"] == 3 and s["phase"] == "play" and not s["trick"], "round 3")
    leader = game.state["turn"]
    second = (leader + 1) % 3
    page = phone_page
    log_in(page, live_server, seat_user(game, second).username)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    panel = page.locator("#answers-ahead")
    expect(panel.get_by_role("heading", name="Rispondi in anticipo")).to_be_visible()
    assert serious_violations(page) == []

    led = next(c for c in game.state["hands"][leader] if c.split("-")[0] in ("blue", "green", "red", "yellow"))
    suit = led.split("-")[0]
    cases = [suit, next(s for s in ("blue", "green", "red", "yellow") if s != suit), "any"]
    for case in cases:
        row = page.locator(f'#answers-ahead li[data-case="{case}"]').first
        row.locator("button.ahead-move").first.tap()
        row = page.locator(f'#answers-ahead li[data-case="{case}"]').first
        expect(row.locator(".ahead-stored")).to_contain_text("la tua risposta:")
        expect(row.locator('button.ahead-move[aria-pressed="true"]')).to_have_count(1)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    stored = {a.case: a.action["card"] for a in StoredAnswer.objects.filter(game=game, seat=second)}
    assert set(stored) == set(cases)

    # The leader leads that suit: the answer for it is played at once.
    game.refresh_from_db()
    user = seat_user(game, leader)
    do_action(game.pk, leader, {"type": "play", "card": led}, "web", user=user, expected_version=game.version)
    played = Action.objects.filter(game=game, seat=second).latest("seq")
    assert played.channel == Action.Channel.AHEAD
    assert played.payload["card"] == stored[suit]


def test_on_a_phone_the_hand_is_within_a_screen_of_your_move_on_your_turn(phone_page, live_server):
    game = start_game([make_user(name, language="it") for name in ("vera", "vito", "viola")], engine="wizard")
    game = play_until(game, lambda s: s["round"] == 3 and s["phase"] == "play" and not s["trick"], "round 3")
    page = phone_page
    log_in(page, live_server, seat_user(game, game.state["turn"]).username)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator("#answers-ahead")).to_be_visible()
    turn, view, ahead = (page.locator(part).bounding_box() for part in ("#my-turn", "#view", "#answers-ahead"))
    height = page.viewport_size["height"]
    assert view["y"] < ahead["y"]
    assert view["y"] - (turn["y"] + turn["height"]) < height  # the hand follows "Your move", not a screen below
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
