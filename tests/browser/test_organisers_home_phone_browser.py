"""An organiser's pages on a 390 px phone, in the four languages: on her home page the event
waiting for her decision comes first, says so, and its link opens the tournament at the decision;
on the tournament's page the organisers' log tells a disqualification and each table says whom
it waits for, nothing wider than the screen."""

import pytest
from playwright.sync_api import expect

from tests.conftest import make_user
from tests.tournaments.services.test_a_leaver_is_not_crowned_by_a_table_nobody_played import _semi_finals
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


WORDS = {
    "en": ("disqualified", "waiting for"),
    "it": ("ha squalificato", "in attesa di"),
    "es": ("ha descalificado", "esperando a"),
    "nl": ("gediskwalificeerd", "wacht op"),
}


@pytest.mark.parametrize("language", ["en", "it", "es", "nl"])
def test_the_organisers_log_of_a_disqualification_and_whom_tables_wait_for_fit_a_phone(
    signed_in, live_server, language
):
    from tests.browser.test_entrant_browser import fits
    from tests.tournaments.helpers import make_players, register_and_start
    from tournaments.services import do_create_tournament, do_disqualify

    olga = make_user("olga", display_name="Olga", language=language)
    tournament = do_create_tournament(olga, "Swiss", "emu_ranchers", "swiss", options={"years": 1}, rounds=3)
    players = make_players(4)
    tournament = register_and_start(tournament, players)
    do_disqualify(tournament.pk, olga, players[0], "Played on a second account.")
    page = signed_in("olga", 390)
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
    disqualified, waiting = WORDS[language]
    expect(page.locator("#table-log")).to_contain_text(disqualified)
    expect(page.locator("#table-log")).to_contain_text(players[0].profile.name)
    expect(page.locator("#adjudicate summary").first).to_contain_text(waiting)
    fits(page, 390)
