"""The create form asks for a deadline per phase only while a deadline per phase is chosen, never
"Deadline per phase" with a time bank chosen."""

import re

import pytest
from playwright.sync_api import expect

from tests.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
BRISK = "Time bank: 3 days, +12 hours a move, at most 3 days"


def test_the_create_form_hides_the_deadline_per_phase_while_a_time_bank_is_chosen(signed_in, live_server):
    make_user("ana")
    page = signed_in("ana", width=390)
    page.goto(f"{live_server.url}/games/new/?engine=cubirds")
    phase = page.get_by_label(re.compile(r"^Deadline per phase:?$"))
    clock = page.get_by_label(re.compile(r"^Time control:?$"))
    expect(phase).to_be_visible()
    clock.select_option(label=BRISK)
    expect(phase).to_be_hidden()
    clock.select_option(label="A deadline per phase")
    expect(phase).to_be_visible()
    # Sent with a time bank, the game has one (the hidden field changes nothing).
    clock.select_option(label=BRISK)
    page.get_by_role("button", name="Create the game").click()
    expect(page.locator("#settings")).to_contain_text(BRISK)
    expect(page.locator("#settings")).not_to_contain_text("Deadline per phase")
