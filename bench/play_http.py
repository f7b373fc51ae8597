"""Concurrent action submissions over HTTP (gunicorn, PostgreSQL) beside pgbench's TPC-B.

Usage: python -m bench play_http [--games 60] [--clients 12] [--seconds 20] [--workers 3] [--floor-seconds 10]

Each client thread plays its own Wild Cards games as their three players
would from the table: a POST of the action and the version seen, with the
players' session and CSRF cookies. Latency is the POST's round trip. A
Celery worker runs beside the server, as in production, and renders and
sends (to anymail's test backend) the mail the actions queue; the figures
say how much of it kept up.

Before that, the floor: the same clients POST to the smallest action-shaped view
the stack can serve (bench/_floor_urls.py: sign-in, CSRF, one locked row
updated, a redirect). What the real action costs beyond the floor is ours;
the floor itself is Django's and gunicorn's on this machine.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
from urllib.parse import urlencode

from bench._site import fresh_database, percentile, setup_django


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="bench play_http")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--clients", type=int, default=12)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--floor-seconds", type=float, default=10)
    args = parser.parse_args(argv)
    setup_django("wc_bench_http")

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    from games.engines import get_engine
    from games.models import Action
    from games.services import do_create_game, do_join
    from tests.conftest import make_user

    engine = get_engine("wildcards")
    tables = []
    for number in range(args.games + args.clients):  # the last `clients` games are the floor's
        users = [make_user(f"p{number}x{i}") for i in range(3)]
        game = do_create_game(users[0], "wildcards", 3, {}, seed=f"http-{number}")
        for user in users[1:]:
            do_join(game.pk, user)
        game.refresh_from_db()
        cookies = {}
        for seat in game.seats.select_related("user"):
            session = SessionStore()
            session[SESSION_KEY] = str(seat.user.pk)
            session[BACKEND_SESSION_KEY] = settings.SESSION_LOGIN_BACKEND
            session[HASH_SESSION_KEY] = seat.user.get_session_auth_hash()
            session.create()
            cookies[seat.position] = session.session_key
        tables.append({"id": game.pk, "state": game.state, "version": game.version, "sessions": cookies})

    port = free_port()
    env = dict(
        os.environ,
        DEBUG="0",
        ALLOWED_HOSTS="127.0.0.1",
        SITE_URL=f"http://127.0.0.1:{port}",
        DJANGO_SETTINGS_MODULE="bench._floor_settings",
        ANYMAIL_PROVIDER="test",
    )
    from django.utils import timezone

    set_up = timezone.now()  # the games' first turn mails, queued above, lose their kicks in the purge
    worker = start_worker(env, settings.BASE_DIR)
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "wildcards_site.wsgi",
            "-w",
            str(args.workers),
            "-b",
            f"127.0.0.1:{port}",
            "--log-level",
            "warning",
        ],
        cwd=settings.BASE_DIR,
        env=env,
        start_new_session=True,
    )
    try:
        wait_for_port(port)
        # The floor first, while the worker has no mail to render.
        floor = drive_floor(tables[args.games :], port, args.clients, args.floor_seconds)
        figures = drive(tables[: args.games], engine, port, args.clients, args.seconds)
        mail = mail_counts(set_up)
    finally:
        for process in (server, worker):
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(20)
    stored = Action.objects.filter(game_id__in=[table["id"] for table in tables[: args.games]]).count()
    tps = pgbench(args.clients, min(args.seconds, 20))
    rate = figures["accepted"] / figures["elapsed"]
    print(
        f"HTTP actions: {figures['accepted']} accepted in {figures['elapsed']:.1f} s = {rate:.0f} actions/s "
        f"({args.clients} clients, {args.workers} gunicorn workers, {args.games} games); "
        f"latency p50 {figures['p50'] * 1000:.0f} ms, p99 {figures['p99'] * 1000:.0f} ms; "
        f"{figures['rejected']} rejected; {stored} actions stored"
    )
    if stored != figures["accepted"]:
        print(f"!! the database holds {stored} actions but {figures['accepted']} were accepted")
    print(
        f"mail queued by those actions: {mail['queued']}; rendered and sent (or dropped as no longer needed) "
        f"by the worker during the run: {mail['done']}; held for players at the table: {mail['held']} "
        f"(and {mail['before']} first turn mails queued while the games were set up, left to the beat sweep)"
    )
    floor_rate = floor["accepted"] / floor["elapsed"]
    print(
        f"floor (same stack, a signed-in POST that locks and updates one row, nothing else): {floor_rate:.0f} "
        f"requests/s, p50 {floor['p50'] * 1000:.0f} ms, p99 {floor['p99'] * 1000:.0f} ms"
    )
    print(
        f"pgbench TPC-B on the same server: {tps:.0f} tps ({args.clients} clients); "
        f"HTTP actions are {rate / tps:.0%} of it (target: at least 50%); the floor is {floor_rate / tps:.0%} of it"
    )


def start_worker(env: dict, cwd) -> subprocess.Popen:
    """A Celery worker on the benchmark's database, as the Procfile runs one, on a purged queue."""
    subprocess.run(
        [sys.executable, "-m", "celery", "-A", "wildcards_site", "purge", "-f"], env=env, cwd=cwd, capture_output=True
    )
    command = [
        sys.executable,
        "-m",
        "celery",
        "-A",
        "wildcards_site",
        "worker",
        "--concurrency=1",
        "--loglevel=WARNING",
    ]
    command += ["--without-mingle", "--without-gossip"]
    return subprocess.Popen(command, env=env, cwd=cwd, start_new_session=True)


def mail_counts(set_up) -> dict:
    from django.utils import timezone

    from wildcards_site.outbox.models import OutboxMessage

    done = (OutboxMessage.Status.SENT, OutboxMessage.Status.DROPPED)
    waiting = OutboxMessage.objects.filter(status=OutboxMessage.Status.PENDING)
    return {
        "queued": OutboxMessage.objects.filter(created_at__gte=set_up).count(),
        "done": OutboxMessage.objects.filter(status__in=done, created_at__gte=set_up).count(),
        # A player who moves on the site is at the table: their turn mail waits GAME_MAIL_GRACE_SECONDS
        # (and is dropped if they play first), so a short run sends little.
        "held": waiting.filter(created_at__gte=set_up, next_attempt_at__gt=timezone.now()).count(),
        # Queued while the games were set up: their kicks went with the purge, and the beat sweep
        # that would send them does not run here.
        "before": OutboxMessage.objects.filter(created_at__lt=set_up).count(),
    }


def drive_floor(tables, port, clients, seconds) -> dict:
    """The clients POST to the floor view for `seconds`, each as the first player of its games."""
    latencies: list[float] = []
    counts = {"accepted": 0}
    lock = threading.Lock()
    stop = time.monotonic() + seconds
    csrf = secrets.token_hex(16)

    def client(mine):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        local, accepted = [], 0
        while time.monotonic() < stop:
            for table in mine:
                headers = {
                    "Content-Type": "application/x-www-form-urlencoded",
                    "Cookie": f"sessionid={table['sessions'][0]}; csrftoken={csrf}",
                }
                started = time.perf_counter()
                conn.request("POST", f"/bench/floor/{table['id']}/", urlencode({"csrfmiddlewaretoken": csrf}), headers)
                response = conn.getresponse()
                response.read()
                local.append(time.perf_counter() - started)
                accepted += response.status == 302
        with lock:
            latencies.extend(local)
            counts["accepted"] += accepted

    return run_clients(tables, clients, client, counts, latencies)


def wait_for_port(port: int, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("gunicorn did not start")


def drive(tables, engine, port, clients, seconds) -> dict:
    latencies: list[float] = []
    counts = {"accepted": 0, "rejected": 0}
    lock = threading.Lock()
    stop = time.monotonic() + seconds
    csrf = secrets.token_hex(16)  # 32 characters: Django accepts the unmasked secret

    def client(mine):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        local_latencies, accepted, rejected = [], 0, 0
        while time.monotonic() < stop and mine:
            for table in list(mine):
                if time.monotonic() >= stop:
                    break
                state = table["state"]
                if engine.is_over(state):
                    mine.remove(table)
                    continue
                seat = engine.to_act(state)[0]
                action = engine.auto_action(state, seat)
                body = urlencode(
                    {"action": json.dumps(action), "version": table["version"], "csrfmiddlewaretoken": csrf}
                )
                headers = {
                    "Content-Type": "application/x-www-form-urlencoded",
                    "Cookie": f"sessionid={table['sessions'][seat]}; csrftoken={csrf}",
                }
                started = time.perf_counter()
                conn.request("POST", f"/games/{table['id']}/act/", body, headers)
                response = conn.getresponse()
                response.read()
                local_latencies.append(time.perf_counter() - started)
                messages = response.getheader("Set-Cookie") or ""
                if response.status == 302 and not re.search(r"messages=[^;]+", messages):
                    accepted += 1
                    table["state"] = engine.apply(state, seat, action)
                    table["version"] += 1
                else:
                    rejected += 1
                    mine.remove(table)
        with lock:
            latencies.extend(local_latencies)
            counts["accepted"] += accepted
            counts["rejected"] += rejected

    return run_clients(tables, clients, client, counts, latencies)


def run_clients(tables, clients: int, client, counts: dict, latencies: list[float]) -> dict:
    """Run `client` in `clients` threads, each on its share of the tables; the figures they gathered."""
    started = time.monotonic()
    threads = [threading.Thread(target=client, args=(tables[i::clients],)) for i in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - started
    return {**counts, "elapsed": elapsed, "p50": percentile(latencies, 0.5), "p99": percentile(latencies, 0.99)}


def pgbench(clients: int, seconds: float) -> float:
    url = fresh_database("wc_bench_pgbench")
    subprocess.run(["pgbench", "-i", "-s", "10", "-q", url], check=True, capture_output=True)
    result = subprocess.run(
        ["pgbench", "-c", str(clients), "-j", "2", "-T", str(int(seconds)), "-n", url],
        check=True,
        capture_output=True,
        text=True,
    )
    match = re.search(r"tps = ([\d.]+)", result.stdout)
    return float(match.group(1)) if match else float("nan")
