"""A player's rating page in Chromium: the chart is drawn, and with JavaScript off the numbers are
readable; a finished table names, on a phone, the newcomers whose results left an established
rating unchanged."""

import pytest
from playwright.sync_api import expect

from tests.browser.test_accessibility_browser import serious_violations
from tests.browser.test_entrant_browser import fits
from tests.conftest import make_user
from tests.ratings.conftest import finished_game
from tournaments.ratings.services import do_rate_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def rated_alice(alice, bob):
    for minute in range(4):
        ranks = [(alice, 1), (bob, 2)] if minute % 2 == 0 else [(alice, 2), (bob, 1)]
        do_rate_game(finished_game(ranks, minutes=minute).pk)
    return alice


def test_the_rating_chart_is_drawn(page, live_server, rated_alice):
    page.goto(f"{live_server.url}/ratings/players/alice/")
    chart = page.locator(".rating-chart svg")
    expect(chart).to_be_visible()
    box = chart.bounding_box()
    assert box is not None and box["width"] > 200 and box["height"] > 100
    # The line of the ratings is drawn: a path with points, one per game and the start.
    expect(page.locator(".rating-chart svg path.line").first).to_be_attached()
    expect(page.locator(".rating-chart svg .dots")).to_have_count(5)


def test_with_javascript_off_the_history_is_readable(browser, live_server, rated_alice):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/ratings/players/alice/")
        expect(page.locator(".rating-chart svg")).to_have_count(1)
        page.locator("details summary").first.click()
        rows = page.locator("table.rating-history tbody tr")
        expect(rows).to_have_count(4)
        expect(rows.first).to_contain_text("1520")  # after the first game, a win from 1500
    finally:
        context.close()


NEW_TO_RATINGS = {
    "en": "New to ratings: Nina Nieuwenhuizen-Vandenberghe.",
    "es": "Con puntuación aún no asentada: Nina Nieuwenhuizen-Vandenberghe.",
    "nl": "Nieuw in de rating: Nina Nieuwenhuizen-Vandenberghe.",
}


@pytest.mark.parametrize("language", ["en", "es", "nl"])
def test_a_finished_table_names_its_newcomers_on_a_phone(signed_in, live_server, settings, alice, bob, language):
    settings.LEADERBOARD_MIN_GAMES = settings.LEADERBOARD_MIN_OPPONENTS = 1
    do_rate_game(finished_game([(alice, 1), (bob, 2)]).pk)  # both established by it
    newcomer = make_user("nina", display_name="Nina Nieuwenhuizen-Vandenberghe", language=language)
    game = finished_game([(alice, 1), (newcomer, 2)], minutes=1)
    do_rate_game(game.pk)
    page = signed_in("nina", 390)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator("#new-to-ratings")).to_contain_text(NEW_TO_RATINGS[language])
    fits(page, 390)
    assert serious_violations(page) == []


# The dates of eight games ten days apart from 1 January 2026, as each language shortens them.
CHART_DATES = {
    "en": ["1 Jan", "11 Jan", "21 Jan", "31 Jan", "10 Feb", "20 Feb", "2 Mar", "12 Mar"],
    "it": ["1 gen", "11 gen", "21 gen", "31 gen", "10 feb", "20 feb", "2 mar", "12 mar"],
    "es": ["1 ene", "11 ene", "21 ene", "31 ene", "10 feb", "20 feb", "2 mar", "12 mar"],
    "nl": ["1 jan", "11 jan", "21 jan", "31 jan", "10 feb", "20 feb", "2 mrt", "12 mrt"],
}
# Each chart text's size as drawn: its font size times the chart's scale on the page.
CHART_TEXT_SIZES = """() => [...document.querySelectorAll('.rating-chart svg text')].map(text => {
  const svg = text.ownerSVGElement;
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  return [text.textContent, parseFloat(getComputedStyle(text).fontSize) * scale];
})"""


@pytest.mark.parametrize("language", ["en", "it", "es", "nl"])
def test_the_rating_chart_can_be_read_on_a_phone_with_dates_on_its_axis(signed_in, live_server, bob, language):
    lia = make_user("lia", language=language)
    for number in range(8):
        ranks = [(lia, 1), (bob, 2)] if number % 3 else [(lia, 2), (bob, 1)]
        do_rate_game(finished_game(ranks, minutes=number * 10 * 24 * 60 + 12 * 60).pk)
    page = signed_in("lia", 390)
    page.goto(f"{live_server.url}/ratings/players/lia/")
    expect(page.locator(".rating-chart svg")).to_be_visible()
    # The start, before the first game, has no date.
    shown = [text for text in page.locator(".rating-chart svg .axis.x text").all_text_contents() if text]
    assert len(shown) >= 3 and set(shown) <= set(CHART_DATES[language]), shown
    small = [(text, round(size, 1)) for text, size in page.evaluate(CHART_TEXT_SIZES) if text.strip() and size < 9]
    assert small == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
