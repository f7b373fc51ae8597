"""The list of players beside a table says "your turn" beside the reader's own name, "to act"
beside anyone else's (not the Spanish "Valentina (tú) · le
toca", the third person, beside the reader)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.conftest import make_user
from tests.games.conftest import start_game


def _players(page: str) -> dict[str, str]:
    items = re.findall(r'<li data-seat="(\d)">(.*?)</li>', page, re.S)
    return {seat: re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text)).strip() for seat, text in items}


@pytest.mark.django_db
def test_the_reader_s_own_wait_says_your_turn_and_the_others_say_to_act(client):
    ann, ben = make_user("ann", display_name="Ann", language="es"), make_user("ben", display_name="Ben")
    game = start_game([ann, ben], engine="wildcards")  # a sealed bid: both are to act
    mine = game.seats.get(user=ann).position
    client.force_login(ann)
    page = client.get(reverse("games:table", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    players = _players(page)
    assert players[str(mine)].endswith("te toca") and "le toca" not in players[str(mine)]
    assert players[str(1 - mine)].endswith("le toca")
