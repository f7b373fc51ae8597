"""Run the benchmarks: `python -m bench` runs all, `python -m bench wizard` one.

Options after the names go to each chosen benchmark: `python -m bench sweep --phases 500`.

Several benchmarks run one after the other, each in its own process.

Every module `bench/<name>.py` with a `main(argv) -> None` that prints its
figures is a benchmark. They measure; they never assert a time.
"""

from __future__ import annotations

import os
import pkgutil
import secrets
import subprocess
import sys
from importlib import import_module

import bench


def main(argv: list[str]) -> None:
    # Settings refuse to start without a secret key when DEBUG is off: a benchmark run gets a
    # random one of its own (passed on to the web and worker processes it starts).
    os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
    split = next((i for i, arg in enumerate(argv) if arg.startswith("-")), len(argv))
    argv, options = argv[:split], argv[split:]
    names = sorted(info.name for info in pkgutil.iter_modules(bench.__path__) if not info.name.startswith("_"))
    chosen = [name for name in names if not argv or name in argv]
    unknown = sorted(set(argv) - set(names))
    if unknown:
        sys.exit(f"unknown benchmark(s): {', '.join(unknown)}; known: {', '.join(names)}")
    if len(chosen) > 1:
        # Each in a process of its own: Django is set up once per process, on the
        # database of the first site benchmark, which the next one would then miss.
        for name in chosen:
            subprocess.run([sys.executable, "-m", "bench", name, *options], check=False)
        return
    for name in chosen:
        print(f"== {name}")
        import_module(f"bench.{name}").main(options)
        sys.stdout.flush()


if __name__ == "__main__":
    main(sys.argv[1:])
