"""A losers'-bracket match between two byes is drawn with neither empty slot as its winner. An
organiser's report (five entrants, three byes): both "—" of L1-2 were drawn in the winner's style."""

import pytest
from django.urls import reverse

from tests.tournaments.helpers import make_players, register_and_start
from tests.tournaments.services.test_a_drop_waits_for_the_match_being_played import drawn_match, winners_in
from tournaments.services import do_create_tournament

pytestmark = pytest.mark.django_db


def test_it_draws_a_match_of_two_byes_without_a_winner(client):
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(organiser, "Five", "emu_ranchers", "double", options={"years": 1})
    tournament = register_and_start(tournament, make_players(5))
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert drawn_match(page, "L1-2").count("—") == 2
    assert winners_in(drawn_match(page, "L1-2")) == []
    # A player's bye still reads as their win, the empty slot as nobody's.
    assert winners_in(drawn_match(page, "W1-1")) == ["1. P0"]
