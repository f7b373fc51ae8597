"""The mail preferences page on a phone: every switch fits, and one turns table-change mail off."""

import pytest
from playwright.sync_api import expect

from games.bymail import preferences
from tests.browser.conftest import log_in
from tests.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_player_turns_off_table_change_mail_on_a_phone(phone_page, live_server):
    alice = make_user("alice", display_name="Alice")
    log_in(phone_page, live_server, "alice")
    phone_page.goto(f"{live_server.url}/mail/preferences/")
    switch = phone_page.get_by_label("Changes at my tables: pauses, extended deadlines, seats changing hands")
    expect(switch).to_be_checked()
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 390
    switch.uncheck()
    phone_page.get_by_role("button", name="Save", exact=True).click()
    expect(phone_page.get_by_text("Your mail preferences were saved.")).to_be_visible()
    expect(switch).not_to_be_checked()
    assert preferences.wants(alice, "table-changes") is False
    assert preferences.wants(alice, "game-over") is True
