"""Three people create, join and play a Wild Cards round in real browsers; then a deadline passes."""

import re

import pytest
from playwright.sync_api import expect

from games.models import Action, Deadline, Game
from games.services import sweep_overdue
from tests.browser.conftest import play_one_move
from tests.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_three_players_create_join_and_play_a_round(signed_in, live_server):
    for name in ("ana", "ben", "cleo"):
        make_user(name, display_name=name.title())
    ana, ben, cleo = (signed_in(name) for name in ("ana", "ben", "cleo"))

    ana.goto(f"{live_server.url}/games/new/")
    ana.get_by_role("link", name="Wild Cards").click()
    ana.get_by_label(re.compile(r"^Players:?$")).fill("3")
    ana.get_by_role("button", name="Create the game").click()
    expect(ana.locator(".seats")).to_contain_text("1 of 3 seats taken")
    expect(ana).to_have_url(re.compile(r"/games/\d+/$"))
    game = Game.objects.get()

    for page in (ben, cleo):
        page.goto(f"{live_server.url}/games/")
        page.get_by_role("link", name=str(game)).first.click()
        page.get_by_role("button", name="Join this game").click()
        expect(page.locator(".messages")).to_contain_text("You joined")
    expect(cleo.locator(".messages")).to_contain_text("the game has started")

    # Everyone plays the first legal move shown until the second round begins.
    pages = [ana, ben, cleo]
    for _turn in range(120):
        game.refresh_from_db()
        if game.state["round"] > 1 or game.status != Game.Status.RUNNING:
            break
        for page in pages:
            page.goto(f"{live_server.url}/games/{game.pk}/")
            if page.locator("#my-turn button.action").count():
                play_one_move(page, game)
    game.refresh_from_db()
    assert game.state["round"] == 2, "three players finished the first round"
    assert Action.objects.filter(game=game, channel="web").count() >= 3
    cleo.goto(f"{live_server.url}/games/{game.pk}/")
    expect(cleo.get_by_test_id("public-log")).to_contain_text("Round 2 begins.")

    # A deadline passes: the sweep plays the default move, and the log says so.
    overdue = Deadline.objects.filter(game=game, closed_at__isnull=True).order_by("closes_at").first()
    assert sweep_overdue(now=overdue.closes_at) >= 1
    ana.goto(f"{live_server.url}/games/{game.pk}/")
    expect(ana.locator("#log")).to_contain_text("(timeout)")
