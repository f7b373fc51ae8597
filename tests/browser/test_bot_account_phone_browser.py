"""On a phone: an account made a bot account from its settings, then found on the bot accounts'
leaderboard, with the mark, and neither page scrolls sideways."""

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.conftest import make_user
from tournaments.ratings.models import Rating

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways on a phone ({width}px)"


def test_an_account_becomes_a_bot_account_and_is_listed_apart_on_a_phone(signed_in, live_server):
    robo = make_user("robo")
    page = signed_in("robo", width=390)
    page.goto(f"{live_server.url}/accounts/profile/")
    section = page.locator("#bot-account")
    expect(section.get_by_role("button", name="Make this a bot account")).to_be_visible()
    no_sideways_scroll(page)
    page.once("dialog", lambda dialog: dialog.accept())
    section.get_by_role("checkbox").check()
    section.get_by_role("button", name="Make this a bot account").click()
    expect(page.locator("#bot-account")).to_contain_text("This account is a bot account")
    expect(page.locator("#bot-account .bot-account")).to_be_visible()
    no_sideways_scroll(page)
    robo.profile.refresh_from_db()
    assert robo.profile.bot_account
    Rating.objects.create(
        player=robo, pool="wizard", rating=1600, games=50, opponents=20, peak=1600, last_game_at=timezone.now()
    )
    page.goto(f"{live_server.url}/ratings/wizard/")
    page.locator("#board-of").get_by_role("link", name="Bot accounts").click()
    expect(page.locator("#board-of a[aria-current=page]")).to_have_text("Bot accounts")
    row = page.locator("table.leaderboard tbody tr").filter(has_text="robo")
    expect(row.locator(".bot-account")).to_be_visible()
    no_sideways_scroll(page)
