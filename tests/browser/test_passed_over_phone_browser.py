"""A round robin's round passed over (drops emptied it) is said on the event's page, whole on a
390 px phone in the site's languages, beside the status it explains."""

import pytest
from playwright.sync_api import expect

from tests.browser.test_emu_browser import open_signed_in
from tests.browser.test_entrant_browser import fits
from tests.tournaments.helpers import make_players
from tests.tournaments.pages.test_passed_over_round_is_said import _three_with_round_two_emptied

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSED = {
    "en": "1 of the schedule's 3 rounds was passed over",
    "it": "1 dei 3 turni del calendario è stato saltato",
    "es": "1 de las 3 rondas del calendario se ha saltado",
    "nl": "1 van de 3 rondes van het schema is overgeslagen",
}


@pytest.mark.parametrize("language", ["en", "it", "es", "nl"])
def test_a_passed_over_round_reads_whole_on_a_phone(browser, live_server, monkeypatch, language):
    monkeypatch.setattr("tournaments.signals.queue_task", lambda name, args: None)  # the test advances itself
    organiser = make_players(1, f"o{language}")[0]
    tournament = _three_with_round_two_emptied(organiser)
    reader = tournament.entries.filter(dropped_before_round=None).first().user
    reader.profile.language = language
    reader.profile.save(update_fields=["language"])
    context, page = open_signed_in(browser, live_server, reader, 390)
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
    expect(page.locator("#passed-over")).to_contain_text(PASSED[language])
    fits(page, 390)
    context.close()
