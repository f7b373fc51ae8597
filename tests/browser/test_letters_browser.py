"""An entrant on a 390 px phone writes to the organisers, and reads in the last round that
there is nothing to drop out of: both cards fit the screen in every language, and axe-core
finds nothing serious."""

import pytest
from playwright.sync_api import expect

from tests.browser.test_accessibility_browser import serious_violations
from tests.browser.test_entrant_browser import fits
from tests.conftest import make_user
from tests.tournaments.helpers import make_players, start
from tournaments.models import EntrantLetter
from tournaments.services import do_create_tournament, do_register

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WORDS = {
    "en": ("Send to the organisers", "Your letter went to the organisers.", "This is the last round"),
    "es": ("Enviar a los organizadores", "Tu carta ha salido hacia los organizadores.", "Esta es la última ronda"),
    "nl": (
        "Versturen naar de organisatoren",
        "Je brief is naar de organisatoren verstuurd.",
        "Dit is de laatste ronde",
    ),
}


@pytest.mark.parametrize("language", ["en", "es", "nl"])
def test_an_entrant_writes_to_the_organisers_from_a_phone_in_the_last_round(signed_in, live_server, language):
    organiser = make_user("olga", display_name="Olga")
    tournament = do_create_tournament(
        organiser,
        "Een toernooi met een hele lange naam voor de test",
        "cubirds",
        "swiss",
        seats_preferred=2,
        seats_min=2,
        seats_max=2,
        rounds=1,
    )
    writer = make_user("ilse", display_name="Ilse", language=language)
    for player in [writer, *make_players(3)]:
        do_register(tournament.pk, player)
    start(tournament)
    send, sent, last = WORDS[language]
    page = signed_in("ilse", 390)
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
    expect(page.locator("#your-entry")).to_contain_text(last)
    page.locator("#letter-text").fill("Mijn mail kwam in de spam terecht.\nKan ik de uitslag nog zien?")
    page.get_by_role("button", name=send).click()
    expect(page.get_by_text(sent)).to_be_visible()
    assert EntrantLetter.objects.get().text.startswith("Mijn mail kwam in de spam terecht.")
    fits(page, 390)
    assert serious_violations(page) == []
