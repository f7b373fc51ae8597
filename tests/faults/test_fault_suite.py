"""The short fault suite: two web processes, two workers, two beats, its own Redis, broken on purpose."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.worker
@pytest.mark.timeout(240)
@pytest.mark.skipif(shutil.which("redis-server") is None, reason="the fault suite starts its own redis-server")
def test_it_loses_and_doubles_nothing_when_workers_die_redis_stops_and_deliveries_repeat():
    done = subprocess.run(
        [sys.executable, "-m", "bench", "faults", "--short"], cwd=ROOT, capture_output=True, text=True, timeout=230
    )
    report = done.stdout + done.stderr
    assert done.returncode == 0, report
    assert "fault suite: 4 of 4 faults held" in report, report
    assert report.count(": ok\n") == 4, report
    # Each fault really happened and was counted.
    assert "waits closed exactly once 0," not in report.split("Redis stopped")[0], report
    assert "lost 0, sent twice 0" in report, report
    assert "second: duplicate: already processed" in report, report
    assert "actions submitted 1, stored 1" in report, report
