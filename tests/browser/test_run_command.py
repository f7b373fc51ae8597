"""The README's run command serves the site, and a demo player can log in to it."""

import json
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request

import pytest
from django.conf import settings
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for_health(url: str, process, seconds: float = 120) -> dict:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"the run command exited early with {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                return json.loads(response.read())
        except OSError:
            time.sleep(0.5)
    raise AssertionError(f"no answer from {url} within {seconds} s")


def stream_answer(url: str, seconds: float = 30) -> int:
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                return response.status
        except urllib.error.HTTPError as error:
            return error.code
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)


def test_the_run_command_serves_the_site_with_demo_logins(page, tmp_path):
    port = free_port()
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO", "PYTEST", "DATABASE_URL", "SECRET_KEY"))
    }
    env.update({"WILDCARDS_PORT": str(port), "VAR_DIR": str(tmp_path)})
    log = open(tmp_path / "run.log", "w")  # noqa: SIM115 - closed below, after the process
    process = subprocess.Popen(
        ["bash", "scripts/run"],
        cwd=settings.BASE_DIR,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        status = wait_for_health(f"http://127.0.0.1:{port}/health/", process)
        assert status == {"ok": True}  # details are for staff
        # The event streams' server runs beside it, on the next port, and asks for a token.
        assert stream_answer(f"http://127.0.0.1:{port + 1}/api/v1/stream/events") == 401
        # The run command made a secret key of this checkout's own, kept in VAR_DIR.
        assert len((tmp_path / "secret_key").read_text().strip()) >= 40
        page.goto(f"http://127.0.0.1:{port}/accounts/login/")
        page.get_by_label("Username or email address").fill("organiser")
        page.get_by_label("Password").fill("wildcards-demo")
        page.get_by_role("button", name="Log in").click()
        expect(page.get_by_test_id("signed-in-user")).to_be_visible()
        # An organiser trying the demo finds tournaments and leaderboards with players on them.
        page.goto(f"http://127.0.0.1:{port}/tournaments/")
        expect(page.get_by_role("link", name="Spring Round Robin")).to_be_visible()
        expect(page.get_by_role("link", name="Emu Double Knock-out")).to_be_visible()
        page.goto(f"http://127.0.0.1:{port}/ratings/emu_ranchers/")
        expect(page.locator("main tbody tr td a").first).to_be_visible()  # a player listed, with a link
        details = json.loads(page.goto(f"http://127.0.0.1:{port}/health/").text())
        assert details["database"] == "ok" and details["database_vendor"] == "sqlite"
        assert details["broker"] == "ok"
        # A reply fed to `scripts/manage receive_mail` is rated with the demo's 4 and 4, not the
        # site's 10 and 5, and its mails do not link to port 8000: the manage command,
        # without the run's environment, reads the same settings.
        manage_env = {key: value for key, value in env.items() if key != "WILDCARDS_PORT"}
        said = subprocess.run(
            [
                "bash",
                "scripts/manage",
                "shell",
                "-c",
                "from django.conf import settings as s; "
                "print(s.SITE_URL, s.LEADERBOARD_MIN_GAMES, s.LEADERBOARD_MIN_OPPONENTS)",
            ],
            cwd=settings.BASE_DIR,
            env=manage_env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert said.stdout.split()[-3:] == [f"http://127.0.0.1:{port}", "4", "4"], said.stderr[-2000:]
    finally:
        # Ctrl-C reaches the whole foreground group: web server, worker and beat.
        os.killpg(process.pid, signal.SIGINT)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            raise
        log.close()
    output = (tmp_path / "run.log").read_text()
    assert f"http://127.0.0.1:{port}/" in output
    assert "demo logins" in output
    for name in ("web", "worker", "beat"):
        assert f"{name}.1" in output, f"{name} did not start:\n{output[-3000:]}"
    leftovers = subprocess.run(["pgrep", "-g", str(process.pid)], capture_output=True, text=True).stdout.split()
    assert leftovers == [], f"processes left running after Ctrl-C: {leftovers}"
