"""The README's screenshots come from a script in the repo: it shoots every game's demo table."""

import os
import subprocess

import pytest
from django.conf import settings

from games.management.commands.take_screenshots import TABLES
from tournaments.management.commands.take_tournament_screenshots import SHOTS

pytestmark = pytest.mark.browser
PNG = b"\x89PNG\r\n\x1a\n"


@pytest.mark.timeout(900)
def test_the_screenshot_script_shoots_every_games_table_and_the_tournament_pages_at_desktop_and_phone_width(
    browser, tmp_path
):
    env = {key: value for key, value in os.environ.items() if not key.startswith(("DATABASE_URL", "DJANGO_"))}
    result = subprocess.run(
        ["bash", "scripts/screenshots", "--out", str(tmp_path)],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=840,  # the tournaments are played through the services first
    )
    assert result.returncode == 0, result.stderr[-2000:]
    shots = sorted(path.name for path in tmp_path.iterdir())
    pages = [*TABLES, *SHOTS]
    assert shots == sorted(f"{page}-{device}.png" for page in pages for device in ("desktop", "phone"))
    for path in tmp_path.iterdir():
        data = path.read_bytes()
        assert data.startswith(PNG) and len(data) > 10_000, path.name


def test_the_screenshot_command_refuses_to_run_on_the_real_database():
    from django.core.management import call_command
    from django.core.management.base import CommandError

    if "sqlite" in settings.DATABASES["default"]["ENGINE"]:
        pytest.skip("the tests run on SQLite here; the refusal is for other databases")
    with pytest.raises(CommandError, match="throwaway SQLite"):
        call_command("take_screenshots")
