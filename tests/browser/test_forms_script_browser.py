"""forms.js does, under the Content-Security-Policy, what inline handlers did: the resign question
and the select that submits its form (the conftest fails any test on a refused script)."""

import pytest

from games.engines import get_engine
from games.models import Seat
from tests.browser.test_emu_browser import open_signed_in
from tests.conftest import make_user
from tests.games.conftest import seat_user, start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_resigning_asks_first_and_a_no_changes_nothing(browser, live_server):
    users = [make_user("ann"), make_user("ben")]
    game = start_game(users, engine="emu_ranchers")
    context, page = open_signed_in(browser, live_server, users[0], 1200)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    asked = []

    def answer(dialog, accept: bool) -> None:
        asked.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    page.once("dialog", lambda dialog: answer(dialog, False))
    page.get_by_role("button", name="Resign").click()
    page.wait_for_timeout(500)
    assert asked and asked[0].startswith("Resign?")
    assert game.seats.get(user=users[0]).status == Seat.Status.PLAYING

    page.once("dialog", lambda dialog: answer(dialog, True))
    with page.expect_navigation():
        page.get_by_role("button", name="Resign").click()
    assert game.seats.get(user=users[0]).status != Seat.Status.PLAYING
    context.close()


def test_it_resigns_while_it_is_the_players_move(browser, live_server):
    # The move preview's Confirm button and the resign form once shared data-confirm: table.js
    # took a click on Resign for a Confirm of no move, and nothing was asked or sent.
    game = start_game([make_user("cleo"), make_user("dirk")], engine="emu_ranchers")
    to_act = get_engine("emu_ranchers").to_act(game.state)[0]
    user = seat_user(game, to_act)
    context, page = open_signed_in(browser, live_server, user, 390)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    assert page.locator("#pointing-preview").count() == 1  # the table offers this player a move
    asked = []

    def accept(dialog) -> None:
        asked.append(dialog.message)
        dialog.accept()

    page.once("dialog", accept)
    with page.expect_navigation():
        page.get_by_role("button", name="Resign").click()
    assert asked and asked[0].startswith("Resign?")
    seat = game.seats.get(position=to_act)
    assert (seat.status, seat.kind) == (Seat.Status.RESIGNED, Seat.Kind.BOT)
    context.close()


def test_choosing_a_game_filters_the_tournament_list_at_once(page, live_server):
    page.goto(f"{live_server.url}/tournaments/")
    with page.expect_navigation():
        page.get_by_label("Game").select_option("wizard")
    assert page.url.endswith("?game=wizard")
