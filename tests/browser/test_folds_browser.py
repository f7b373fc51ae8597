"""A section of the table a player folded or unfolded stays as they left it when the table
refreshes (another player moved), on a 390 px phone: the move list and Emu Ranchers' year
bird by bird, as the Wild Cards discard pile already does (test_wildcards_browser.py)."""

import pytest
from playwright.sync_api import expect

from games.engines import get_engine
from games.models import Game
from games.services.play import do_action
from tests.browser.conftest import log_in
from tests.conftest import make_user
from tests.games.conftest import seat_user, start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def open_table(browser, live_server, game, user):
    context = browser.new_context(viewport={"width": 390, "height": 800}, locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(15_000)
    log_in(page, live_server, user.username)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    return context, page


def default_move(game: Game, seat: int) -> None:
    engine = get_engine(game.engine)
    action = engine.auto_action(game.state, seat)
    do_action(game.pk, seat, action, "web", user=seat_user(game, seat), expected_version=game.version)
    game.refresh_from_db()


def toggle_and_expect_it_kept(page, fold, after_refresh) -> None:
    """Fold or unfold `fold` (whichever it is not), let `after_refresh` make the table
    refresh, and expect the fold as the player left it."""
    was_open = fold.evaluate("d => d.open")
    fold.locator("summary").first.click()
    expect(fold).to_have_js_property("open", not was_open)
    version = after_refresh()
    expect(page.locator("[data-refresh]")).to_have_attribute("data-version", str(version))
    expect(fold).to_have_js_property("open", not was_open)


def test_the_move_list_keeps_its_fold_when_the_table_refreshes(browser, live_server, monkeypatch):
    monkeypatch.setattr("games.play.views.REFRESH_SECONDS", 1)
    users = [make_user("gia"), make_user("gil"), make_user("gus")]
    game = start_game(users, engine="wildcards", options={"edition": "2022"})
    context, page = open_table(browser, live_server, game, seat_user(game, 1))
    move_list = page.locator("details.move-list")

    def another_seat_bids() -> int:
        default_move(game, 0)  # seat 1 still has its bid to make: its move list stays
        return game.version

    toggle_and_expect_it_kept(page, move_list, another_seat_bids)
    context.close()


def test_emus_year_bird_by_bird_keeps_its_fold_when_the_table_refreshes(browser, live_server, monkeypatch):
    monkeypatch.setattr("games.play.views.REFRESH_SECONDS", 1)
    engine = get_engine("emu_ranchers")
    game = start_game([make_user("hal"), make_user("hana")], engine="emu_ranchers", options={"years": 2})
    for _step in range(500):  # the first year, played by default moves
        if game.state["history"]:
            break
        default_move(game, engine.to_act(game.state)[0])
    assert game.state["history"], "the first year did not end"
    context, page = open_table(browser, live_server, game, seat_user(game, 0))
    breakdown = page.locator("details.emu-breakdown")

    def a_move_is_made() -> int:
        default_move(game, engine.to_act(game.state)[0])
        return game.version

    toggle_and_expect_it_kept(page, breakdown, a_move_is_made)
    context.close()
