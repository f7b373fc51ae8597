"""A tournament's rules say the game's options its tables are played with, as each table says
them: one-year Emu Ranchers is said in the rules, not only on the tables."""

import pytest

from games.presenters.game_settings import option_words
from tests.tournaments.helpers import current_tables, emu_round_robin, make_players

pytestmark = pytest.mark.django_db


def test_the_rules_name_the_options_every_table_is_played_with(client):
    organiser, *players = make_players(5)
    tournament = emu_round_robin(organiser, players)
    table_words = option_words(current_tables(tournament)[0].game)
    assert table_words  # "Years: 1" at least
    page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    rules = page.split('id="rules"', 1)[1].split("</p>", 1)[0]
    for words in table_words:
        assert words in rules, (words, rules)
