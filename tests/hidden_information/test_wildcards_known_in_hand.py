"""The cards the Wild Cards table names as known in a hand are only those everyone saw go back
into it: with every card the viewer may not see dealt anew (`twins.py`: other hands, the deck,
face-down bids, Leo's pile; a known card may move between the hand and a face-down spot of the
same player) and the seed replaced, each player's section reads exactly the same."""

from __future__ import annotations

import random
import re

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game
from tests.conftest import make_user
from tests.games.conftest import play_until_a_card_is_known, seat_user, start_game
from tests.hidden_information.twins import TWINS

pytestmark = pytest.mark.django_db


def _known_lines(client: Client, game: Game) -> list[str]:
    page = client.get(reverse("games:table", args=[game.pk])).content.decode()
    return re.findall(r'data-testid="known-in-hand">.*?</p>', page, re.S)


def test_the_known_cards_read_the_same_whatever_hidden_cards_lie_elsewhere():
    users = [make_user(name) for name in ("iris", "ivo", "ines")]
    game = play_until_a_card_is_known(start_game(users, engine="wildcards", options={"edition": "2022"}))
    original = Game.objects.get(pk=game.pk)
    for position in (0, 1, 2, None):
        client = Client()
        if position is not None:
            client.force_login(seat_user(game, position))
        before = _known_lines(client, game)
        assert before, "no player is named as holding a known card"
        for seed in range(3):
            twin = TWINS["wildcards"](original.state, position, random.Random(seed), None)
            assert twin != original.state  # something hidden did change
            Game.objects.filter(pk=game.pk).update(state=twin, seed=f"twin-{seed}")
            assert _known_lines(client, game) == before, f"the known cards tell a hidden card to seat {position}"
        Game.objects.filter(pk=game.pk).update(state=original.state, seed=original.seed)
