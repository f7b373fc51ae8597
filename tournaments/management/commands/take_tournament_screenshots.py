"""Screenshots of a tournament page (a round robin's standings and crosstable), a double
elimination's bracket and a leaderboard, desktop and phone, for the README.

Run through `scripts/screenshots` (a throwaway SQLite database), like the games' tables: it
finds the demo's tournaments (`tournaments.demo`, made by `load_demo`), then shoots.
"""

from __future__ import annotations

import os
from pathlib import Path

from games.management.commands.take_screenshots import CHROMIUM, CHROMIUM_ARGS, PASSWORD
from games.management.commands.take_screenshots import Command as TablesCommand
from tournaments.demo import load_demo_tournaments

# Each page's file name, viewer, address and the element shot.
SHOTS = ("tournament", "bracket", "leaderboard")
DEVICES = (("desktop", 1200), ("phone", 390))
# Screenshots show a day or two of play: the leaderboard lists players with 4 rated games
# against 4 people here (10 and 5 on the site), so that it is not empty (as `scripts/run` does).
LEADERBOARD_FOR_SCREENSHOTS = {"LEADERBOARD_MIN_GAMES": "4", "LEADERBOARD_MIN_OPPONENTS": "4"}

WIDEN = """() => {
  document.querySelector("main").style.maxWidth = "none";
  document.querySelector("#bracket").style.width = "max-content";
  document.querySelector("#bracket .scroll-frame").style.overflow = "visible";
}"""


class Command(TablesCommand):
    help = "Screenshot a tournament page, a bracket and a leaderboard (desktop and phone) into docs/screenshots/."

    def prepare(self) -> None:
        made = load_demo_tournaments()
        os.environ.update(LEADERBOARD_FOR_SCREENSHOTS)  # read by the development server started next
        round_robin, double = made["round_robin"], made["double"]
        viewer = made["viewer"].username
        # (file name, viewer, address, element shot, the element it is cut after or "")
        self.pages: list[tuple[str, str, str, str, str]] = [
            ("tournament", viewer, f"/tournaments/{round_robin.pk}/", "main", "#crosstable"),
            ("bracket", "organiser", f"/tournaments/{double.pk}/", "#bracket", ""),
            ("leaderboard", viewer, "/ratings/emu_ranchers/", "main", ""),
        ]

    def _shoot(self, base: str, out: Path) -> None:
        from playwright.sync_api import sync_playwright

        out.mkdir(parents=True, exist_ok=True)
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            for name, username, address, element, until in self.pages:
                for device, width in DEVICES:
                    context = browser.new_context(viewport={"width": width, "height": 900}, locale="en-GB")
                    page = context.new_page()
                    page.goto(f"{base}/accounts/login/")
                    page.get_by_label("Username or email address").fill(username)
                    page.get_by_label("Password").fill(PASSWORD)
                    page.get_by_role("button", name="Log in").click()
                    page.get_by_test_id("signed-in-user").wait_for()
                    page.goto(f"{base}{address}")
                    page.locator(element).wait_for()
                    path = out / f"{name}-{device}.png"
                    if name == "bracket" and device == "desktop":
                        # The whole bracket at once: on the site it scrolls inside its frame.
                        page.evaluate(WIDEN)
                    if until:
                        top = page.locator(element).bounding_box()
                        end = page.locator(until).bounding_box()
                        height = end["y"] + end["height"] - top["y"]
                        clip = {"x": top["x"], "y": top["y"], "width": top["width"], "height": height}
                        page.screenshot(path=path, full_page=True, clip=clip)
                    else:
                        page.locator(element).screenshot(path=path)
                    self.stdout.write(str(path))
                    context.close()
            browser.close()
