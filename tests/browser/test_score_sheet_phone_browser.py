"""On a 390 px phone the Wild Cards score sheet shows each player's total without scrolling
sideways: "Points if the game ended now" must not hide the Total behind the scroll."""

import pytest
from playwright.sync_api import expect

from tests.browser.test_wildcards_browser import open_table
from tests.conftest import make_user
from tests.games.conftest import seat_user, start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_points_if_the_game_ended_now_show_the_total_without_scrolling(browser, live_server):
    names = ("Bartholomew", "Maximiliane", "Konstantin")
    game = start_game([make_user(name.lower(), display_name=name) for name in names], engine="wildcards")
    context, page = open_table(browser, live_server, game, seat_user(game, 0), 390)
    try:
        sheet = page.locator("h3", has_text="Points if the game ended now").locator("xpath=following-sibling::div[1]")
        total = sheet.get_by_role("columnheader", name="Total")
        expect(total).to_be_visible()
        box = total.bounding_box()
        assert box["x"] + box["width"] <= 390, box
        for row in sheet.locator("tbody tr").all():  # each player's total too
            cell = row.locator("td").nth(1)
            expect(cell.locator("strong")).to_be_visible()
            cell_box = cell.bounding_box()
            assert cell_box["x"] + cell_box["width"] <= 390, cell_box
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        context.close()


@pytest.mark.parametrize("language", ["en", "es", "nl", "it"])
def test_the_wizard_players_table_shows_every_score_on_a_phone(signed_in, live_server, language):
    # "Jugador / Cartas / Apuesta / Bazas / Puntos" fits a 324 px frame, not 350 px wide with
    # the score column cut to "Punt" and nothing to say it scrolls.
    names = ("Bartholomew", "Maximiliane", "Konstantin", "Wilhelmina")
    users = [make_user(name.lower(), display_name=name, language=language) for name in names]
    game = start_game(users, engine="wizard")
    page = signed_in(seat_user(game, 0).username, 390)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    players = page.locator("table.wc-players")
    expect(players.locator("tbody tr")).to_have_count(4)
    frame = players.locator("xpath=..")
    assert players.evaluate("table => table.scrollWidth") <= frame.evaluate("frame => frame.clientWidth")
    last = players.locator("thead th").last
    box = last.bounding_box()
    assert box["x"] + box["width"] <= 390, box
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_finished_cubirds_table_shows_every_column_of_its_result_on_a_phone(signed_in, live_server):
    # "Vogels in de collectie", the last column of the final result, is not cut at the edge of
    # a 390 px screen.
    import random

    from tests.history.conftest import new_game, play_on

    users = [make_user(name, display_name=name.title(), language="nl") for name in ("wilhelmina", "bartholomew")]
    game = play_on(new_game(users, "cubirds", seed="phone"), random.Random(3))
    assert game.status == "finished"
    page = signed_in("wilhelmina", 390)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    race = page.locator("table.cb-race")
    expect(race.locator("tbody tr")).to_have_count(2)
    frame = race.locator("xpath=..")
    assert race.evaluate("table => table.scrollWidth") <= frame.evaluate("frame => frame.clientWidth")
    box = race.locator("thead th").last.bounding_box()
    assert box["x"] + box["width"] <= 390, box
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
