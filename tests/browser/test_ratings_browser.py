"""A player's rating page in Chromium: the chart is drawn, and with JavaScript off the numbers are readable."""

import pytest
from playwright.sync_api import expect

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
