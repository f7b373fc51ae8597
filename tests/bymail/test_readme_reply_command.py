"""The README's reply command, run exactly as printed, plays the move of a real reply to a real turn mail."""

from __future__ import annotations

import os
import secrets
import subprocess

import pytest
from django.conf import settings as django_settings

from games.models import Action
from tests.bymail.conftest import listed_moves, reply_mime
from tests.conftest import make_user
from tests.games.conftest import start_game

pytestmark = pytest.mark.django_db(transaction=True)

README = django_settings.BASE_DIR / "README.md"


def readme_command(start: str) -> str:
    """The README's line that starts with `start`, whole (a shell comment after it included)."""
    lines = [line for line in README.read_text().splitlines() if line.startswith(start)]
    assert lines, f"the README gives no line starting with {start!r}"
    return lines[0]


def database_url() -> str:
    db = django_settings.DATABASES["default"]
    return f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def script_env(var_dir, **extra) -> dict:
    # Nothing of the test process's own settings leaks in: the script sets what scripts/run sets.
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO", "PYTEST", "SECRET_KEY", "DEBUG", "SITE_URL", "DATABASE_URL", "VAR_DIR"))
    }
    env.update(VAR_DIR=str(var_dir), **extra)
    return env


@pytest.mark.skipif("postgresql" not in django_settings.DATABASES["default"]["ENGINE"], reason="shares PostgreSQL")
def test_it_plays_the_move_of_a_reply_fed_to_the_readmes_receive_mail_line(mail_server, settings, tmp_path):
    # The running site signed its mail with the key scripts/run keeps in var/secret_key.
    key = secrets.token_urlsafe(50)
    (tmp_path / "secret_key").write_text(key + "\n")
    settings.SECRET_KEY = key
    alice = make_user("alice", display_name="Alice")
    game = start_game([alice, make_user("bruno")], engine="wildcards")
    original = {str(m["To"]): m for m in mail_server()}["alice@example.org"]
    raw = reply_mime(original, "alice@example.org", listed_moves(original)[0])

    line = readme_command("scripts/manage receive_mail < reply.eml")
    reply = django_settings.BASE_DIR / "reply.eml"
    assert not reply.exists(), "a reply.eml of someone else's lies in the checkout"
    reply.write_bytes(raw)
    try:
        result = subprocess.run(
            ["bash", "-c", line],
            cwd=django_settings.BASE_DIR,
            env=script_env(tmp_path, DATABASE_URL=database_url()),
            capture_output=True,
            text=True,
            timeout=300,
        )
    finally:
        reply.unlink()
    assert result.returncode == 0, result.stdout + result.stderr
    assert "accepted" in result.stdout
    assert Action.objects.filter(game=game, channel=Action.Channel.EMAIL_REPLY).count() == 1


def test_it_refuses_a_production_start_without_a_secret_key(tmp_path):
    result = subprocess.run(
        ["scripts/manage", "check"],
        cwd=django_settings.BASE_DIR,
        env=script_env(tmp_path, DEBUG="0"),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode != 0
    assert "SECRET_KEY is not set" in result.stderr
    assert not (tmp_path / "secret_key").exists()
