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
