"""A double elimination's bracket reads well on a desktop and on a 390 px phone, in the light
theme and in the dark one (the reader's system setting, prefers-color-scheme): boxes filled in
the theme's surface with names in its ink, seeds shown, the matches in play outlined, and the
bracket scrolling in its own frame while the page itself never scrolls sideways. axe-core
(colour contrast included) finds nothing serious."""

import pytest
from playwright.sync_api import expect

from tests.browser.test_accessibility_browser import serious_violations
from tests.conftest import make_user
from tests.tournaments.helpers import current_tables, make_players, play_out
from tournaments.services import do_advance_round, do_create_tournament, do_register, do_start

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


# The theme's surface and ink, as site.css gives them.
SURFACE = {"light": "rgb(255, 255, 255)", "dark": "rgb(30, 34, 40)"}
INK = {"light": "rgb(31, 36, 48)", "dark": "rgb(230, 232, 236)"}


@pytest.mark.parametrize(("width", "scheme"), [(1280, "light"), (390, "light"), (1280, "dark"), (390, "dark")])
def test_a_double_elimination_bracket_is_legible_and_fits_the_screen(browser, live_server, monkeypatch, width, scheme):
    monkeypatch.setattr("tournaments.signals.queue_task", lambda name, args: None)  # the test advances itself
    organiser = make_user("olga")
    tournament = do_create_tournament(
        organiser, "Emu Double", "emu_ranchers", "double", seats_preferred=2, seats_min=2, seats_max=2
    )
    for player in make_players(8):
        do_register(tournament.pk, player)
    do_start(tournament.pk, organiser)
    for _round in range(2):
        for table in current_tables(tournament):
            play_out(table.game)
        do_advance_round(tournament.pk)

    context = browser.new_context(viewport={"width": width, "height": 900}, locale="en-GB", color_scheme=scheme)
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
        frame = page.locator("#bracket .scroll-frame")
        expect(frame.locator("svg.bracket")).to_be_visible()
        expect(frame.locator("g.match.current").first).to_be_visible()
        expect(frame.locator("text", has_text="1. P0").first).to_be_attached()
        fill = frame.locator("rect.match-box").first.evaluate("box => getComputedStyle(box).fill")
        name = frame.locator("text.player").first.evaluate("t => getComputedStyle(t).fill")
        assert (fill, name) == (SURFACE[scheme], INK[scheme])
        page_colour = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert page_colour == ("rgb(251, 250, 247)" if scheme == "light" else "rgb(21, 24, 29)")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert serious_violations(page) == []
    finally:
        context.close()
