"""scripts/_settings.sh, which scripts/run and scripts/manage share: a development checkout's
commands read the demo's settings and the port the site last ran on; a production checkout's
commands read neither (`scripts/manage recompute_ratings` on a server would rebuild
every rating with the demo's established limits, 4 and 4, where its workers rate
with 10 and 5)."""

import os
import subprocess

from django.conf import settings


def _sourced(tmp_path, echo: str, forget: tuple[str, ...], **env) -> list[str]:
    """What `scripts/_settings.sh` leaves in the variables `echo` names, in a clean environment."""
    clean = {key: value for key, value in os.environ.items() if not key.startswith(forget)}
    clean |= {"VAR_DIR": str(tmp_path), "SECRET_KEY": "not-a-secret", **env}
    said = subprocess.run(
        ["bash", "-c", f'source scripts/_settings.sh; echo "{echo}"'],
        cwd=settings.BASE_DIR,
        env=clean,
        capture_output=True,
        text=True,
        check=True,
    )
    return said.stdout.strip().split("|")


def _settings_read(tmp_path, **env) -> list[str]:
    echo = "$SITE_URL|${LEADERBOARD_MIN_GAMES:-unset}|${LEADERBOARD_MIN_OPPONENTS:-unset}"
    return _sourced(tmp_path, echo, ("LEADERBOARD_", "WILDCARDS_", "SITE_URL"), **env)


def test_a_development_checkout_reads_the_demo_limits_and_the_port_the_site_last_ran_on(tmp_path):
    (tmp_path / "port").write_text("8761\n")
    assert _settings_read(tmp_path, DEBUG="1") == ["http://127.0.0.1:8761", "4", "4"]
    # A port given wins over the one kept.
    assert _settings_read(tmp_path, DEBUG="1", WILDCARDS_PORT="9000")[0] == "http://127.0.0.1:9000"


def test_a_production_checkout_reads_neither_the_demo_limits_nor_a_kept_port(tmp_path):
    (tmp_path / "port").write_text("8761\n")
    assert _settings_read(tmp_path, DEBUG="0") == ["http://127.0.0.1:8000", "unset", "unset"]


def _services_read(tmp_path, **env) -> list[str]:
    return _sourced(
        tmp_path, "${CELERY_BROKER_URL:-unset}|${CACHE_URL:-unset}", ("CELERY_BROKER_URL", "CACHE_URL"), **env
    )


def test_a_command_uses_the_broker_and_cache_the_site_last_ran_with(tmp_path):
    # #68: scripts/manage kept the port of scripts/run but not its broker and cache, so a reply
    # fed to receive_mail could queue its mail on another broker than the running site's.
    (tmp_path / "services").write_text(
        "CELERY_BROKER_URL=redis://127.0.0.1:6379/3\nCACHE_URL=redis://127.0.0.1:6379/4\n"
    )
    assert _services_read(tmp_path, DEBUG="1") == ["redis://127.0.0.1:6379/3", "redis://127.0.0.1:6379/4"]
    # Given, they win; a production checkout reads no kept file.
    given = _services_read(tmp_path, DEBUG="1", CELERY_BROKER_URL="redis://127.0.0.1:6379/9")
    assert given == ["redis://127.0.0.1:6379/9", "redis://127.0.0.1:6379/4"]
    assert _services_read(tmp_path, DEBUG="0") == ["unset", "unset"]
