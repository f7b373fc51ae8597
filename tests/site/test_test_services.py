"""What `scripts/test` runs against: `wildcards_site.test_services` prints the choice."""

import os
import subprocess
import sys

from django.conf import settings


def choose(*args: str, **env: str) -> subprocess.CompletedProcess:
    clean = {key: value for key, value in os.environ.items() if key not in ("DATABASE_URL", "CI")}
    return subprocess.run(
        [sys.executable, "-m", "wildcards_site.test_services", *args],
        cwd=settings.BASE_DIR,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_the_quick_loop_takes_sqlite_whether_or_not_postgresql_answers():
    result = choose("--quick")
    assert result.returncode == 0, result.stderr
    assert "DATABASE_URL" not in result.stdout  # the settings' default: SQLite in VAR_DIR
    assert "SQLite" in result.stderr


def test_the_quick_loop_keeps_a_database_named_by_hand():
    result = choose("--quick", DATABASE_URL="postgres://someone@127.0.0.1:5432/theirs")
    assert "export DATABASE_URL=postgres://someone@127.0.0.1:5432/theirs" in result.stdout


def test_the_whole_run_under_ci_never_falls_back_to_sqlite():
    result = choose(CI="true")
    if result.returncode == 0:
        assert "export DATABASE_URL=postgres://" in result.stdout
    else:
        assert "refusing to fall back" in result.stderr
