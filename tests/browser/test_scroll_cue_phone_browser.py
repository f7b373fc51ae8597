"""A table wider than a phone says so: standings and crosstables scroll in their own frame on a
390 px phone, where their last columns ("Opponents' average", "Rating at the start") would be
cut off with nothing showing that the frame scrolls. Above a frame that
scrolls, a line says to slide it sideways, in the reader's language; where everything fits,
nothing is said."""

import pytest
from playwright.sync_api import expect

from tests.conftest import make_user
from tests.tournaments.helpers import emu_round_robin, make_players

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HINTS = {
    "en": "Slide sideways to see the rest.",
    "it": "Scorri di lato per vedere il resto.",
    "es": "Desliza hacia un lado para ver el resto.",
    "nl": "Schuif opzij om de rest te zien.",
}


def round_robin_of_six():
    return emu_round_robin(make_user("olga", display_name="Olga"), make_players(6), "Emu Round Robin", rounds=5)


@pytest.mark.parametrize("language", ["en", "it", "es", "nl"])
def test_a_crosstable_wider_than_a_phone_says_to_slide_it(browser, live_server, monkeypatch, language):
    monkeypatch.setattr("tournaments.signals.queue_task", lambda name, args: None)
    tournament = round_robin_of_six()
    context = browser.new_context(viewport={"width": 390, "height": 900}, locale=language)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
    frame = page.locator("#crosstable .scroll-frame")
    expect(frame).to_be_visible()
    assert frame.evaluate("f => f.scrollWidth > f.clientWidth")
    hint = page.locator("#crosstable .scroll-hint")
    expect(hint).to_have_text(HINTS[language])
    expect(hint).to_be_visible()
    # The frames that fit the phone say nothing.
    for other in page.locator(".scroll-frame").all():
        if other.evaluate("f => f.scrollWidth <= f.clientWidth"):
            assert other.evaluate("f => f.previousElementSibling?.classList.contains('scroll-hint') ?? false") is False
    context.close()


def test_a_crosstable_that_fits_the_screen_says_nothing(browser, live_server, monkeypatch):
    monkeypatch.setattr("tournaments.signals.queue_task", lambda name, args: None)
    tournament = round_robin_of_six()
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
    page = context.new_page()
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
    expect(page.locator("#crosstable .scroll-frame")).to_be_visible()
    expect(page.locator("#crosstable table")).to_be_visible()
    assert page.locator("#crosstable .scroll-frame").evaluate("f => f.scrollWidth <= f.clientWidth")
    expect(page.locator(".scroll-hint")).to_have_count(0)
    # Turned to a phone's width, the same page says it.
    page.set_viewport_size({"width": 390, "height": 900})
    expect(page.locator("#crosstable .scroll-hint")).to_be_visible()
    context.close()
