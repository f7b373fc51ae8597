"""The processes the fault suite runs and breaks: its own Redis, SMTP sink, web, workers and beats.

Everything listens on free local ports and writes its log to the run's folder;
nothing here touches the shared Redis on 6379.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from email import message_from_bytes
from pathlib import Path

from aiosmtpd.controller import Controller

BASE_DIR = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for_port(port: int, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing answered on port {port} within {seconds} s")


class MailSink:
    """A real SMTP server that counts deliveries by Message-ID."""

    def __init__(self) -> None:
        self.deliveries: Counter[str] = Counter()
        self.lock = threading.Lock()
        self.controller = Controller(self, hostname="127.0.0.1", port=free_port())

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's hook name
        message_id = (message_from_bytes(envelope.content).get("Message-ID") or "").strip()
        with self.lock:
            self.deliveries[message_id] += len(envelope.rcpt_tos)
        return "250 OK"

    @property
    def port(self) -> int:
        return self.controller.port

    def start(self) -> None:
        self.controller.start()

    def stop(self) -> None:
        self.controller.stop()


class Stack:
    """Redis, two gunicorn web processes, two Celery workers and two beats on one database."""

    def __init__(self, database_url: str, folder: Path, smtp_port: int) -> None:
        self.folder = folder
        self.redis_port = free_port()
        self.web_ports = [free_port(), free_port()]
        self.processes: dict[str, subprocess.Popen] = {}
        self.env = dict(
            os.environ,
            DJANGO_SETTINGS_MODULE="wildcards_site.settings",
            DATABASE_URL=database_url,
            CELERY_BROKER_URL=f"redis://127.0.0.1:{self.redis_port}/0",
            CACHE_URL=f"redis://127.0.0.1:{self.redis_port}/1",
            EMAIL_HOST="127.0.0.1",
            EMAIL_PORT=str(smtp_port),
            DEBUG="0",
            MANIFEST_STATIC="0",
            SECRET_KEY="fault-suite-secret-key-not-for-production",
            SITE_URL=f"http://127.0.0.1:{self.web_ports[0]}",
            ALLOWED_HOSTS="127.0.0.1,localhost",
            LOG_LEVEL="INFO",
            VAR_DIR=str(folder),
            PYTHONUNBUFFERED="1",
        )
        self.env.pop("ANYMAIL_PROVIDER", None)

    # Redis -----------------------------------------------------------------
    def start_redis(self) -> None:
        self._spawn(
            "redis",
            ["redis-server", "--port", str(self.redis_port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        )
        wait_for_port(self.redis_port)

    def stop_redis(self) -> None:
        self.stop("redis")

    # Django processes --------------------------------------------------------
    def start_web(self, number: int) -> None:
        port = self.web_ports[number]
        command = [sys.executable, "-m", "gunicorn", "wildcards_site.wsgi", "-w", "2", "-b", f"127.0.0.1:{port}"]
        self._spawn(f"web{number + 1}", command)

    def start_worker(self, number: int) -> None:
        # The solo pool runs tasks in the worker's own process, so SIGKILL stops a close mid-way.
        name = f"worker{number + 1}"
        command = [sys.executable, "-m", "celery", "-A", "wildcards_site", "worker", "--pool=solo"]
        command += [f"--hostname={name}@faults", "--loglevel=INFO", "--without-mingle", "--without-gossip"]
        self._spawn(name, command)

    def start_beat(self, number: int) -> None:
        name = f"beat{number + 1}"
        command = [sys.executable, "-m", "celery", "-A", "wildcards_site", "beat", "--loglevel=INFO"]
        command += ["--schedule", str(self.folder / f"{name}-schedule")]
        self._spawn(name, command)

    def start_all(self) -> None:
        self.start_redis()
        for number in (0, 1):
            self.start_web(number)
            self.start_worker(number)
            self.start_beat(number)  # two beats, as by mistake: each wait must still close once
        for port in self.web_ports:
            wait_for_port(port)

    def kill(self, name: str) -> None:
        """SIGKILL: no clean-up, no acknowledgement, as when a machine dies."""
        process = self.processes.pop(name)
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(10)

    def stop(self, name: str) -> None:
        process = self.processes.pop(name, None)
        if process is None:
            return
        try:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(10)
        except ProcessLookupError:
            pass

    def stop_all(self) -> None:
        for name in list(self.processes):
            self.stop(name)

    def _spawn(self, name: str, command: list[str]) -> None:
        log = open(self.folder / f"{name}.log", "ab")  # noqa: SIM115 - the child keeps it
        self.processes[name] = subprocess.Popen(
            command, cwd=BASE_DIR, env=self.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
        log.close()

    def log_lines(self, word: str) -> list[str]:
        """Lines of every process's log that start an event `word` (action, close, mail, inbound)."""
        found = []
        for path in sorted(self.folder.glob("*.log")):
            found += [line for line in path.read_text(errors="replace").splitlines() if f" {word} " in line]
        return found
