"""The Wild Cards table says, above the moves, how many cards are still to pay or to lay to break
a tie, and with whom the bid ties, as the turn mail does (not
"Pay ..." with no count)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import Game
from tests.conftest import make_user
from tests.engines.wildcards.scenario import tied_at_three
from tests.games.conftest import start_game


@pytest.mark.django_db
def test_a_tied_bidder_reads_how_many_cards_to_lay_and_with_whom(client):
    players = [make_user("ann", display_name="Ann"), make_user("ben", display_name="Ben"), make_user("cy")]
    game = start_game(players, engine="wildcards")
    state = tied_at_three()
    Game.objects.filter(pk=game.pk).update(state=state)
    ann = game.seats.get(position=0).user
    other = game.seats.get(position=1).name
    client.force_login(ann)
    page = client.get(reverse("games:table", args=[game.pk])).content.decode()
    note = page.split('id="turn-note">')[1].split("</p>")[0]
    expected = f"Your bid of Forest 3 ties with {other}: lay 2 more cards face down beside it."
    assert note == expected + " Whoever lays the higher total takes first."
    client.force_login(game.seats.get(position=2).user)  # nothing to lay: no note
    assert 'id="turn-note"' not in client.get(reverse("games:table", args=[game.pk])).content.decode()
