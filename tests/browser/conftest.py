"""Playwright driving Debian's Chromium (never a downloaded browser)."""

from __future__ import annotations

import os
import shutil

import pytest

CHROMIUM = os.getenv("CHROMIUM", "/usr/bin/chromium")
# Without these Chromium keeps calling home, and this machine's closed network refuses it.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


# What Chromium refused under the site's Content-Security-Policy, from any page of any context:
# every browser test fails on it, so each table, form and htmx refresh is shown to work under it.
CSP_VIOLATIONS: list[str] = []


def _watch_csp(context):
    def on_console(message) -> None:
        if "Content Security Policy" in message.text:
            CSP_VIOLATIONS.append(f"{message.page.url if message.page else '?'}: {message.text}")

    context.on("console", on_console)
    return context


@pytest.fixture(autouse=True)
def _no_csp_violation():
    CSP_VIOLATIONS.clear()
    yield
    assert CSP_VIOLATIONS == [], "\n".join(CSP_VIOLATIONS[:5])


def chromium_available() -> bool:
    return os.path.exists(CHROMIUM) or shutil.which(CHROMIUM) is not None


@pytest.fixture(scope="package")
def browser():
    """One Chromium for the browser tests, stopped after the last of them: while Playwright's sync
    API is started it runs an event loop in this thread, which later tests must not inherit
    (tests/site/test_test_isolation.py)."""
    if not chromium_available():
        if os.getenv("WILDCARDS_REQUIRE_SERVICES") == "1":
            pytest.fail(f"CI needs Debian's Chromium at {CHROMIUM}")
        pytest.skip(f"no Chromium at {CHROMIUM}")
    from playwright.sync_api import sync_playwright

    # That loop makes Django take the test's own (synchronous) ORM calls for async code.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            new_context = browser.new_context
            browser.new_context = lambda *args, **kwargs: _watch_csp(new_context(*args, **kwargs))
            yield browser
            browser.close()
    finally:
        del os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"]


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1200, "height": 900}, locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def phone_page(browser):
    # 390 px: the narrowest phone the site is made for (an iPhone 12 to 15).
    context = browser.new_context(viewport={"width": 390, "height": 740}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def log_in(page, live_server, username: str, password: str | None = None) -> None:
    """Sign in through the login form, as a person does, and wait until the page says so."""
    from playwright.sync_api import expect  # noqa: PLC0415 (only browser tests import playwright)

    from tests.conftest import PASSWORD  # noqa: PLC0415

    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username or email address").fill(username)
    page.get_by_label("Password").fill(password or PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_test_id("signed-in-user")).to_be_visible()


@pytest.fixture
def signed_in(browser, live_server):
    """`signed_in(username, width=1100)`: a logged-in page in a browser context of its own.

    Every context is closed after the test, so no page of it keeps asking the live server for
    anything once the test's database is gone.
    """
    contexts = []

    def open_page(username: str, width: int = 1100):
        context = browser.new_context(viewport={"width": width, "height": 900}, locale="en-GB")
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        log_in(page, live_server, username)
        return page

    yield open_page
    for context in contexts:
        context.close()


def play_one_move(page, game) -> None:
    """The first legal move shown at the table, clicked as a person does; waits until it is stored."""
    from playwright.sync_api import expect  # noqa: PLC0415 (only browser tests import playwright)

    game.refresh_from_db()
    version = game.version
    buttons = page.locator("#my-turn button.action")
    expect(buttons.first).to_be_attached()
    if not buttons.first.is_visible():  # moves made by pointing are also a folded list
        page.locator("#my-turn details.move-list summary").click()
    buttons.first.click()
    page.wait_for_function(
        "v => document.querySelector('input[name=version]') === null || "
        "Number(document.querySelector('input[name=version]').value) > v",
        arg=version,
    )


def create_game_with_bots(page, live_server, game_name: str, players: int, levels: list[str]) -> None:
    """Fill in the create form for `game_name` with `players` seats, the last `len(levels)` bots
    at these levels, and send it (the caller waits for what it expects to see)."""
    import re  # noqa: PLC0415

    page.goto(f"{live_server.url}/games/new/")
    page.get_by_role("link", name=game_name).click()
    page.get_by_label(re.compile(r"^Players:?$")).fill(str(players))
    page.get_by_label(re.compile(r"^Of which bots:?$")).fill(str(len(levels)))
    for number, level in enumerate(levels, start=1):
        page.get_by_label(re.compile(rf"^Level of bot {number}:?$")).select_option(level)
    page.get_by_role("button", name="Create the game").click()
