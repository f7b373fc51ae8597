"""Wizard's Standard bid: the allowed bid nearest its estimate, the lower one on a tie."""

from __future__ import annotations

import random

import pytest

from games.bots import wizard_heuristic
from games.engines.wizard.cards import DECK

OPTIONS = {"monocolor": False, "dark_wizard": False}


def _bid_for_target(monkeypatch: pytest.MonkeyPatch, target: float, allowed: list[int]) -> int:
    monkeypatch.setattr(wizard_heuristic, "BID_SHRINK", 1.0)
    monkeypatch.setattr(wizard_heuristic, "estimated_tricks", lambda *args: target)
    return wizard_heuristic.bid_for([], "red", 4, 5, OPTIONS, allowed)


@pytest.mark.parametrize(
    ("target", "allowed", "bid"),
    [
        (2.5, [0, 1, 2, 3, 4, 5], 2),  # a tie goes to the lower bid
        (3.5, [0, 1, 2, 3, 4, 5], 3),  # (not to the even one)
        (2.51, [0, 1, 2, 3, 4, 5], 3),
        (2.49, [0, 1, 2, 3, 4, 5], 2),
        (0.0, [0, 1, 2, 3, 4, 5], 0),
        (7.9, [0, 1, 2, 3, 4, 5], 5),  # more than the cards in hand: all of them
        (5.0, [0, 1, 2, 3, 4, 5], 5),
        (2.2, [0, 1, 3, 4, 5], 3),  # 2 is forbidden (the dealer's bid): 3 is nearer than 1
        (1.5, [0, 2, 3], 2),  # 1 forbidden: 2 is nearer than 0
        (1.0, [0, 2, 3], 0),  # 1 forbidden: 0 and 2 are as near, the lower goes
        (0.4, [1, 2, 3], 1),  # 0 forbidden
    ],
)
def test_it_bids_the_allowed_bid_nearest_the_estimate(monkeypatch, target, allowed, bid):
    assert _bid_for_target(monkeypatch, target, allowed) == bid


def test_its_bid_on_a_whole_range_is_the_nearest_by_brute_force():
    # The shortcut for "any bid from 0 to the hand size" against the rule itself, on real hands.
    rng = random.Random(7)
    for _ in range(3000):
        size = rng.randint(1, 15)
        hand = rng.sample(DECK, size)
        trump = rng.choice(["red", "blue", "green", "yellow", None])
        players = rng.randint(3, 6)
        allowed = list(range(size + 1))
        target = wizard_heuristic.BID_SHRINK * wizard_heuristic.estimated_tricks(hand, trump, players, size, False)
        nearest = min(allowed, key=lambda bid: (abs(bid - target), bid))
        assert wizard_heuristic.bid_for(hand, trump, players, size, OPTIONS, allowed) == nearest
