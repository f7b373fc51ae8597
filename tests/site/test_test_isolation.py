"""What one test leaves behind must not change what a later one sees. The browser tests run first
(tests/browser sorts before this folder): Playwright's sync API runs an event loop in the test
thread while it is started, and Django refuses `async_to_sync` in a thread with a running loop,
so a loop left running made a later test of an async view fail only in the whole run."""

import asyncio
import os


def test_no_event_loop_is_left_running_in_the_test_thread():
    assert asyncio._get_running_loop() is None


def test_djangos_async_safety_check_is_on():
    assert "DJANGO_ALLOW_ASYNC_UNSAFE" not in os.environ
