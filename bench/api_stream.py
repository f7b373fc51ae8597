"""Open event streams while bots play through the API (uvicorn for the streams, gunicorn for moves).

Usage: python -m bench api_stream [--players 500] [--rate 50] [--seconds 30] [--workers 2]

Two-player CuBirds games; each player is a bot client holding its account stream and its
game's stream (2 x players open streams). A bot answers each `your_turn` event with one
POST of a random legal move, no faster than `--rate` moves a second over all games. Printed:
events delivered a second, the delay from a move stored (its row's created_at) to each
stream's event about it (median, p99), and the stream server's memory per open stream (its
RSS before and after the streams opened). The floor, in the same run: the same number of
Redis pub/sub subscribers in one process, with messages published at the same rate, and
the delay from publish to receipt (what Redis and asyncio cost with our code left out).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor

from bench._site import percentile, setup_django
from bench.play_http import free_port, wait_for_port


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="bench api_stream")
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--rate", type=float, default=50)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--direct",
        action="store_true",
        help="the moves stored by do_action in two processes of their own, not POSTed by the bots: the "
        "streams measured at a rate of moves this machine's HTTP stack cannot make beside them",
    )
    args = parser.parse_args(argv)
    os.environ["EVENTS_PREFIX"] = f"bench-{uuid.uuid4().hex[:8]}"
    setup_django("wc_bench_stream")
    from django.conf import settings

    from games.api.models import ApiToken
    from games.services import do_create_game, do_join
    from tests.conftest import make_user

    players = []
    for number in range(args.players // 2):
        users = [make_user(f"s{number}x{i}") for i in range(2)]
        game = do_create_game(users[0], "cubirds", 2, {}, seed=f"stream-{number}")
        do_join(game.pk, users[1])
        for user in users:
            players.append({"game": game.pk, "token": ApiToken.issue(user, "bench")[1], "user": user})
    web_port, stream_port = free_port(), free_port()
    env = dict(
        os.environ,
        DEBUG="0",
        ALLOWED_HOSTS="127.0.0.1",
        SITE_URL=f"http://127.0.0.1:{web_port}",
        DJANGO_SETTINGS_MODULE="bench._stream_settings",
    )
    web = _start(["gunicorn", "wildcards_site.wsgi", "-w", str(args.workers), "-b", f"127.0.0.1:{web_port}"], env)
    streams = _start(
        ["uvicorn", "wildcards_site.asgi:application", "--port", str(stream_port), "--no-access-log"],
        env,
    )
    try:
        wait_for_port(web_port)
        wait_for_port(stream_port)
        figures = asyncio.run(_drive(players, web_port, stream_port, streams.pid, args))
    finally:
        for process in (web, streams):
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(20)
    delays = _delays(figures["received"])
    floor = asyncio.run(_floor(settings.EVENTS_REDIS_URL, len(players) * 2, args.rate, min(args.seconds, 15)))
    opened = figures["opened"]
    print(
        f"open streams: {opened} of {len(players) * 2} ({len(players)} bot clients, an account and a game stream each)"
    )
    print(
        f"moves ({'do_action in two processes' if args.direct else 'POSTed to the API by the bots'}): "
        f"{figures['moves']} in "
        f"{figures['elapsed']:.1f} s = {figures['moves'] / figures['elapsed']:.1f} a second (asked {args.rate:g}); "
        f"refused {figures['refused']}"
    )
    print(
        f"events delivered: {len(figures['received'])} = {len(figures['received']) / figures['elapsed']:.0f} a "
        f"second; delay from move stored to event read: p50 {delays[0] * 1000:.0f} ms, p99 {delays[1] * 1000:.0f} ms "
        f"(target p99 <= 200 ms at 50 moves a second)"
    )
    per_stream = (figures["rss_after"] - figures["rss_before"]) / max(1, opened)
    print(
        f"stream server memory: {figures['rss_before'] / 1024:.0f} MiB before, {figures['rss_after'] / 1024:.0f} MiB "
        f"with the streams open = {per_stream:.1f} KiB per open stream (target <= 100 KiB); "
        f"{figures['threads']} threads"
    )
    print(
        f"floor (Redis pub/sub to {floor['subscribers']} subscribers in one process, {args.rate:g} messages a "
        f"second): p50 {floor['p50'] * 1000:.1f} ms, p99 {floor['p99'] * 1000:.1f} ms"
    )


def _start(command: list[str], env: dict) -> subprocess.Popen:
    from django.conf import settings

    command = [sys.executable, "-m", *command, "--log-level", "warning"]
    return subprocess.Popen(command, cwd=settings.BASE_DIR, env=env, start_new_session=True)


def _threads(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("Threads:"))


def _rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


async def _drive(players: list[dict], web_port: int, stream_port: int, server_pid: int, args) -> dict:
    received: list[tuple[float, int, int]] = []  # (read at, game, version)
    state = {"moves": 0, "refused": 0, "opened": 0, "stop": False}
    pool = ThreadPoolExecutor(16)
    local = threading.local()
    slots = asyncio.Queue()

    def post(token: str, game: int, body: dict) -> int:
        import http.client

        if getattr(local, "connection", None) is None:
            local.connection = http.client.HTTPConnection("127.0.0.1", web_port, timeout=30)
        headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
        local.connection.request("POST", f"/api/v1/games/{game}/actions", json.dumps(body), headers)
        response = local.connection.getresponse()
        response.read()
        return response.status

    async def pace() -> None:
        while not state["stop"]:
            slots.put_nowait(None)
            await asyncio.sleep(1 / args.rate)

    async def listen(player: dict, path: str, plays: bool, ready: asyncio.Event) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", stream_port, limit=2**22)
        writer.write(
            f"GET /api/v1{path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {player['token']}\r\n\r\n".encode()
        )
        await writer.drain()
        status = await reader.readline()
        while (await reader.readline()).strip():
            pass  # the headers
        if b" 200 " in status:
            state["opened"] += 1
        ready.set()
        answered = -1
        while not state["stop"]:
            line = await _chunked_line(reader)
            if line is None:
                break
            if not line.strip():
                continue
            event = json.loads(line)
            now = time.time()
            if event.get("type") == "game" and event["moves"]:
                received.append((now, event["game"], event["version"]))
            if event.get("type") == "your_turn" and args.direct:
                received.append((now, event["game"], event["version"]))
            if plays and not args.direct and event.get("type") == "your_turn" and event["version"] > answered:
                answered = event["version"]
                received.append((now, event["game"], event["version"]))
                await slots.get()
                if state["stop"]:
                    break
                body = {"version": event["version"], "action": random.choice(event["actions"])}
                loop = asyncio.get_running_loop()
                status = await loop.run_in_executor(pool, post, player["token"], event["game"], body)
                state["moves" if status == 200 else "refused"] += 1
        writer.close()

    # A first stream of each kind, so that what any first request loads is not counted per stream.
    warm = [asyncio.Event(), asyncio.Event()]
    warming = [
        asyncio.create_task(listen(players[0], f"/games/{players[0]['game']}/stream", False, warm[0])),
        asyncio.create_task(listen(players[0], "/stream/events", False, warm[1])),
    ]
    await asyncio.gather(*(event.wait() for event in warm))
    for task in warming:
        task.cancel()
    await asyncio.sleep(1)
    state["opened"] = 0
    ready_events = []
    tasks = []
    # The game streams open first; then RSS is read with them all open, before any move.
    for player in players:
        ready = asyncio.Event()
        ready_events.append(ready)
        tasks.append(asyncio.create_task(listen(player, f"/games/{player['game']}/stream", False, ready)))
    rss_before = _rss_kib(server_pid)
    await asyncio.gather(*(event.wait() for event in ready_events))
    account_ready = [asyncio.Event() for _ in players]
    for player, ready in zip(players, account_ready, strict=True):
        tasks.append(asyncio.create_task(listen(player, "/stream/events", True, ready)))
    await asyncio.gather(*(event.wait() for event in account_ready))
    await asyncio.sleep(1)
    rss_after = _rss_kib(server_pid)
    state["threads"] = _threads(server_pid)
    received.clear()
    started = time.time()
    pacer = asyncio.create_task(pace())
    movers = _start_movers(players, args) if args.direct else []
    await asyncio.sleep(args.seconds)
    state["stop"] = True
    elapsed = time.time() - started
    for mover, _count in movers:
        mover.terminate()
        mover.join(10)
    state["moves"] += sum(count.value for _mover, count in movers)
    pacer.cancel()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    pool.shutdown(wait=False, cancel_futures=True)
    return {**state, "received": received, "elapsed": elapsed, "rss_before": rss_before, "rss_after": rss_after}


def _start_movers(players: list[dict], args) -> list:
    """Two processes (one a core) storing the bots' moves with do_action, each over half the games."""
    import multiprocessing

    from django.db import connections

    connections.close_all()
    context = multiprocessing.get_context("spawn")  # this process has threads: no fork
    games = sorted({player["game"] for player in players})
    movers = []
    for share in range(2):
        count = context.Value("i", 0)
        process = context.Process(target=_move, args=(games[share::2], args.rate / 2, count), daemon=True)
        process.start()
        movers.append((process, count))
    return movers


def _move(games: list[int], rate: float, count) -> None:
    import django

    django.setup()  # the settings as the parent's environment gives them
    from games.engines import get_engine
    from games.models import Game
    from games.services import do_action

    engine, rng = get_engine("cubirds"), random.Random()
    due = time.monotonic()
    for turn in range(10**9):
        game = Game.objects.get(pk=games[turn % len(games)])
        if game.status != Game.Status.RUNNING:
            continue
        seat = engine.to_act(game.state)[0]
        action = rng.choice(engine.legal_actions(game.state, seat))
        user = next(s.user for s in game.seats.select_related("user") if s.position == seat)
        do_action(game.pk, seat, action, "api", user=user, expected_version=game.version)
        count.value += 1
        due += 1 / rate
        time.sleep(max(0.0, due - time.monotonic()))


async def _chunked_line(reader: asyncio.StreamReader) -> bytes | None:
    """The next chunk of a chunked HTTP body (the server writes one event a chunk)."""
    size = await reader.readline()
    if not size:
        return None
    length = int(size.strip() or b"0", 16)
    if length == 0:
        return None
    data = await reader.readexactly(length + 2)
    return data[:-2]


def _delays(received: list[tuple[float, int, int]]) -> tuple[float, float]:
    """Each event's delay after its move's row was stored (the move that made its version)."""
    from games.models import Action

    wanted = {(game, version - 1) for _at, game, version in received}
    stored = {}
    for game, seq, created in Action.objects.filter(game_id__in={g for g, _s in wanted}).values_list(
        "game_id", "seq", "created_at"
    ):
        if (game, seq) in wanted:
            stored[(game, seq)] = created.timestamp()
    delays = [at - stored[(game, version - 1)] for at, game, version in received if (game, version - 1) in stored]
    return percentile(delays, 0.5), percentile(delays, 0.99)


async def _floor(url: str, subscribers: int, rate: float, seconds: float) -> dict:
    import redis.asyncio as aioredis

    client = aioredis.Redis.from_url(url)
    pubsub = client.pubsub()
    channels = [f"bench-floor:{n}" for n in range(subscribers // 2)]
    await pubsub.subscribe(*channels)
    delays: list[float] = []

    async def read() -> None:
        while True:
            message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
            if message is not None:
                # As a stream server does: a JSON body parsed, handed to each of the channel's two listeners.
                body = json.loads(message["data"])
                for _listener in range(2):
                    delays.append(time.time() - body["at"])

    reader = asyncio.create_task(read())
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        await client.publish(random.choice(channels), json.dumps({"at": time.time()}))
        await asyncio.sleep(1 / rate)
    await asyncio.sleep(0.5)
    reader.cancel()
    await pubsub.aclose()
    await client.aclose()
    return {"subscribers": subscribers, "p50": percentile(delays, 0.5), "p99": percentile(delays, 0.99)}
