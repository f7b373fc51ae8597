"""Emu Ranchers' Standard: its fast fit check agrees with the plain definition of a valid pile."""

import random

from games.bots.emu_standard import _fitting
from games.engines.emu_ranchers.birds import common_suits, directions, frontier, is_valid_bird
from games.engines.emu_ranchers.cards import EXCUSE, SUIT_SET, deck_for

DECK = deck_for({"excuse": True, "pawns": True, "courts": True})


def test_the_cards_that_fit_a_bird_are_those_that_leave_a_valid_pile():
    rng = random.Random(12)
    compared = 0
    for _ in range(6000):
        bird = rng.sample(DECK, rng.randint(1, 6))
        if not is_valid_bird(bird):
            continue
        cards = rng.sample([other for other in DECK if other not in bird], 12)
        plain = [
            card
            for card in cards
            if card != EXCUSE and common_suits(bird) & SUIT_SET[card] and any(directions([*bird, card]))
        ]
        assert _fitting(frontier(bird), cards) == plain, bird
        compared += 1
    assert compared > 500
