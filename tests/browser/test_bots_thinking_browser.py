"""Against searching bots the table shows their answers a moment after the player's move, without a reload.

Against three Strong bots every move of the bots is stored within milliseconds: shown only at the
table's next refresh, 20 s after the player's own move, a game against bots would crawl.
"""

import time

import pytest
from playwright.sync_api import expect

from games.engines import get_engine
from games.models import Game, Seat
from tests.browser.conftest import create_game_with_bots, log_in, play_one_move
from tests.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.worker, pytest.mark.django_db(transaction=True)]

WAIT = 120  # seconds the test waits for the worker's bots at most (never a timing assert)
SOON = 8_000  # ms the page may take to show what is stored: well inside the 20 s between quiet refreshes


def _wait_until_the_player_acts(game: Game, position: int) -> Game:
    """The game once the bots have answered and the person is to act again (read from the database)."""
    engine = get_engine(game.engine)
    give_up = time.monotonic() + WAIT
    while time.monotonic() < give_up:
        game.refresh_from_db()
        if position in engine.to_act(game.state):
            return game
        time.sleep(0.05)
    raise AssertionError(f"the bots did not answer within {WAIT} s")


def _against_two_good_bots(page, live_server, username: str) -> tuple[Game, int]:
    """`username` signs in and creates a three-player Wizard game against two Good bots from the
    form, as a person does; the game and the person's seat."""
    make_user(username, display_name=username.title())
    log_in(page, live_server, username)
    create_game_with_bots(page, live_server, "Wizard", players=3, levels=["good", "good"])
    expect(page.locator('.seats [data-bot-level="good"]')).to_have_count(2)
    game = Game.objects.get()
    return game, game.seats.get(kind=Seat.Kind.HUMAN).position


def test_a_player_on_a_phone_sees_the_good_bots_answer_without_reloading(
    phone_page, live_server, live_worker, settings
):
    settings.GAME_BOT_BUDGETS = {"good": 4, "strong": 8}
    page = phone_page
    game, ana = _against_two_good_bots(page, live_server, "ana")

    for _move in range(4):  # two rounds of Wizard: bids and tricks, the bots answering between
        game = _wait_until_the_player_acts(game, ana)
        # The table has caught up with the database by itself: the same version, Ana's turn.
        expect(page.locator(f'#table [data-version="{game.version}"]')).to_be_attached(timeout=SOON)
        expect(page.get_by_role("heading", name="Your move")).to_be_visible()
        play_one_move(page, game)


def test_while_only_bots_are_thinking_the_table_says_so(phone_page, live_server, settings):
    # No worker: the Good bots stay to act, and the page tells the person what it waits for.
    settings.GAME_BOT_BUDGETS = {"good": 4, "strong": 8}
    page = phone_page
    game, bo = _against_two_good_bots(page, live_server, "bo")
    if bo in get_engine("wizard").to_act(game.state):
        play_one_move(page, game)  # Bo was first: after Bo's move the bots are to act
    expect(page.locator("#my-turn")).to_contain_text("A bot is thinking")
