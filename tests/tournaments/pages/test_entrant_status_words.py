"""An entrant who left is named and marked alike wherever the event's page lists them: the
entrants, the standings and the organiser's choices (an organiser read "jon (jon) (dropped)" in
the disqualify form, and "withdrawn by the site: no move of their own" in the list)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import make_user
from tests.tournaments.helpers import make_players
from tournaments.services import do_create_tournament, do_drop, do_register, do_start

pytestmark = pytest.mark.django_db


def _section(page: str, anchor: str) -> str:
    return page.split(f'id="{anchor}"', 1)[1].split("</section>", 1)[0]


def test_a_dropped_entrant_reads_the_same_in_the_list_the_standings_and_the_organisers_form():
    organiser = make_user("org")
    tournament = do_create_tournament(
        organiser, "Swiss", "cubirds", "swiss", seats_preferred=2, seats_min=2, seats_max=2, rounds=3
    )
    jon = make_user("jon")  # no display name: the name is the username
    for player in [jon, *make_players(3)]:
        do_register(tournament.pk, player)
    do_start(tournament.pk, organiser)
    do_drop(tournament.pk, organiser, jon)

    client = Client()
    client.force_login(organiser)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    [option] = re.findall(r'<option value="jon">([^<]*)</option>', page)
    # Named once, marked as everywhere else.
    assert option == "jon (dropped out)"
    entrants = re.sub(r"<[^>]+>", "", _section(page, "entrants"))
    assert "jon (seed 1) (dropped out)" in entrants
    assert "(dropped)" not in page and "jon (jon)" not in page


def test_a_player_with_a_display_name_is_told_apart_by_username_in_the_organisers_form():
    organiser = make_user("org")
    tournament = do_create_tournament(
        organiser, "Swiss", "cubirds", "swiss", seats_preferred=2, seats_min=2, seats_max=2, rounds=3
    )
    for player in make_players(4):
        do_register(tournament.pk, player)
    do_start(tournament.pk, organiser)
    client = Client()
    client.force_login(organiser)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert '<option value="p0">P0 (p0)</option>' in page
