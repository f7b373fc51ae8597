"""A player picks a level for each bot seat on a phone, and the table says which seats are bots."""

import re

import pytest
from playwright.sync_api import expect

from games.models import Game, Seat
from tests.browser.conftest import create_game_with_bots, log_in
from tests.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_player_on_a_phone_creates_a_game_against_a_strong_and_a_beginner_bot(phone_page, live_server):
    make_user("ana", display_name="Ana")
    page = phone_page
    log_in(page, live_server, "ana")

    create_game_with_bots(page, live_server, "Wizard", players=3, levels=["strong", "beginner"])

    # Against bots alone the game starts at once; the seat list names each bot and its level.
    expect(page.locator('.seats [data-bot-level="strong"]')).to_have_text("· Strong bot")
    expect(page.locator('.seats [data-bot-level="beginner"]')).to_have_text("· Beginner bot")
    game = Game.objects.get()
    assert sorted(game.seats.filter(kind=Seat.Kind.BOT).values_list("bot_level", flat=True)) == ["beginner", "strong"]


def test_the_form_shows_a_level_select_for_each_chosen_bot_only_and_still_posts_the_levels(phone_page, live_server):
    make_user("bea", display_name="Bea")
    page = phone_page
    log_in(page, live_server, "bea")

    page.goto(f"{live_server.url}/games/new/")
    page.get_by_role("link", name="Wizard").click()
    levels = page.get_by_label(re.compile(r"^Level of bot \d:?$"))
    expect(levels).to_have_count(5)  # Wizard seats up to 6: five possible bots, all in the page
    expect(levels.locator("visible=true")).to_have_count(0)  # no bots chosen yet: no level to pick
    page.get_by_label(re.compile(r"^Players:?$")).fill("4")
    page.get_by_label(re.compile(r"^Of which bots:?$")).fill("2")
    expect(levels.locator("visible=true")).to_have_count(2)
    expect(page.get_by_label(re.compile(r"^Level of bot 1:?$"))).to_be_visible()
    expect(page.get_by_label(re.compile(r"^Level of bot 2:?$"))).to_be_visible()
    expect(page.get_by_label(re.compile(r"^Level of bot 3:?$"))).to_be_hidden()
    page.get_by_label(re.compile(r"^Level of bot 1:?$")).select_option("good")
    page.get_by_label(re.compile(r"^Level of bot 2:?$")).select_option("beginner")
    page.get_by_label(re.compile(r"^Of which bots:?$")).fill("1")
    expect(levels.locator("visible=true")).to_have_count(1)
    page.get_by_label(re.compile(r"^Of which bots:?$")).fill("2")
    expect(levels.locator("visible=true")).to_have_count(2)
    page.get_by_role("button", name="Create the game").click()

    expect(page.locator('.seats [data-bot-level="good"]')).to_have_text("· Good bot")
    expect(page.locator('.seats [data-bot-level="beginner"]')).to_have_text("· Beginner bot")
    game = Game.objects.get()
    assert sorted(game.seats.filter(kind=Seat.Kind.BOT).values_list("bot_level", flat=True)) == ["beginner", "good"]


def test_without_scripts_every_level_select_stays_usable(browser, live_server):
    make_user("cid", display_name="Cid")
    context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        log_in(page, live_server, "cid")
        page.goto(f"{live_server.url}/games/new/?engine=wizard")
        levels = page.get_by_label(re.compile(r"^Level of bot \d:?$"))
        expect(levels.locator("visible=true")).to_have_count(5)
    finally:
        context.close()


def test_the_rated_box_is_unticked_while_every_other_seat_is_a_bot(phone_page, live_server):
    make_user("dot", display_name="Dot")
    page = phone_page
    log_in(page, live_server, "dot")
    page.goto(f"{live_server.url}/games/new/?engine=wizard")
    rated = page.get_by_label(re.compile(r"^Rated"))
    expect(rated).to_be_checked()
    page.get_by_label(re.compile(r"^Players:?$")).fill("3")
    page.get_by_label(re.compile(r"^Of which bots:?$")).fill("2")
    expect(rated).not_to_be_checked()
    expect(rated).to_be_disabled()
    page.get_by_label(re.compile(r"^Of which bots:?$")).fill("1")  # a seat left for a person: the choice is back
    expect(rated).to_be_enabled()
    expect(rated).to_be_checked()
    page.get_by_label(re.compile(r"^Players:?$")).fill("2")  # 2 players, 1 bot: bots alone again
    expect(rated).to_be_disabled()
    page.get_by_label(re.compile(r"^Players:?$")).fill("4")
    rated.uncheck()  # the player's own choice survives the box being set aside and back
    page.get_by_label(re.compile(r"^Of which bots:?$")).fill("3")
    expect(rated).to_be_disabled()
    page.get_by_label(re.compile(r"^Of which bots:?$")).fill("2")
    expect(rated).to_be_enabled()
    expect(rated).not_to_be_checked()


def test_the_rated_box_comes_back_ticked_after_the_form_was_refused_with_bots_alone(phone_page, live_server):
    # The box set aside is not posted: a form sent back with an error came back unticked, and
    # giving a seat back to a person then left a game meant to be rated unrated.
    make_user("eve", display_name="Eve")
    page = phone_page
    log_in(page, live_server, "eve")
    page.goto(f"{live_server.url}/games/new/?engine=wizard")
    page.get_by_label(re.compile(r"^Players:?$")).fill("3")
    page.get_by_label(re.compile(r"^Of which bots:?$")).fill("2")
    missed = page.get_by_label(re.compile(r"^Missed deadlines in a row"))
    missed.evaluate("field => { field.removeAttribute('max'); field.value = '11'; }")  # refused by the server
    page.get_by_role("button", name="Create the game").click()
    expect(page.locator(".errorlist, .error").first).to_be_visible()
    rated = page.get_by_label(re.compile(r"^Rated"))
    expect(rated).to_be_disabled()
    page.get_by_label(re.compile(r"^Of which bots:?$")).fill("1")
    expect(rated).to_be_enabled()
    expect(rated).to_be_checked()
