"""The embedded default (SQLite) holds up under its own processes: web and API writers, a
worker and beat all on one file, writing at once, with not one "database is locked"."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _run(env: dict, *args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.site.sqlite_load", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _result(process: subprocess.Popen) -> dict:
    out, err = process.communicate(timeout=240)
    assert process.returncode == 0, err[-3000:]
    return json.loads(out.strip().splitlines()[-1])


@pytest.mark.timeout(300)
def test_four_writers_and_the_sweeps_share_one_sqlite_file_without_a_single_error(tmp_path):
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'load.sqlite3'}",
        "DEBUG": "1",
        "SECRET_KEY": "load-test-" + "x" * 40,
        "CELERY_BROKER_URL": "memory://",
        "VAR_DIR": str(tmp_path),
    }
    migrate = subprocess.run(
        [sys.executable, "manage.py", "migrate", "--no-input"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert migrate.returncode == 0, migrate.stderr[-3000:]
    assert _result(_run(env, "setup")) == {"games": 6}
    processes = [_run(env, "player", "25") for _ in range(4)] + [_run(env, "sweeper", "20")]
    results = [_result(process) for process in processes]
    errors = [error for result in results for error in result["errors"]]
    assert errors == []
    players = results[:4]
    assert sum(result["stored"] for result in players) >= 100  # they really wrote, and raced
    assert results[-1]["loops"] >= 2
