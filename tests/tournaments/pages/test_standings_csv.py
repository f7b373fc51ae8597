"""An event's standings as a CSV file, for the organiser's spreadsheet: the page's order, places,
marks and tie-breaks, numbers written as a spreadsheet reads them, and no player's name that a
spreadsheet would run as a formula."""

from __future__ import annotations

import csv
import html
import io
import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import make_user
from tests.tournaments.helpers import current_tables, make_players, register_and_start
from tournaments.services import do_adjudicate_table, do_advance_round, do_create_tournament, do_drop

pytestmark = pytest.mark.django_db


def _play_round(tournament, organiser) -> None:
    mapping = dict(tournament.entries.values_list("user_id", "pk"))
    for table in current_tables(tournament):
        seats = list(table.game.seats.order_by("position"))
        do_adjudicate_table(table.pk, organiser, {mapping[s.user_id]: p for p, s in enumerate(seats, 1)}, "quick")
    do_advance_round(tournament.pk)


def _rows(response) -> list[list[str]]:
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


def test_the_csv_lists_the_standings_as_the_page_does():
    organiser = make_user("org")
    tournament = do_create_tournament(
        organiser, "Autumn Swiss, 2026", "cubirds", "swiss", seats_preferred=2, seats_min=2, seats_max=2, rounds=3
    )
    sneaky = make_user("sneaky", display_name='=HYPERLINK("http://x.example","Ann, \'a\'")')
    tournament = register_and_start(tournament, [sneaky, *make_players(5)])
    _play_round(tournament, organiser)
    do_drop(tournament.pk, organiser, tournament.entries.get(seed=6).user)

    client = Client()
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    link = reverse("tournaments:standings_csv", args=[tournament.pk])
    assert f'href="{link}"' in page
    response = client.get(link)
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="autumn-swiss-2026-standings.csv"'
    header, *rows = _rows(response)
    assert header == [
        "Place",
        "Player",
        "Username",
        "Left",
        "Points",
        "Buchholz",
        "Opponents' average",
        "Rating at the start",
    ]
    # The page's standings, row by row: place, name and points.
    table = page.split('id="standings"', 1)[1].split("</tbody>", 1)[0]
    shown = [re.findall(r"<td>(.*?)</td>", row)[:3] for row in table.split("<tr>")[2:]]
    assert len(rows) == len(shown) == 6
    for row, (place, name, points) in zip(rows, shown, strict=True):
        assert row[0] == place and row[4] == points
        assert html.unescape(name).split(" (")[0] == row[1].lstrip("'")
    # A name that starts like a formula is written as text, the rest of it kept as it was.
    [ann] = [row for row in rows if row[2] == "sneaky"]
    assert ann[1] == '\'=HYPERLINK("http://x.example","Ann, \'a\'")'
    [left] = [row for row in rows if row[3]]
    assert left[3] == "dropped out"


def test_a_knock_out_gives_its_final_places_and_a_tournament_without_either_has_no_file():
    organiser = make_user("org")
    tournament = do_create_tournament(organiser, "Cup", "cubirds", "single")
    client = Client()
    assert client.get(reverse("tournaments:standings_csv", args=[tournament.pk])).status_code == 404
    tournament = register_and_start(tournament, make_players(4))
    _play_round(tournament, organiser)
    _play_round(tournament, organiser)
    header, *rows = _rows(client.get(reverse("tournaments:standings_csv", args=[tournament.pk])))
    assert header == ["Place", "Player", "Username", "Left"]
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    places = page.split('id="final-places"', 1)[1].split("</table>", 1)[0]
    shown = re.findall(r"<tr><td>(\d+)\.</td><td>([^<(]*)", places)
    assert len(shown) == 4
    assert [(row[0], row[1]) for row in rows] == [(place, name.strip()) for place, name in shown]
