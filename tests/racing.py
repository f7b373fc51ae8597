"""Calls started at the same moment in threads, each on its own database connection.

For races that only PostgreSQL's row and advisory locks resolve: the tests that use it run
with `django_db(transaction=True)` and skip on SQLite.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from django.db import connections


def race(calls: list[Callable[[], object]], timeout: float = 60) -> list[object]:
    """Run the calls at once (a barrier releases them together); each one's result or exception."""
    barrier = threading.Barrier(len(calls))
    results: list[object] = [None] * len(calls)

    def run(index: int, call: Callable[[], object]) -> None:
        try:
            barrier.wait()
            results[index] = call()
        except Exception as error:  # noqa: BLE001 - the test inspects what each racer got
            results[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(index, call)) for index, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout)
    return results


def raised(results: list[object]) -> list[Exception]:
    """The exceptions among a race's results."""
    return [result for result in results if isinstance(result, Exception)]
