"""A round robin's bye said at its worth on the entrant's "Your table" card, on a 390 px phone in
the site's languages: the longest of the new bye texts (a round its annulled leaver left short)
fits beside the standings and their tie-break help."""

import pytest
from playwright.sync_api import expect

from tests.browser.test_emu_browser import open_signed_in
from tests.browser.test_entrant_browser import fits
from tests.tournaments.helpers import emu_round_robin, finish_round, make_players
from tournaments.services import do_drop

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

VOID = {
    "en": "this round scores nothing for you",
    "it": "questo turno non ti dà punti",
    "es": "esta ronda no te da puntos",
    "nl": "deze ronde levert je niets op",
}


@pytest.mark.parametrize("language", ["en", "it", "es", "nl"])
def test_a_void_bye_reads_whole_on_a_phone(browser, live_server, monkeypatch, language):
    monkeypatch.setattr("tournaments.signals.queue_task", lambda name, args: None)  # the test advances itself
    organiser, *players = make_players(5, f"b{language}")
    tournament = emu_round_robin(organiser, players, f"Byes {language}")
    leaver = players[0]
    do_drop(tournament.pk, leaver)  # one game of three: under half, every result annulled
    finish_round(tournament)
    entry = tournament.entries.get(user=leaver).pk
    tables, _rests = tournament.schedule[1]
    (other,) = next(set(table) - {entry} for table in tables if entry in table)
    reader = tournament.entries.get(pk=other).user
    reader.profile.language = language
    reader.profile.save(update_fields=["language"])
    context, page = open_signed_in(browser, live_server, reader, 390)
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
    expect(page.locator("#your-table")).to_contain_text(VOID[language])
    expect(page.locator("#tie-breaks")).to_be_visible()
    fits(page, 390)
    context.close()
