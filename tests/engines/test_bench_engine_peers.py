"""The engine-against-peer bench's arithmetic (bench/engine_peers.py)."""

from __future__ import annotations

import argparse

from bench.engine_peers import _compare


def _batches(rates: list[float]):
    """A batch double that plays at the given games per second, one rate a call, in order."""
    calls = iter(rates)

    def batch(first: int, seconds: float) -> tuple[int, int, float]:
        rate = next(calls)
        return rate, rate * 500, 1.0

    return batch


def test_it_reports_the_median_of_each_repeats_own_ratio(capsys):
    # The machine's speed swings between repeats: ours runs at twice, half and 1.03 times the
    # peer's pace. The medians of the rates alone (200 and 290) would say 0.69.
    ours = _batches([100, 200, 300])
    theirs = _batches([50, 400, 290])
    _compare("wizard", ours, theirs, argparse.Namespace(repeats=3, batch=0.4))
    line = capsys.readouterr().out
    assert "ours 200/s" in line and "peer 290/s" in line
    assert "ratio 1.03," in line
    assert "quartiles 0.50-2.00" in line


def test_instructions_a_game_are_the_run_with_the_games_less_the_run_without(monkeypatch):
    from bench import _instructions

    # Start-up and the warm-up game cost 300 in both runs; each of the 4 games costs 25.
    counted = {0: 300, 4: 400}
    calls = []

    def count(side, games, peers):
        calls.append((side, games))
        return counted[games]

    monkeypatch.setattr(_instructions, "count", count)
    assert _instructions.per_game("wizard4-ours", 4, {}) == 25
    assert sorted(calls) == [("wizard4-ours", 0), ("wizard4-ours", 4)]


def test_the_counted_child_plays_a_warm_up_game_then_the_games_asked(monkeypatch):
    from bench import _instructions

    played = []
    monkeypatch.setattr(_instructions, "_player", lambda side, peers: played.append)
    _instructions.main(["wizard4-ours", "3"])
    assert played == [999_999, 0, 1, 2]


def test_the_counted_child_plays_our_own_engine_for_our_side():
    import random

    from bench import _instructions
    from games.engines import get_engine
    from games.engines.simulate import play_random_game

    play_one = _instructions._player("cubirds2-ours", {})
    game = play_random_game(get_engine("cubirds"), 2, 7, None, random.Random(1))
    assert play_one(7) == len(game.actions)  # our random game number 7, its actions counted
