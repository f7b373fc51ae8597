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


def test_pages_name_the_game_and_speak_the_organisers_language(client, db):
    from tournaments.services import do_create_tournament, do_register

    organiser = make_user("olga", language="nl")
    tournament = do_create_tournament(
        organiser, "Emu Cup", "emu_ranchers", "single", seats_preferred=2, seats_min=2, seats_max=2
    )
    for player in make_players(2):
        do_register(tournament.pk, player)
    client.force_login(organiser)
    answer = client.post(reverse("tournaments:organise", args=[tournament.pk, "start"]), follow=True)
    page = answer.content.decode()
    assert "Het toernooi is begonnen." in page and "The tournament has started." not in page
    assert "Emu Ranchers" in page and "emu_ranchers ·" not in page
    rounds = page.split('id="rounds"')[1]
    assert "· bezig ·" in rounds and "· running ·" not in rounds
