"""A Wild Cards player bids by pointing (a hand card, then the bid spot, then Confirm) and
takes an animal by pointing at the display, on a desktop and on a 390 px phone."""

import re

import pytest
from playwright.sync_api import expect

from games.engines import get_engine
from games.engines.wildcards.cards import EAGLE, HABITAT
from games.services.play import do_action
from tests.browser.conftest import log_in
from tests.browser.test_pointing_browser import confirm_pointed
from tests.conftest import make_user
from tests.games.conftest import play_until_cards_are_discarded, seat_user, start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def bid_by_service(game, seat: int, choose) -> None:
    """The seat bids the card `choose` (max or min) picks by value, through the services."""
    card = choose(get_engine("wildcards").view(game.state, seat)["hand"], key=lambda c: c["value"])
    do_action(
        game.pk,
        seat,
        {"type": "bid", "card": card["id"]},
        "web",
        user=seat_user(game, seat),
        expected_version=game.version,
    )
    game.refresh_from_db()


def open_table(browser, live_server, game, user, width: int):
    """A logged-in page on the game's table at this width, and its browser context."""
    context = browser.new_context(viewport={"width": width, "height": 800}, locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(15_000)
    log_in(page, live_server, user.username)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    return context, page


@pytest.mark.parametrize("width", [1200, 390])
def test_a_bid_and_a_take_are_made_by_pointing(browser, live_server, width):
    users = [make_user(f"wilma{width}"), make_user(f"walt{width}"), make_user(f"wren{width}")]
    game = start_game(users, engine="wildcards", options={"edition": "2022"})
    engine = get_engine("wildcards")
    user = seat_user(game, 0)
    context, page = open_table(browser, live_server, game, user, width)

    # The highest card of the hand, so that this player takes first.
    # The table fits the phone: nothing makes the page scroll sideways.
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    best = max(engine.view(game.state, 0)["hand"], key=lambda card: card["value"])
    page.locator(f'[data-testid=my-hand] [data-pick="hand:{best["habitat"]}-{best["value"]}"]').first.click()
    bid_zone = page.locator('.wc-zone[data-target="bid"]')
    # Only the bid spot lights up for a bid; the discard pile is no target now.
    expect(bid_zone).to_have_class(re.compile(r"\blegal\b"))
    expect(page.locator('.wc-zone[data-target="discard"]')).to_have_class(re.compile(r"\bdimmed\b"))
    expect(bid_zone).to_have_attribute("role", "button")
    confirm_pointed(page, game, bid_zone, "face down")
    game.refresh_from_db()
    expect(page.locator(".wc-zone").first).to_contain_text("Your sealed bid")

    for seat in (1, 2):  # the others bid their lowest card through the services
        bid_by_service(game, seat, min)
    # The seed is fixed: this player's highest card outbids the others' lowest, so they take first.
    assert game.state["phase"] == "acquire" and engine.to_act(game.state) == [0]
    page.goto(f"{live_server.url}/games/{game.pk}/")
    confirm_pointed(page, game, page.locator(".wc-display [data-pick].pickable").first, "Take the")
    game.refresh_from_db()
    assert game.state["phase"] in ("pay", "acquire")
    context.close()


def test_a_bid_is_made_with_the_keyboard_alone(browser, live_server):
    users = [make_user("kira"), make_user("kurt"), make_user("kim")]
    game = start_game(users, engine="wildcards", options={"edition": "2022"})
    user = seat_user(game, 0)
    context, page = open_table(browser, live_server, game, user, 390)

    card = page.locator("[data-testid=my-hand] [data-pick][role=button]").first
    card.focus()
    page.keyboard.press("Enter")
    expect(card).to_have_attribute("aria-pressed", "true")
    bid_zone = page.get_by_role("button", name="Your bid")
    bid_zone.focus()
    version = game.version
    page.keyboard.press("Enter")
    preview = page.locator("#pointing-preview")
    expect(preview).to_contain_text(re.compile("face down|Refill"))
    page.keyboard.press("Enter")  # Confirm has the focus
    page.wait_for_function(
        "v => document.querySelector('input[name=version]') === null || "
        "Number(document.querySelector('input[name=version]').value) > v",
        arg=version,
    )
    game.refresh_from_db()
    assert game.version == version + 1 and game.state["sealed"][0] is not None
    context.close()


@pytest.mark.parametrize("width", [1200, 390])
def test_the_eagles_holder_bids_two_cards_by_pointing_at_one_then_the_other(browser, live_server, width):
    users = [make_user(f"ezra{width}"), make_user(f"edda{width}"), make_user(f"enzo{width}")]
    game = start_game(users, engine="wildcards", options={"edition": "2022"})
    # A position the rules reach after a few rounds: seat 0 holds the Eagle Leader.
    game.state["leaders"][EAGLE] = 0
    game.save(update_fields=["state"])
    engine = get_engine("wildcards")
    hand = engine.view(game.state, 0)["hand"]
    first, second = (
        hand[0],
        next(c for c in hand if (c["habitat"], c["value"]) != (hand[0]["habitat"], hand[0]["value"])),
    )
    context, page = open_table(browser, live_server, game, seat_user(game, 0), width)

    key = "{habitat}-{value}"
    # The second card first: either order makes the same bid.
    page.locator(f'[data-testid=my-hand] [data-pick="hand:{key.format(**second)}"]').first.click()
    partner = page.locator(f'[data-testid=my-hand] [data-target="pair:{key.format(**first)}"]').first
    expect(partner).to_have_class(re.compile(r"\blegal\b"))
    expect(page.locator('.wc-zone[data-target="bid"]')).to_have_class(re.compile(r"\blegal\b"))  # one card still may
    confirm_pointed(page, game, partner, "(the Eagle)")
    kinds = sorted((card["habitat"], card["value"]) for card in engine.view(game.state, 0)["sealed_bid"])
    assert kinds == sorted((card["habitat"], card["value"]) for card in (first, second))
    context.close()


def test_a_pass_is_made_from_its_chip_on_a_phone(browser, live_server):
    users = [make_user("pia"), make_user("per"), make_user("pam")]
    game = start_game(users, engine="wildcards", options={"edition": "2022"})
    engine = get_engine("wildcards")
    for seat in range(3):  # seat 0 bids its highest card and the others their lowest: 0 takes first
        bid_by_service(game, seat, max if seat == 0 else min)
    assert game.state["phase"] == "acquire" and engine.to_act(game.state) == [0]
    context, page = open_table(browser, live_server, game, seat_user(game, 0), 390)
    chip = page.locator('.wc-chip[data-pick="pass"]')
    expect(chip).to_have_attribute("role", "button")
    confirm_pointed(page, game, chip, "you take no animal")
    assert game.state["bids"][0] is None  # the bid went back to the hand
    expect(page.locator('.wc-chip[data-pick="pass"]')).to_have_count(0)
    context.close()


def test_the_open_discard_pile_unfolds_on_a_phone(browser, live_server):
    users = [make_user("dina"), make_user("dirk"), make_user("dora")]
    game = play_until_cards_are_discarded(start_game(users, engine="wildcards", options={"edition": "2022"}))
    count = len(game.state["discard"])
    habitat = HABITAT[game.state["discard"][0]]
    context, page = open_table(browser, live_server, game, seat_user(game, 1), 390)
    pile = page.get_by_test_id("discard-pile")
    summary = pile.locator("summary")
    expect(summary).to_have_text(f"Discard pile: {count} card{'s' if count != 1 else ''}")
    expect(pile.locator("p").first).not_to_be_visible()  # folded until asked for
    summary.click()
    expect(pile).to_have_attribute("open", "")
    expect(pile.locator("p").first).to_be_visible()
    name = {"forest": "Forest", "mountains": "Mountains", "savannah": "Savannah", "wild": "Wild"}
    expect(pile).to_contain_text(f"{name[habitat]}: ")
    # Unfolded, the pile still fits the phone: nothing makes the page scroll sideways.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()


def test_the_discard_pile_stays_unfolded_when_the_table_refreshes(browser, live_server, monkeypatch):
    monkeypatch.setattr("games.play.views.REFRESH_SECONDS", 1)
    users = [make_user("fay"), make_user("fin"), make_user("flo")]
    game = play_until_cards_are_discarded(start_game(users, engine="wildcards", options={"edition": "2022"}))
    context, page = open_table(browser, live_server, game, seat_user(game, 1), 390)
    pile = page.get_by_test_id("discard-pile")
    pile.locator("summary").click()
    expect(pile).to_have_attribute("open", "")

    seat = next(seat for seat in get_engine("wildcards").to_act(game.state) if seat != 1)
    bid_by_service(game, seat, min)  # another seat moves: the next refresh swaps the whole table in
    expect(page.locator("[data-refresh]")).to_have_attribute("data-version", str(game.version))
    expect(page.get_by_test_id("discard-pile")).to_have_attribute("open", "")
    context.close()


def test_the_cards_seen_going_back_into_a_hand_are_named_on_a_phone(browser, live_server):
    from tests.games.conftest import play_until_a_card_is_known

    users = [make_user("jan"), make_user("jo"), make_user("jules")]
    game = play_until_a_card_is_known(start_game(users, engine="wildcards", options={"edition": "2022"}))
    holder = next(seat for seat in range(3) if game.state["known"][seat])
    viewer = (holder + 1) % 3
    context, page = open_table(browser, live_server, game, seat_user(game, viewer), 390)
    line = page.locator(f'.wc-player[data-seat="{holder}"]').get_by_test_id("known-in-hand")
    expect(line).to_be_visible()
    expect(line).to_have_text(re.compile(r"^Known in hand: (Forest|Mountains|Savannah|Wild) \d"))
    expect(page.get_by_test_id("known-in-hand")).to_have_count(sum(1 for cards in game.state["known"] if cards))
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()


def test_a_tied_bidder_reads_how_many_cards_to_lay_on_a_phone(browser, live_server):
    # The note above the moves that counts the cards still to lay, and names who the bid ties with.
    from games.models import Game
    from tests.engines.wildcards.scenario import tied_at_three

    users = [make_user("tia", display_name="Tia"), make_user("tom", display_name="Tom"), make_user("tex")]
    game = start_game(users, engine="wildcards", options={"edition": "2022"})
    Game.objects.filter(pk=game.pk).update(state=tied_at_three())
    other = game.seats.get(position=1).name
    context, page = open_table(browser, live_server, game, seat_user(game, 0), 390)
    note = page.locator("#turn-note")
    expect(note).to_be_visible()
    expect(note).to_have_text(
        f"Your bid of Forest 3 ties with {other}: lay 2 more cards face down beside it. "
        "Whoever lays the higher total takes first."
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()
