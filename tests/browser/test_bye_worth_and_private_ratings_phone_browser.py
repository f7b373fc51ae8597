"""What was added to these pages reads whole on a 390 px phone in the site's languages: a round
robin's bye said at its worth ("won by forfeit") on the event's page, and a stranger's note that a
rating counts private games not listed to them."""

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.browser.test_emu_browser import open_signed_in
from tests.browser.test_entrant_browser import fits
from tests.conftest import make_user
from tests.ratings.conftest import finished_game
from tests.tournaments.helpers import finish_round, make_players
from tests.tournaments.pages.test_bye_worth_said import _opponent_in_round, _round_robin
from tournaments.ratings.services import do_rate_game
from tournaments.services import do_drop

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = ["en", "it", "es", "nl"]
FORFEIT = {
    "en": "won by forfeit",
    "it": "vinta a tavolino",
    "es": "ganada por incomparecencia",
    "nl": "reglementair gewonnen",
}
PRIVATE = {
    "en": "1 of these games was private",
    "it": "1 di queste partite era privata",
    "es": "1 de estas partidas era privada",
    "nl": "1 van deze partijen was privé",
}


def _speaks(user, language: str) -> None:
    user.profile.language = language
    user.profile.save(update_fields=["language"])


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_bye_won_by_forfeit_reads_whole_on_a_phone(browser, live_server, monkeypatch, language):
    monkeypatch.setattr("tournaments.signals.queue_task", lambda name, args: None)  # the test advances itself
    players = make_players(5, prefix=f"b{language}")
    tournament = _round_robin(players)
    leaver = players[1]
    finish_round(tournament)
    do_drop(tournament.pk, leaver)
    finish_round(tournament)  # two of three: their results stand, round 3's game is won by forfeit
    reader = _opponent_in_round(tournament, leaver, 3).user
    _speaks(reader, language)
    context, page = open_signed_in(browser, live_server, reader, 390)
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
    expect(page.locator("#rounds")).to_contain_text(f"{reader.profile.name} ({FORFEIT[language]})")
    fits(page, 390)
    context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_ratings_private_games_note_reads_whole_on_a_phone(browser, live_server, language):
    alice, bob, stranger = (make_user(f"{name}{language}", display_name=name.title()) for name in ("ann", "bo", "cy"))
    for minutes, visibility in ((1, Game.Visibility.OPEN), (2, Game.Visibility.PRIVATE)):
        game = finished_game([(alice, 1), (bob, 2)], minutes=minutes)
        Game.objects.filter(pk=game.pk).update(visibility=visibility)
        do_rate_game(game.pk)
    _speaks(stranger, language)
    context, page = open_signed_in(browser, live_server, stranger, 390)
    page.goto(f"{live_server.url}/ratings/players/{alice.username}/")
    expect(page.locator("section.rating").first).to_contain_text(PRIVATE[language])
    fits(page, 390)
    context.close()


RESIGNED = {
    "en": "resigned: a bot plays their seat from now on.",
    "it": "ha abbandonato: da ora un bot gioca al suo posto.",
    "es": "abandonó: desde ahora un bot juega en su asiento.",
    "nl": "gaf op: vanaf nu speelt een bot op die plaats.",
}
ORDER = {
    "en": "Each column lists the players in seat order:",
    "it": "Ogni colonna elenca i giocatori nell'ordine dei posti:",
    "es": "Cada columna da los jugadores en el orden de los asientos:",
    "nl": "Elke kolom noemt de spelers in de volgorde van de plaatsen:",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_tables_log_score_order_and_seat_form_read_whole_on_a_phone(browser, live_server, language):
    # The table's log of a resignation, whose column of Wizard's score table is whose, and the
    # creator's seat form offering only the seat of the player who left.
    from games.engines import get_engine
    from games.services import do_create_game, do_join, do_resign
    from games.services.play import do_action

    creator, second, third = (make_user(f"{name}{language}", display_name=name.title()) for name in ("ann", "bo", "cy"))
    game = do_create_game(creator, "wizard", 3, seed="phone")
    for user in (second, third):
        do_join(game.pk, user)
    engine = get_engine("wizard")
    game.refresh_from_db()
    while game.state["round"] == 1:
        seat = engine.to_act(game.state)[0]
        user = game.seats.get(position=seat).user
        action = engine.legal_actions(game.state, seat)[0]
        do_action(game.pk, seat, action, "web", user=user, expected_version=game.version)
        game.refresh_from_db()
    do_resign(game.pk, third)
    _speaks(creator, language)
    context, page = open_signed_in(browser, live_server, creator, 390)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator("#events")).to_contain_text(f"Cy {RESIGNED[language]}")
    expect(page.locator("#score-table-order")).to_contain_text(ORDER[language])
    expect(page.locator('select[name="seat"] option')).to_have_count(2)  # the blank choice and Cy's seat
    fits(page, 390)
    context.close()
