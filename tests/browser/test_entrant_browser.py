"""An entrant's day in a real browser, on a desktop and on a 390 px phone: they find their table
from the menu, play at it, follow its link back to the tournament and read the standings and the
round robin's crosstable, which scrolls in its own frame while nothing else is wider than the
screen. Then the head to head lists the games two players had together, and a player's games and
ratings pages and the finished games fit a phone in all four languages. axe-core finds nothing
serious on any of these pages."""

import re

import pytest
from playwright.sync_api import expect

from games.engines import get_engine
from games.models import Action, Game
from games.services import do_action
from games.services.organiser import do_resign
from tests.browser.conftest import play_one_move
from tests.browser.test_accessibility_browser import serious_violations
from tests.conftest import make_user
from tests.games.conftest import play_to_the_end, start_game
from tests.ratings.conftest import finished_game
from tests.tournaments.helpers import current_tables, make_players, play_out, start
from tournaments.models import Table
from tournaments.ratings.services import do_rate_game
from tournaments.services import do_advance_round, do_create_tournament, do_drop, do_register

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Elements wider than the screen, or running past its right edge, outside a scroll frame.
OVERFLOWING = """width => [...document.querySelectorAll("body *")]
  .filter(el => !el.closest(".scroll-frame"))
  .filter(el => { const box = el.getBoundingClientRect(); return box.width > 0 && box.right > width + 1; })
  .map(el => el.tagName + (el.id ? "#" + el.id : "") + "." + el.className)"""


def fits(page, width: int) -> None:
    assert page.evaluate(OVERFLOWING, width) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("width", [1280, 390])
def test_an_entrant_finds_their_table_from_the_menu_plays_and_comes_back_to_the_standings(
    signed_in, live_server, monkeypatch, width
):
    monkeypatch.setattr("tournaments.signals.queue_task", lambda name, args: None)  # the test advances itself
    organiser = make_user("olga", display_name="Olga")
    players = make_players(6)
    tournament = do_create_tournament(
        organiser,
        "Emu Round Robin",
        "emu_ranchers",
        "round_robin",
        options={"years": 1},
        seats_preferred=2,
        seats_min=2,
        seats_max=2,
        rounds=5,
    )
    for player in players:
        do_register(tournament.pk, player)
    tournament = start(tournament)
    entrant = players[0]
    table = Table.objects.get(round__tournament=tournament, round__number=1, game__seats__user=entrant)
    game = table.game

    page = signed_in(entrant.username, width)
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Tournaments").click()
    page.get_by_role("link", name="Emu Round Robin").click()
    your_table = page.locator("#your-table")
    expect(your_table).to_contain_text("Your table")
    your_table.get_by_role("link", name=f"Round 1, table {table.number}").click()
    expect(page).to_have_url(f"{live_server.url}/games/{game.pk}/")
    fits(page, width)

    # The entrant plays from the page whenever it is their turn; the other seat answers.
    played = 0
    seat = game.seats.get(user=entrant).position
    engine = get_engine(game.engine)
    for _turn in range(60):
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING or played >= 3:
            break
        if seat in engine.to_act(game.state):
            page.goto(f"{live_server.url}/games/{game.pk}/")
            play_one_move(page, game)
            played += 1
        else:
            other = engine.to_act(game.state)[0]
            do_action(
                game.pk,
                other,
                engine.auto_action(game.state, other),
                "web",
                user=game.seats.get(position=other).user,
                expected_version=game.version,
            )
    assert Action.objects.filter(game=game, actor=entrant, channel="web").count() == played >= 1
    for each in current_tables(tournament):
        play_out(each.game)
    do_advance_round(tournament.pk)

    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.get_by_role("link", name=f"Round 1, table {table.number} of Emu Round Robin").click()
    expect(page).to_have_url(f"{live_server.url}/tournaments/{tournament.pk}/")
    name = entrant.profile.name
    expect(page.locator("#standings")).to_contain_text(name)
    crosstable = page.locator("#crosstable")
    expect(crosstable.locator("tbody tr")).to_have_count(6)
    # The entrant's row links to the game they played, with their place in it.
    row = crosstable.locator(f'tbody tr[data-entry="{tournament.entries.get(user=entrant).pk}"]')
    expect(row.locator("th.name")).to_have_text(name)
    link = row.locator(f'a[href="/games/{game.pk}/"]')
    expect(link).to_have_count(1)
    game.refresh_from_db()
    place = {1: "1st", 2: "2nd"}[game.seats.get(user=entrant).rank]
    expect(link).to_contain_text(place)
    fits(page, width)
    frame = crosstable.locator(".scroll-frame")
    if width == 390:  # too wide for a phone: it scrolls inside its frame
        assert frame.evaluate("f => f.scrollWidth > f.clientWidth")
    assert serious_violations(page) == []


@pytest.mark.parametrize(("width", "language"), [(1280, "en-GB"), (390, "en-GB"), (390, "nl-NL")])
def test_the_crosstable_marks_annulled_meetings_and_forfeits_and_fits_a_phone(browser, live_server, width, language):
    # Five players at 2-player tables: one leaves after round 1 (results annulled), one after
    # round 3 (the games they leave are forfeits, shown as + and − without a game).
    organiser = make_user("olga", display_name="Olga")
    players = make_players(5)
    tournament = do_create_tournament(
        organiser,
        "Emu Withdrawals",
        "emu_ranchers",
        "round_robin",
        options={"years": 1},
        seats_preferred=2,
        seats_min=2,
        seats_max=2,
    )
    for player in players:
        do_register(tournament.pk, player)
    tournament = start(tournament)
    user_of = {entry.pk: entry.user for entry in tournament.entries.select_related("user")}

    def opponents(player: int, rounds: range) -> list[int]:
        return [
            other
            for tables, _rests in tournament.schedule[rounds.start : rounds.stop]
            for table in tables
            if player in table
            for other in table
            if other != player
        ]

    # Early: seated in round 1. Late: plays two of their first three rounds against others than
    # early (so half their games), and has an opponent other than early in rounds 4 and 5.
    early_id = next(player for table in tournament.schedule[0][0] for player in table)
    late_id = next(
        player
        for player in user_of
        if player != early_id
        and len([o for o in opponents(player, range(3)) if o != early_id]) >= 2
        and [o for o in opponents(player, range(3, 5)) if o != early_id]
    )
    early, late = user_of[early_id], user_of[late_id]
    for number in range(1, 6):
        for each in current_tables(tournament):
            play_out(each.game)
        if number == 1:
            do_drop(tournament.pk, organiser, early)
        if number == 3:
            do_drop(tournament.pk, organiser, late)
        do_advance_round(tournament.pk)
        tournament.refresh_from_db()
        if tournament.status == tournament.Status.FINISHED:
            break
    assert tournament.status == tournament.Status.FINISHED

    context = browser.new_context(viewport={"width": width, "height": 900}, locale=language)
    page = context.new_page()
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
    crosstable = page.locator("#crosstable")
    early_row = crosstable.locator(f'tbody tr[data-entry="{tournament.entries.get(user=early).pk}"]')
    expect(early_row.locator(".meeting.annulled")).to_have_count(1)
    late_row = crosstable.locator(f'tbody tr[data-entry="{tournament.entries.get(user=late).pk}"]')
    lost = late_row.locator(".meeting.lost_by_forfeit")
    expect(lost.first).to_have_text("−" + lost.first.locator(".visually-hidden").inner_text())
    expect(crosstable.locator(".meeting.won_by_forfeit")).to_have_count(lost.count())
    if language == "nl-NL":
        expect(lost.first).to_have_attribute("title", re.compile("reglementair verloren", re.IGNORECASE))
    assert early_row.locator(".meeting.annulled").evaluate("m => getComputedStyle(m).textDecorationLine") == (
        "line-through"
    )
    fits(page, width)
    assert serious_violations(page) == []
    context.close()


@pytest.mark.parametrize("width", [1280, 390])
def test_head_to_head_lists_the_games_together_with_links(signed_in, live_server, width):
    alice, bob, carol = (make_user(name, display_name=name.title()) for name in ("alice", "bob", "carol"))
    games = [finished_game([(alice, 1), (bob, 2), (carol, 3)], minutes=minute) for minute in range(2)]
    games.append(finished_game([(bob, 1), (alice, 2)], minutes=5))
    for game in games:
        do_rate_game(game.pk)

    page = signed_in("carol", width)
    page.goto(f"{live_server.url}/ratings/players/alice/")
    page.get_by_label("Against (username)").fill("bob")
    page.get_by_role("button", name="Compare").click()
    expect(page.locator("#versus")).to_contain_text("3 games together, ahead 2, behind 1")
    rows = page.locator("#together tbody tr")
    expect(rows).to_have_count(3)
    expect(rows.first).to_contain_text("2nd")  # the newest first: bob won it
    expect(rows.nth(2)).to_contain_text("1st")
    fits(page, width)
    assert serious_violations(page) == []
    rows.first.get_by_role("link").click()
    expect(page).to_have_url(f"{live_server.url}/games/{games[-1].pk}/")


@pytest.mark.parametrize("language", ["en-GB", "it-IT", "es-ES", "nl-NL"])
def test_a_players_games_and_ratings_pages_and_the_history_fit_a_phone(browser, live_server, language):
    # At 390 px: the games page must not be 404 px wide (a replay link and an abandoned game's
    # status), nor the ratings page run past the screen in Italian (longer headings), nor the
    # finished games in Spanish and Dutch.
    alice, bob, carol = (make_user(name, display_name=name.title()) for name in ("alice", "bob", "carol"))
    for players, engine, options in [
        ([alice, bob, carol], "cubirds", None),
        ([alice, bob], "emu_ranchers", {"years": 1}),
    ]:
        do_rate_game(play_to_the_end(start_game(players, engine=engine, options=options)).pk)
    abandoned = start_game([alice, bob], engine="emu_ranchers")
    do_resign(abandoned.pk, bob)
    do_resign(abandoned.pk, alice)
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale=language, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        for path in ("/games/players/alice/", "/ratings/players/alice/", "/games/history/"):
            assert page.goto(f"{live_server.url}{path}").ok, path
            for summary in page.locator("details summary").all():  # the folded rating history too
                summary.click()
            fits(page, 390)
            assert serious_violations(page) == [], path
    finally:
        context.close()


@pytest.mark.parametrize("language", ["es", "nl"])
def test_the_api_tokens_page_fits_a_phone_in_every_language(signed_in, live_server, language):
    # Once a token has been used, the list must fit in Dutch and Spanish too, not run 442 and
    # 417 px wide with the Revoke button off the screen.
    from django.utils import timezone

    from games.models import ApiToken

    daan = make_user("daan", display_name="Daan", language=language)
    row, _token = ApiToken.issue(daan, "mijn bot voor de avond")
    ApiToken.objects.filter(pk=row.pk).update(last_used_at=timezone.now())
    page = signed_in("daan", 390)
    page.goto(f"{live_server.url}/games/api-tokens/")
    expect(page.locator("table code")).to_have_count(1)
    fits(page, 390)
    assert serious_violations(page) == []


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_entry_conditions_and_why_one_cannot_enter_fit_a_phone(signed_in, live_server, language):
    from datetime import timedelta

    from django.utils import timezone

    organiser = make_user("olga", display_name="Olga")
    starts = timezone.now() + timedelta(days=3)
    tournament = do_create_tournament(
        organiser,
        "Een toernooi met een hele lange naam voor de test",
        "wildcards",
        "swiss",
        seats_preferred=3,
        seats_min=3,
        seats_max=3,
        rounds=3,
        starts_at=starts,
        registration_closes_at=starts - timedelta(hours=2),
        capacity=12,
        min_rating=1550,
        min_reliability=0.8,
    )
    make_user("newcomer", display_name="Newcomer", language=language)
    page = signed_in("newcomer", 390)
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
    expect(page.locator("#entry-conditions")).to_contain_text("1550")
    expect(page.locator("#cannot-enter")).to_contain_text("1550")
    expect(page.locator(f'form[action="/tournaments/{tournament.pk}/register/"]')).to_have_count(0)
    fits(page, 390)
    assert serious_violations(page) == []


def test_a_private_table_s_link_opened_logged_out_fits_a_phone_and_leads_to_log_in(browser, live_server):
    from games.models import Game
    from games.services import do_create_game

    alice = make_user("alice", display_name="Alice")
    game = do_create_game(alice, "wizard", 3, {}, visibility=Game.Visibility.PRIVATE)
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="it-IT")
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/games/{game.pk}/")
        expect(page.locator("#not-found")).to_be_visible()
        fits(page, 390)
        assert serious_violations(page) == []
        page.locator("main a.button").click()
        expect(page).to_have_url(f"{live_server.url}/accounts/login/?next=/games/{game.pk}/")
    finally:
        context.close()
