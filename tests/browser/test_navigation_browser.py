"""The menu reaches tournaments and leaderboards on a desktop and on a 390 px phone."""

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("width", [1280, 390])
def test_the_menu_leads_to_tournaments_and_leaderboards_without_scrolling_sideways(browser, live_server, width):
    context = browser.new_context(viewport={"width": width, "height": 800}, locale="en-GB")
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/games/")
        menu = page.get_by_role("navigation", name="Main")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        menu.get_by_role("link", name="Leaderboards").click()
        expect(page).to_have_url(f"{live_server.url}/ratings/wildcards/")
        page.get_by_role("navigation", name="Main").get_by_role("link", name="Tournaments").click()
        expect(page).to_have_url(f"{live_server.url}/tournaments/")
        expect(page.locator("h1")).to_contain_text("Tournaments")
    finally:
        context.close()
