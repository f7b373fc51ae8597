import re

import pytest
from django.core import mail
from playwright.sync_api import expect

from tests.browser.conftest import log_in
from tests.conftest import PASSWORD, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def submit_login(page, live_server, login, password):
    """Fill in and send the login form, whatever comes of it (`log_in` waits for success)."""
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username or email address").fill(login)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()


def sign_up_and_confirm(page, live_server, username: str) -> None:
    """Sign up through the form, then follow the confirmation link from the mail and confirm."""
    page.goto(f"{live_server.url}/accounts/signup/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Email address").fill(f"{username}@example.org")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Create my account").click()
    expect(page.locator("h1")).to_contain_text("Check your mail")
    page.goto(re.search(r"http://\S+", mail.outbox[-1].body).group(0))
    page.get_by_role("button", name="Confirm and log in").click()


def test_a_player_logs_in_and_out_in_a_real_browser(page, live_server):
    make_user("alice", display_name="Alice")
    log_in(page, live_server, "alice")
    expect(page.get_by_test_id("signed-in-user")).to_have_text("Alice")
    expect(page.locator("h1")).to_contain_text("Welcome back, Alice")
    page.get_by_role("button", name="Log out").click()
    expect(page.get_by_role("link", name="Log in", exact=True)).to_be_visible()


def test_a_wrong_password_shows_a_clear_message(page, live_server):
    make_user("alice")
    submit_login(page, live_server, "alice", "not-the-password")
    expect(page.locator(".form-errors")).to_contain_text("do not match")
    expect(page.get_by_test_id("signed-in-user")).to_have_count(0)


def test_a_new_player_signs_up_confirms_and_lands_on_settings(page, live_server, settings):
    settings.SITE_URL = live_server.url
    sign_up_and_confirm(page, live_server, "dora")
    expect(page.locator(".messages")).to_contain_text("Your address is confirmed")
    expect(page.get_by_test_id("signed-in-user")).to_have_text("dora")


def test_the_layout_fits_a_phone(phone_page, live_server):
    make_user("alice", display_name="Alice")
    log_in(phone_page, live_server, "alice")
    expect(phone_page.get_by_test_id("signed-in-user")).to_be_visible()
    width = phone_page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways on a phone ({width}px)"


def test_a_new_player_in_rome_gets_deadlines_in_romes_time_without_asking(browser, live_server, settings):
    # A new account does not start in UTC, or a player in Rome reads every deadline an hour off
    # until they find the setting. The browser's own zone is taken.
    from wildcards_site.accounts.models import profile_for

    settings.SITE_URL = live_server.url
    context = browser.new_context(viewport={"width": 390, "height": 844}, timezone_id="Europe/Rome")
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        sign_up_and_confirm(page, live_server, "rita")
        expect(page.get_by_label("Time zone")).to_have_value("Europe/Rome")
    finally:
        context.close()
    from django.contrib.auth import get_user_model

    assert profile_for(get_user_model().objects.get(username="rita")).time_zone == "Europe/Rome"
