"""Pick the database and broker for the test suite; print shell `export` lines.

PostgreSQL and Redis on 127.0.0.1 when they answer; under CI=true they
must, and this exits non-zero when they do not. Otherwise SQLite and the
embedded filesystem broker, said loudly. `--quick` (the quick loop) takes
SQLite whatever answers. Explicit DATABASE_URL and CELERY_BROKER_URL win.
"""

from __future__ import annotations

import os
import shlex
import sys

from wildcards_site.probe import answers, redis_answers

POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/wildcards"
REDIS_URL = "redis://127.0.0.1:6379/15"


def main(args: list[str]) -> int:
    ci = os.getenv("CI", "").lower() in ("1", "true", "yes")
    chosen: dict[str, str] = {}
    problems = []
    database = os.getenv("DATABASE_URL")
    if not database and "--quick" in args:
        # Several times faster on two cores than PostgreSQL over TCP; the whole run still uses it.
        print("The quick loop uses SQLite: tests of PostgreSQL's row locks are skipped", file=sys.stderr)
    elif not database:
        if answers(POSTGRES_URL):
            database = POSTGRES_URL
        elif ci:
            problems.append(f"PostgreSQL does not answer at {POSTGRES_URL}")
        else:
            print("PostgreSQL does not answer: tests use SQLite", file=sys.stderr)
    if database:
        chosen["DATABASE_URL"] = database
    broker = os.getenv("CELERY_BROKER_URL")
    if not broker:
        if redis_answers(REDIS_URL):
            broker = REDIS_URL
        elif ci:
            problems.append(f"Redis does not answer at {REDIS_URL}")
        else:
            print("Redis does not answer: tests use the embedded filesystem broker", file=sys.stderr)
            broker = "filesystem://"
    chosen["CELERY_BROKER_URL"] = broker
    if problems:
        for problem in problems:
            print(f"CI=true but {problem}: refusing to fall back.", file=sys.stderr)
        return 1
    if ci:
        chosen["WILDCARDS_REQUIRE_SERVICES"] = "1"
    for name, value in chosen.items():
        print(f"export {name}={shlex.quote(value)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
