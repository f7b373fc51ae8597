"""Lists of games and tokens on a 390 px phone: every column, its last link or button included,
shows without scrolling a frame sideways (not "Replay" cut to "R" on a player's page,
"Repet" in the Spanish history or the Dutch "Intrekken" off the screen)."""

import pytest
from playwright.sync_api import expect

from games.management.demo import play_defaults
from games.services import do_create_game
from tests.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Frames whose table is wider than the frame, and links or buttons in a table past the screen's edge.
CUT = """width => [
  ...[...document.querySelectorAll(".scroll-frame")]
    .filter(frame => frame.scrollWidth > frame.clientWidth + 1)
    .map(frame => "frame " + frame.getAttribute("aria-label")),
  ...[...document.querySelectorAll("table a, table button")]
    .filter(el => { const box = el.getBoundingClientRect(); return box.width > 0 && box.right > width + 1; })
    .map(el => el.tagName + " " + el.textContent.trim()),
]"""


@pytest.mark.parametrize("language", ["es", "nl"])
def test_a_players_games_the_history_and_the_tokens_fit_a_phone(signed_in, live_server, language):
    from django.utils import timezone

    from games.models import ApiToken

    daan = make_user("daan", display_name="Daan Dekker-van Langeveld", language=language)
    for seed in ("phone-1", "phone-2"):
        game = do_create_game(daan, "wildcards", 3, {}, bots=2, seed=seed)
        game.refresh_from_db()
        play_defaults(game, None)
    row, _token = ApiToken.issue(daan, "mijn bot voor de avond")
    ApiToken.objects.filter(pk=row.pk).update(last_used_at=timezone.now())
    page = signed_in("daan", 390)
    for path, control in (
        ("/games/players/daan/", "table a[href*='/replay/']"),
        ("/games/history/", "table a[href*='/replay/']"),
        ("/games/api-tokens/", "table button"),
    ):
        page.goto(f"{live_server.url}{path}")
        expect(page.locator(control).first).to_be_visible()
        assert page.evaluate(CUT, 390) == [], path


def test_the_history_s_filter_is_folded_on_a_phone_so_the_games_come_first(browser, live_server):
    game = do_create_game(make_user("ana"), "cubirds", 2, None, bots=1, seed="fold")
    play_defaults(game, None)
    for width, folded in ((390, True), (1200, False)):
        context = browser.new_context(viewport={"width": width, "height": 800}, locale="en-GB")
        page = context.new_page()
        page.goto(f"{live_server.url}/games/history/")
        expect(page.locator("table.history a[href*='/replay/']").first).to_be_visible()
        if folded:
            expect(page.locator("#history-filter")).to_be_hidden()
            page.get_by_text("Filter the games").click()
        expect(page.locator("#history-filter")).to_be_visible()
        context.close()
