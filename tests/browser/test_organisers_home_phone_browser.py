"""An organiser's home page on a 390 px phone, in the four languages: the event waiting for her
decision comes first, says so, and its link opens the tournament at the decision."""

import pytest
from playwright.sync_api import expect

from tests.conftest import make_user
from tests.tournaments.test_a_leaver_is_not_crowned_by_a_table_nobody_played import _semi_finals
from tournaments.services import do_advance_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WAITS = {
    "en": "It waits for your decision on a table nobody played.",
    "it": "Attende la tua decisione su un tavolo che nessuno ha giocato.",
    "es": "Espera tu decisión sobre una mesa que nadie jugó.",
    "nl": "Het wacht op jouw besluit over een tafel die niemand speelde.",
}


@pytest.mark.parametrize("language", ["en", "it", "es", "nl"])
def test_an_organisers_home_on_a_phone_leads_to_the_decision_awaited(signed_in, live_server, language):
    organiser = make_user("olga", display_name="Olga", language=language)
    tournament, _played, _unplayed, _leaver = _semi_finals(organiser)
    assert do_advance_round(tournament.pk) is None
    page = signed_in("olga", 390)
    page.goto(f"{live_server.url}/")
    organised = page.locator("#organised")
    expect(organised).to_contain_text(WAITS[language])
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    organised.get_by_role("link", name="KO").click()
    expect(page.locator("#awaiting-decision")).to_be_visible()
    expect(page).to_have_url(f"{live_server.url}/tournaments/{tournament.pk}/#awaiting-decision")
