"""The bracket as an organiser reads it, on a phone too: each match drawn links to its game, and a
double elimination draws its losers' bracket under the winners' (one column per round of both
was as wide as three phones)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import make_user
from tests.tournaments.helpers import current_tables, make_players, register_and_start
from tournaments.models import Table
from tournaments.services import do_adjudicate_table, do_advance_round, do_create_tournament

pytestmark = pytest.mark.django_db

BOX = re.compile(r'<g class="match[^"]*" data-match="([^"]+)"><rect x="(\d+)" y="(\d+)"')


def _play_round(tournament, organiser) -> None:
    mapping = dict(tournament.entries.values_list("user_id", "pk"))
    for table in current_tables(tournament):
        seats = list(table.game.seats.order_by("position"))
        do_adjudicate_table(table.pk, organiser, {mapping[s.user_id]: p for p, s in enumerate(seats, 1)}, "quick")
    do_advance_round(tournament.pk)


def _double_of_eight(rounds_played: int):
    organiser = make_user("org")
    tournament = do_create_tournament(organiser, "Double", "cubirds", "double")
    tournament = register_and_start(tournament, make_players(8))
    for _ in range(rounds_played):
        _play_round(tournament, organiser)
    return tournament


def _svg(tournament) -> str:
    page = Client().get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    return page.split('<svg xmlns="http://www.w3.org/2000/svg" class="bracket"', 1)[1].split("</svg>", 1)[0]


def test_each_match_with_a_game_links_to_it():
    tournament = _double_of_eight(2)
    svg = _svg(tournament)
    tables = Table.objects.filter(round__tournament=tournament).exclude(match="")
    assert tables.count() >= 6
    for table in tables:
        link = reverse("games:table", args=[table.game_id])
        assert re.search(rf'<a href="{link}"[^>]*><g class="match[^"]*" data-match="{table.match}"', svg), table.match
    # A match not yet given a game links nowhere.
    assert 'data-match="GF"' in svg
    assert not re.search(r'<a href="[^"]*"[^>]*><g class="match[^"]*" data-match="GF"', svg)


def test_the_losers_bracket_is_drawn_under_the_winners():
    svg = _svg(_double_of_eight(1))
    boxes = {match: (int(x), int(y)) for match, x, y in BOX.findall(svg)}
    winners = [xy for match, xy in boxes.items() if match.startswith("W")]
    losers = [xy for match, xy in boxes.items() if match.startswith("L")]
    assert winners and losers
    lowest_winner = max(y for _x, y in winners)
    assert all(y > lowest_winner for _x, y in losers)
    # Side by side the width was both brackets' columns and the final's; now the wider of the two.
    width = int(re.search(r'width="(\d+)"', svg).group(1))
    assert width <= max(x for x, _y in winners + losers) + 190 + 24 + 190 + 24
    assert min(x for x, _y in losers) == 0
