"""An organiser creates a tournament in a real browser, players register, it starts, and the
tournament page shows the round and the bracket."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import log_in
from tests.conftest import make_user
from tests.tournaments.helpers import current_tables, play_out
from tournaments.models import Tournament
from tournaments.services import do_advance_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_organiser_runs_a_small_knockout_from_the_browser(browser, live_server, monkeypatch):
    monkeypatch.setattr("tournaments.signals.queue_task", lambda name, args: None)  # the test advances itself
    make_user("olga", display_name="Olga")
    for name in ("ana", "ben", "cy"):
        make_user(name, display_name=name.title())

    organiser_context = browser.new_context(locale="en-GB")
    organiser = organiser_context.new_page()
    log_in(organiser, live_server, "olga")
    organiser.goto(f"{live_server.url}/tournaments/new/")
    organiser.get_by_label("Name").fill("Emu Knockout")
    organiser.get_by_label("Game:", exact=True).select_option("emu_ranchers")
    organiser.get_by_label("Format").select_option("single")
    organiser.get_by_role("button", name="Create").click()
    organiser.wait_for_url("**/tournaments/*/")
    tournament = Tournament.objects.get(name="Emu Knockout")

    for name in ("ana", "ben", "cy"):
        context = browser.new_context(locale="en-GB")
        player = context.new_page()
        log_in(player, live_server, name)
        player.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
        player.get_by_role("button", name="Register").click()
        expect(player.locator(".messages")).to_contain_text("You are in.")
        context.close()

    organiser.reload()
    organiser.once("dialog", lambda dialog: dialog.accept())  # "Start the tournament now? ..."
    organiser.get_by_role("button", name="Start now").click()
    expect(organiser.locator(".messages")).to_contain_text("The tournament has started.")
    expect(organiser.locator("#rounds")).to_contain_text("Round 1")

    for table in current_tables(tournament):
        play_out(table.game)
    do_advance_round(tournament.pk)
    organiser.reload()
    expect(organiser.locator("#rounds")).to_contain_text("Round 2")
    # A knock-out is told by its bracket, not by a Swiss standings table.
    expect(organiser.locator("#bracket svg g.match")).to_have_count(3)
    expect(organiser.locator("#standings")).to_have_count(0)
    organiser_context.close()


@pytest.mark.parametrize("language", ["en", "nl"])
def test_a_finished_swiss_with_a_top_cut_tells_on_a_phone_that_the_knock_out_decided_the_top(
    browser, live_server, monkeypatch, language
):
    from tests.browser.test_entrant_browser import fits
    from tests.tournaments.helpers import make_players, register_and_start
    from tournaments.services import do_create_tournament

    monkeypatch.setattr("tournaments.signals.queue_task", lambda name, args: None)  # the test advances itself
    make_user("olga", display_name="Olga", language=language)
    tournament = do_create_tournament(
        make_players(1, "org")[0], "Phone Cut", "emu_ranchers", "swiss", rounds=2, top_cut=4, options={"years": 1}
    )
    tournament = register_and_start(tournament, make_players(6))
    while tournament.status != Tournament.Status.FINISHED:
        for table in current_tables(tournament):
            play_out(table.game)
        do_advance_round(tournament.pk)
        tournament.refresh_from_db()

    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        log_in(page, live_server, "olga")
        page.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
        said = {
            "en": ("The top cut decides the first 4 places", "Round 4 · top cut"),
            "nl": ("De finalegroep bepaalt de eerste 4 plaatsen", "Ronde 4 · finalegroep"),
        }[language]
        expect(page.locator("#cut-decides")).to_contain_text(said[0])
        expect(page.locator("#rounds h2").first).to_have_text(said[1])
        expect(page.locator("#rounds h2").last).to_have_text(said[1].replace("4", "1").split(" · ")[0])
        fits(page, 390)
    finally:
        context.close()
