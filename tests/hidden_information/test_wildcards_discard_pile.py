"""The Wild Cards table's discard pile shows only what every viewer saw go there.

The pile is open, so it reads the same for every seat and spectator; and with every card the
viewer may not see dealt anew (`twins.py`: other hands, the deck, face-down bids, Leo's pile)
and the seed replaced, the fragment must read exactly the same.
"""

from __future__ import annotations

import random
import re

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game
from tests.conftest import make_user
from tests.games.conftest import play_until_cards_are_discarded, seat_user, start_game
from tests.hidden_information.twins import TWINS

pytestmark = pytest.mark.django_db


def _pile(client: Client, game: Game) -> str:
    page = client.get(reverse("games:table", args=[game.pk])).content.decode()
    found = re.search(r'<details[^>]*data-testid="discard-pile".*?</details>', page, re.S)
    assert found, "the table shows no discard pile"
    return found.group(0)


def test_the_discard_pile_reads_the_same_whatever_hidden_cards_lie_elsewhere():
    users = [make_user(name) for name in ("hana", "hugo", "hedy")]
    game = play_until_cards_are_discarded(start_game(users, engine="wildcards", options={"edition": "2022"}))
    original = Game.objects.get(pk=game.pk)
    shown = set()
    for position in (0, 1, 2, None):
        client = Client()
        if position is not None:
            client.force_login(seat_user(game, position))
        before = _pile(client, game)
        for seed in range(3):
            twin = TWINS["wildcards"](original.state, position, random.Random(seed), None)
            assert twin != original.state  # something hidden did change
            Game.objects.filter(pk=game.pk).update(state=twin, seed=f"twin-{seed}")
            assert _pile(client, game) == before, f"the discard pile tells a hidden card to seat {position}"
        Game.objects.filter(pk=game.pk).update(state=original.state, seed=original.seed)
        shown.add(before)
    assert len(shown) == 1  # open: every viewer reads the same pile
