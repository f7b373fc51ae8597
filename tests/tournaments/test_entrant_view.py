"""What an entrant sees: where their table belongs, from the table and from the home page."""

from __future__ import annotations

from django.urls import reverse

from tests.conftest import make_user
from tests.tournaments.helpers import current_tables, make_players
from tests.tournaments.test_security import started


def test_a_table_and_the_home_page_link_back_to_the_tournament_by_round_and_table(client, db):
    organiser = make_user("org")
    players = make_players(3)
    tournament = started(organiser, players, name="Spring Cup")
    table = current_tables(tournament)[0]
    client.force_login(players[0])
    wanted = f'href="{reverse("tournaments:detail", args=[tournament.pk])}"'
    page = client.get(reverse("games:table", args=[table.game_id])).content.decode()
    assert wanted in page and "Round 1, table 1 of Spring Cup" in page
    home = client.get("/").content.decode()
    assert wanted in home and "Round 1, table 1 of Spring Cup" in home
