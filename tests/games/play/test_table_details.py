"""Small things a newcomer met on the table and around it."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from games.lobby.forms import GameForm
from games.management.demo import play_defaults
from games.models import Game, Seat
from tests.games.conftest import seat_user, start_game
from tournaments.pages.forms import TournamentForm

pytestmark = pytest.mark.django_db


def table_page(client, game) -> str:
    return client.get(reverse("games:table", args=[game.pk])).content.decode()


def test_it_stops_promising_mail_once_a_bot_has_taken_the_seat(client, players):
    game = start_game(players)
    seat = game.seats.get(position=1)
    Seat.objects.filter(pk=seat.pk).update(kind=Seat.Kind.BOT, status=Seat.Status.LEFT)
    client.force_login(seat.user)
    page = table_page(client, game)
    assert "We mail you when it is your turn" not in page
    assert "A bot plays your seat now" in page


def test_it_shows_who_won_a_finished_game(client, players):
    game = start_game(players)
    play_defaults(game, None)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    winners = [seat.name for seat in game.seats.filter(rank=1)]
    client.force_login(seat_user(game, 0))
    banner = re.search(r'<p class="winner-banner"[^>]*>(.*?)</p>', table_page(client, game), re.S)
    assert banner, "a finished game says who won"
    assert all(str(name) in banner.group(1) for name in winners)


def test_a_finished_game_shows_its_players_no_empty_card_for_their_move(client, players):
    game = start_game(players)
    client.force_login(seat_user(game, 0))
    assert 'id="my-turn"' in table_page(client, game)  # while it runs, the card says what to do
    play_defaults(game, None)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert 'id="my-turn"' not in table_page(client, game)


def test_it_never_numbers_an_empty_list():
    found = []
    for path in Path(settings.BASE_DIR, "templates").rglob("*.html"):
        # An {% empty %} that opens a list item makes "1. Nobody yet." in an <ol>.
        if re.search(r"<ol[^>]*>(?:(?!</ol>).)*?\{% empty %\}\s*<li", path.read_text(), re.S):
            found.append(str(path.relative_to(settings.BASE_DIR)))
    assert found == []


def test_it_draws_the_replays_first_and_last_buttons_with_plain_text():
    page = Path(settings.BASE_DIR, "templates/history/replay.html").read_text()
    # ⏮ and ⏭ are missing from common fonts and show as empty boxes.
    assert "⏮" not in page and "⏭" not in page
    assert re.search(r'rel="first"[^>]*>« ', page) and re.search(r'rel="last"[^>]*>.*? »</a>', page)


def test_it_offers_the_same_shortest_deadline_to_casual_and_tournament_games():
    casual = min(value for value, _label in GameForm("toy").fields["phase_seconds"].choices)
    tournament = TournamentForm().fields["phase_hours"].min_value * 3600
    assert casual == tournament == 3600


def test_a_card_name_too_long_for_the_card_is_squeezed_to_its_width_in_every_language():
    # "Stokstaartje", "Reabastecimiento" and "bladeren · knopen" must not run off the cards.
    from django.template import Context, Template
    from django.utils import translation

    template = Template(
        "{% load wildcards_cards plain_cards %}{% habitat_card card %}{% animal_card animal %}{% decktet_card emu %}"
    )
    context = {
        "card": {"id": "refill"},
        "animal": {"id": 3, "species": "meerkat", "habitat": "savannah"},
        "emu": {"id": "x", "rank": 5, "suits": ["leaves", "knots"], "name": "the_journey"},
    }
    with translation.override("nl"):
        svg = template.render(Context(context))
    assert svg.count('lengthAdjust="spacingAndGlyphs"') >= 2  # "Aanvulkaart" (11 px) and the suits line
    with translation.override("en"):
        english = template.render(Context(context))
    assert english.count('lengthAdjust="spacingAndGlyphs"') < svg.count('lengthAdjust="spacingAndGlyphs"')
