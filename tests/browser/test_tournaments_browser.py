"""An organiser creates a tournament in a real browser, players register, it starts, and the
tournament page shows the round and the bracket."""

import pytest

from tests.conftest import PASSWORD, make_user
from tests.tournaments.helpers import current_tables, play_out
from tournaments.models import Tournament
from tournaments.services import do_advance_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def log_in(page, live_server, username):
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username or email address").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()


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
        assert "You are in." in player.content()
        context.close()

    organiser.reload()
    organiser.get_by_role("button", name="Start now").click()
    assert "The tournament has started." in organiser.content()
    assert "Round 1" in organiser.locator("#rounds").inner_text()

    for table in current_tables(tournament):
        play_out(table.game)
    do_advance_round(tournament.pk)
    organiser.reload()
    assert "Round 2" in organiser.locator("#rounds").inner_text()
    # A knock-out is told by its bracket, not by a Swiss standings table.
    assert organiser.locator("#standings").count() == 0
    assert organiser.locator("#bracket svg g.match").count() == 3
    organiser_context.close()
