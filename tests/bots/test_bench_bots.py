"""The bots bench's arithmetic and its seat for an outside agent (bench/bots.py)."""

from __future__ import annotations

import pytest

from bench.bots import Figure, Tally, play, report, verdict, wilson


def test_the_wilson_interval_matches_published_values():
    # Newcombe (1998), table I: 0 of 10 -> [0, 0.2775]; 5 of 10 -> [0.2366, 0.7634].
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)


def test_a_target_is_met_only_when_the_whole_interval_clears_it():
    assert verdict(0.96, 0.99, 0.95) == "met"
    assert verdict(0.80, 0.94, 0.95) == "missed"
    assert verdict(0.90, 0.97, 0.95) == "open"


def test_a_small_sample_near_the_target_is_reported_open():
    figure = Figure("x", "wizard", 4, ("good", "standard", "standard", "standard"), target=0.95)
    line = report(figure, Tally(games=12, wins=11, moves=1))
    assert line.endswith("target wins >= 95%: open")


class _SeesOnlyViews:
    """An outside agent double: it records what it is handed and plays the first legal move."""

    def __init__(self):
        self.seen = []

    def act(self, view, seat, legal):
        self.seen.append((seat, view))
        return legal[0]


def test_an_outside_agent_is_handed_only_its_seats_view():
    agent = _SeesOnlyViews()
    tally = play("wizard", 3, ["outside", "standard", "standard"], 1, agents={"outside": agent})
    assert tally.games == 1 and agent.seen
    for seat, view in agent.seen:
        assert view["seat"] == seat
        assert all(hand is None for other, hand in enumerate(view["hands"]) if other != seat)
        assert "deck" not in view and "seed" not in view
