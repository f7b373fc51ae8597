"""Screenshots of each game's table from the demo data, for the README.

Run it through `scripts/screenshots`, which gives it a fresh SQLite database of its own:
it loads the demo, serves the site with `runserver`, and has Debian's Chromium (through
Playwright, never a downloaded browser) open each demo table as the player whose move it is.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

from games.engines import get_engine
from games.management.demo import demo_game
from wildcards_site.accounts.models import Profile

CHROMIUM = os.getenv("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PASSWORD = "wildcards-demo"
# One running demo table per game, by its tag (games/management/demo.py).
TABLES = {
    "wildcards": "demo-wildcards",
    "wizard": "demo-wizard",
    "cubirds": "demo-cubirds",
    "emu_ranchers": "demo-emu",
}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Command(BaseCommand):
    help = "Screenshot each game's demo table (desktop and phone) into docs/screenshots/."

    def add_arguments(self, parser):
        parser.add_argument("--out", default=str(settings.BASE_DIR / "docs" / "screenshots"))

    def handle(self, *args, out: str, **options):
        if "sqlite" not in settings.DATABASES["default"]["ENGINE"]:
            raise CommandError("Run this through scripts/screenshots: it needs a throwaway SQLite database.")
        call_command("migrate", verbosity=0)
        call_command("load_demo", verbosity=0)
        Profile.objects.update(language="en")  # the README is in English
        self.prepare()
        port = _free_port()
        server = subprocess.Popen(
            [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"],
            cwd=settings.BASE_DIR,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            self._wait_for(port)
            self._shoot(f"http://127.0.0.1:{port}", Path(out))
        finally:
            server.terminate()
            server.wait(timeout=10)

    def prepare(self) -> None:
        """More to shoot, made after the demo is loaded (other apps' commands add theirs)."""

    def _wait_for(self, port: int) -> None:
        for _ in range(100):
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    return
            time.sleep(0.1)
        raise CommandError("the development server did not start")

    def _shoot(self, base: str, out: Path) -> None:
        from playwright.sync_api import sync_playwright

        out.mkdir(parents=True, exist_ok=True)
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            for engine_name, tag in TABLES.items():
                game = demo_game(tag)
                position = get_engine(engine_name).to_act(game.state)[0]
                player = game.seats.get(position=position).user
                for device, width in (("desktop", 1200), ("phone", 390)):
                    context = browser.new_context(viewport={"width": width, "height": 900}, locale="en-GB")
                    page = context.new_page()
                    page.goto(f"{base}/accounts/login/")
                    page.get_by_label("Username or email address").fill(player.username)
                    page.get_by_label("Password").fill(PASSWORD)
                    page.get_by_role("button", name="Log in").click()
                    page.get_by_test_id("signed-in-user").wait_for()
                    page.goto(f"{base}/games/{game.pk}/")
                    page.locator("#table").wait_for()
                    path = out / f"{engine_name}-{device}.png"
                    page.locator("#table").screenshot(path=path)
                    self.stdout.write(str(path))
                    context.close()
            browser.close()
