"""axe-core, run in the page, finds no serious or critical accessibility violation on the pages
that matter: every game's table for a seated player (mid-move, with the pointing targets), the
rules pages, the lobby, the create form, the home page, the history, the tournaments, a
leaderboard and a player page, at a desktop and a phone width, and in the dark theme (the
reader's system setting) as well as the light one: colour contrast included."""

import pytest
from axe_playwright_python.sync_playwright import Axe

from games.engines import ENGINE_NAMES, get_engine
from tests.browser.conftest import log_in
from tests.conftest import make_user
from tests.games.conftest import seat_user, start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SERIOUS = {"serious", "critical"}


def serious_violations(page) -> list[str]:
    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[node['target'] for node in v['nodes'][:3]]}"
        for v in results.response["violations"]
        if v["impact"] in SERIOUS
    ]


@pytest.mark.parametrize(("width", "scheme"), [(1200, "light"), (390, "light"), (1200, "dark")])
def test_the_tables_rules_lobby_and_create_form_have_no_serious_accessibility_violation(
    browser, live_server, width, scheme
):
    tables = []
    for engine_name in ENGINE_NAMES:
        engine = get_engine(engine_name)
        count = 2 if engine_name == "emu_ranchers" else 3
        users = [make_user(f"{engine_name[:4]}{width}{scheme[0]}{i}") for i in range(count)]
        game = start_game(users, engine=engine_name)
        tables.append((game, seat_user(game, engine.to_act(game.state)[0])))
    context = browser.new_context(viewport={"width": width, "height": 900}, locale="en-GB", color_scheme=scheme)
    page = context.new_page()
    page.set_default_timeout(15_000)
    found = {}
    for game, player in tables:
        context.clear_cookies()
        log_in(page, live_server, player.username)
        page.goto(f"{live_server.url}/games/{game.pk}/")
        page.locator("#my-turn").wait_for()
        found[f"{game.engine} table"] = serious_violations(page)
        pick = page.locator("[data-pick].pickable").first
        if pick.count():  # a card picked: targets lit up, others dimmed
            pick.click()
            found[f"{game.engine} table, a card picked"] = serious_violations(page)
    for path in [
        "/",
        "/games/",
        "/games/new/?engine=wildcards",
        "/games/rules/",
        *[f"/games/rules/{e}/" for e in ENGINE_NAMES],
        "/games/history/",
        "/tournaments/",
        "/ratings/wizard/",
        f"/ratings/players/{tables[0][1].username}/",
    ]:
        assert page.goto(f"{live_server.url}{path}").ok, path
        found[path] = serious_violations(page)
    context.close()
    assert {page: problems for page, problems in found.items() if problems} == {}


# The text fields on a phone are 42 px tall, the menus 39: every field is at least as easy to tap.
TAP_HEIGHT = 36


def test_every_field_of_the_forms_is_easy_to_tap_on_a_phone(browser, live_server):
    # On a phone, number and date fields (players, rounds, hours, dates) are as tall as text
    # fields, not 21 px beside 42 px: they are styled too, not only text fields and menus.
    make_user("tapper", staff=True)
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        log_in(page, live_server, "tapper")
        for path in ("/games/new/?engine=wizard", "/tournaments/new/", "/accounts/profile/"):
            page.goto(f"{live_server.url}{path}")
            fields = page.locator(
                "main input:not([type=hidden]):not([type=checkbox]):not([type=radio]), main select, main textarea"
            )
            sizes = fields.evaluate_all(
                "els => els.filter(e => e.offsetParent !== null)"
                ".map(e => [e.name, e.type, Math.round(e.getBoundingClientRect().height)])"
            )
            assert len(sizes) >= 3, (path, sizes)
            small = [size for size in sizes if size[2] < TAP_HEIGHT]
            assert not small, (path, small)
    finally:
        context.close()
