"""An organiser, in a real browser at a desktop and a phone width, finds a knock-out final that
nobody played waiting for their decision, sets its result with a reason, and the event finishes
with that champion; the form fits a 390 px phone and axe-core finds no serious violation."""

import pytest
from playwright.sync_api import expect

from games.models import Game, Seat
from tests.browser.test_organisers_browser import log_in, serious_violations
from tests.conftest import make_user
from tests.tournaments.helpers import current_tables
from tournaments.models import Tournament
from tournaments.services import do_advance_round, do_create_tournament, do_register, do_start

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("width", [1280, 390])
def test_an_organiser_decides_an_abandoned_final_and_the_event_finishes(browser, live_server, monkeypatch, width):
    # The worker's task, run in place: the adjudication's commit moves the tournament on.
    monkeypatch.setattr("tournaments.services.adjudication.queue_task", lambda name, args: do_advance_round(args[0]))
    organiser = make_user(f"olga{width}", display_name="Olga")
    ana, ben = make_user(f"ana{width}", display_name="Ana"), make_user(f"ben{width}", display_name="Ben")
    tournament = do_create_tournament(organiser, "Cup", "emu_ranchers", "single", options={"years": 1})
    for player in (ana, ben):
        do_register(tournament.pk, player)
    do_start(tournament.pk, organiser)
    (final,) = current_tables(tournament)
    final.game.seats.update(kind=Seat.Kind.BOT, status=Seat.Status.LEFT)
    Game.objects.filter(pk=final.game_id).update(status=Game.Status.ABANDONED)
    do_advance_round(tournament.pk)

    context = browser.new_context(viewport={"width": width, "height": 900}, locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(15_000)
    log_in(page, live_server, f"olga{width}")
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
    expect(page.locator("#awaiting-decision")).to_contain_text("Waiting for the organisers' decision")
    form = page.locator("details.adjudication").first
    expect(form).to_have_attribute("open", "")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert serious_violations(page) == []
    ben_entry = tournament.entries.get(user=ben).pk
    ana_entry = tournament.entries.get(user=ana).pk
    form.locator(f'select[name="rank-{ben_entry}"]').select_option("1")
    form.locator(f'select[name="rank-{ana_entry}"]').select_option("2")
    form.get_by_label("Reason (mailed to the players)").fill("Ben led when the server failed")
    page.once("dialog", lambda dialog: dialog.accept())  # "Set this table's result? ..."
    form.get_by_role("button", name="Set the result").click()
    expect(page.locator(".messages")).to_contain_text("The table's result is set")
    expect(page.locator("#final-places tr").first).to_contain_text("Ben")
    expect(page.locator("#table-log")).to_contain_text("Ben led when the server failed")
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.FINISHED
    context.close()
