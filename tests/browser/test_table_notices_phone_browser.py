"""The table's new notices on a 390 px phone, in the site's languages: a game every player left
says why it stopped, and a seat offered back to its player comes first, above the board (not about
3,000 px down)."""

import pytest
from playwright.sync_api import expect

from games.services import do_offer_seat, do_resign
from tests.browser.test_emu_browser import open_signed_in
from tests.browser.test_entrant_browser import fits
from tests.conftest import make_user
from tests.games.conftest import start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

STOPPED = {
    "it": "Questa partita si è fermata senza risultato",
    "es": "Esta partida se detuvo sin resultado",
    "nl": "Deze partij is gestopt zonder uitslag",
}
OFFERED = {
    "it": "Puoi riprendere il tuo posto",
    "es": "Puedes recuperar tu asiento",
    "nl": "Je kunt je plaats terugnemen",
}


@pytest.mark.parametrize("language", ["it", "es", "nl"])
def test_a_stopped_game_and_a_seat_offered_back_read_well_on_a_phone(browser, live_server, language):
    ann, ben, cid = (
        make_user(f"{n}{language}", display_name=n.title(), language=language) for n in ("ann", "ben", "cid")
    )
    stopped = start_game([ann, ben], engine="emu_ranchers")
    do_resign(stopped.pk, ann)
    do_resign(stopped.pk, ben)
    offered = start_game([ann, cid], engine="emu_ranchers")
    do_resign(offered.pk, cid)
    do_offer_seat(offered.pk, ann, offered.seats.get(user=cid).position, cid)

    context, page = open_signed_in(browser, live_server, ann, 390)
    page.goto(f"{live_server.url}/games/{stopped.pk}/")
    expect(page.locator("#abandoned-why")).to_contain_text(STOPPED[language])
    fits(page, 390)
    context.close()

    context, page = open_signed_in(browser, live_server, cid, 390)
    page.goto(f"{live_server.url}/games/{offered.pk}/#seat-offer")
    offer = page.locator("#seat-offer")
    expect(offer).to_contain_text(OFFERED[language])
    expect(offer).to_be_in_viewport()
    board = page.locator("#view")
    assert offer.bounding_box()["y"] < board.bounding_box()["y"]
    fits(page, 390)
    context.close()
