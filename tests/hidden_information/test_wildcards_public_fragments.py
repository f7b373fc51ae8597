"""The Wild Cards table's public fragments show only what every viewer saw happen.

- The discard pile is open (both rulebooks put bids and payments onto it face up): it reads the
  same for every seat and spectator.
- The cards named as known in a hand are those everyone saw go back into it (a pass, the ibex).

With every card the viewer may not see dealt anew (`twins.py`: other hands, the deck, face-down
bids, Leo's pile; a known card may move between its player's hand and a face-down spot of
theirs) and the seed replaced, each fragment must read exactly the same.
"""

from __future__ import annotations

import random
import re

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game
from tests.conftest import make_user
from tests.games.conftest import play_until_a_card_is_known, play_until_cards_are_discarded, seat_user, start_game
from tests.hidden_information.twins import TWINS

pytestmark = pytest.mark.django_db

DISCARD_PILE = r'<details[^>]*data-testid="discard-pile".*?</details>'
KNOWN_IN_HAND = r'data-testid="known-in-hand">.*?</p>'


def _fragments(client: Client, game: Game, pattern: str) -> list[str]:
    page = client.get(reverse("games:table", args=[game.pk])).content.decode()
    return re.findall(pattern, page, re.S)


@pytest.mark.parametrize(
    ("pattern", "play_until", "same_for_all"),
    [(DISCARD_PILE, play_until_cards_are_discarded, True), (KNOWN_IN_HAND, play_until_a_card_is_known, False)],
    ids=["discard pile", "known in hand"],
)
def test_the_fragment_reads_the_same_whatever_hidden_cards_lie_elsewhere(pattern, play_until, same_for_all):
    users = [make_user(name) for name in ("hana", "hugo", "hedy")]
    game = play_until(start_game(users, engine="wildcards", options={"edition": "2022"}))
    original = Game.objects.get(pk=game.pk)
    shown = set()
    for position in (0, 1, 2, None):
        client = Client()
        if position is not None:
            client.force_login(seat_user(game, position))
        before = _fragments(client, game, pattern)
        assert before, "the table shows no such fragment"
        for seed in range(3):
            twin = TWINS["wildcards"](original.state, position, random.Random(seed), None)
            assert twin != original.state  # something hidden did change
            Game.objects.filter(pk=game.pk).update(state=twin, seed=f"twin-{seed}")
            assert _fragments(client, game, pattern) == before, f"the fragment tells a hidden card to seat {position}"
        Game.objects.filter(pk=game.pk).update(state=original.state, seed=original.seed)
        shown.add(tuple(before))
    if same_for_all:
        assert len(shown) == 1  # open: every viewer reads the same
