"""A tournament seat taken over by a bot keeps its entrant: the pages name the entrant with the bot mark."""

from __future__ import annotations

from django.urls import reverse

from games.services import do_resign
from tests.conftest import make_user
from tests.tournaments.helpers import current_tables, make_players
from tests.tournaments.services.test_security import started

BADGE = ' <span class="bot" data-bot-level="good">· {}</span>'


def test_the_rounds_and_your_table_name_an_entrant_whose_seat_a_bot_took_with_the_bot_mark(client, db):
    organiser = make_user("olga")
    players = make_players(3)
    players[1].profile.language = "nl"
    players[1].profile.save()
    tournament = started(organiser, players, name="Cup")
    game = current_tables(tournament)[0].game
    do_resign(game.pk, players[2])  # P2's seat goes to a Good bot, and stays P2's entry
    url = reverse("tournaments:detail", args=[tournament.pk])

    client.force_login(players[0])
    page = client.get(url).content.decode()
    rounds = page.split('id="rounds"')[1]
    assert "P2" + BADGE.format("Good bot") in rounds
    assert "P0" + BADGE.format("Good bot") not in rounds  # a person's seat has no mark
    mine = page.split('id="your-table"')[1].split("</section>")[0]
    assert "P2" + BADGE.format("Good bot") in mine and "P0" in mine and "P1" in mine

    client.force_login(players[1])
    page = client.get(url).content.decode()
    assert "P2" + BADGE.format("bot op niveau Goed") in page.split('id="rounds"')[1]
    assert "P2" + BADGE.format("bot op niveau Goed") in page.split('id="your-table"')[1].split("</section>")[0]
