"""The game table page, as a player opens it after days away, measured in a throwaway database.

`python -m bench tables [--steps N]` needs PostgreSQL on 127.0.0.1; it fills a fresh database
`wc_bench_tables`. For each game, a running table some `steps` moves into a random game,
it prints the milliseconds and queries of:

- a spectator's page (the log of the last 15 moves; no recap, no pointing): the floor for the page;
- the player's page with "since your last look" over the last 40 moves, the replay cache
  cold (cleared before each request) and warm;
- an htmx refresh of the table body carrying the same recap;
- the same refresh when nothing on the table has changed: its stamp still holds, so it is
  answered 204 with no body (games/play/refresh.py).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from bench._site import setup_django


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="bench tables")
    parser.add_argument("--steps", type=int, default=120, help="moves already played at each table")
    args = parser.parse_args(argv)
    os.environ.setdefault("MANIFEST_STATIC", "0")
    setup_django("wc_bench_tables")
    from django.test.utils import setup_test_environment

    setup_test_environment()
    print(f"table pages in wc_bench_tables (PostgreSQL), {args.steps} moves into each game")
    for engine_name in ("wildcards", "wizard", "cubirds", "emu_ranchers"):
        _bench(engine_name, args.steps)


def _game(engine_name: str, steps: int):
    import random

    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from games.engines import get_engine
    from games.models import Action, Game, Seat

    engine = get_engine(engine_name)
    players = 2 if engine_name == "emu_ranchers" else 3
    rng = random.Random(engine_name)
    seed = f"bench-{engine_name}"
    state = engine.new_game(players, seed, {})
    log = []
    while len(log) < steps and engine.to_act(state):
        seat = engine.to_act(state)[0]
        action = rng.choice(engine.legal_actions(state, seat))
        log.append((seat, action))
        state = engine.apply(state, seat, action)
    User = get_user_model()
    users = [User.objects.create_user(f"{engine_name[:4]}{i}", f"{engine_name}{i}@example.org") for i in range(players)]
    game = Game.objects.create(
        engine=engine_name,
        options=state.get("options") or {},
        seed=seed,
        num_seats=players,
        status=Game.Status.RUNNING,
        created_by=users[0],
        started_at=timezone.now(),
        version=len(log),
        state=state,
    )
    Seat.objects.bulk_create(Seat(game=game, position=i, user=user) for i, user in enumerate(users))
    Action.objects.bulk_create(
        Action(game=game, seq=i, seat=seat, payload=action, channel="web") for i, (seat, action) in enumerate(log)
    )
    viewer = engine.to_act(state)[0]
    return game, users[viewer], viewer


def _bench(engine_name: str, steps: int) -> None:
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from games.models import Seat

    game, user, viewer = _game(engine_name, steps)
    url = f"/games/{game.pk}/"
    spectator = Client()
    player = Client()
    player.force_login(user)

    def timed(client, before=None, status=200, **extra) -> tuple[float, int]:
        times, queries = [], 0
        for _ in range(15):
            if before:
                before()
            with CaptureQueriesContext(connection) as captured:
                started = time.perf_counter()
                response = client.get(url, **extra)
                times.append((time.perf_counter() - started) * 1000)
            assert response.status_code == status
            queries = len(captured)
        return statistics.median(times), queries

    def unseen():
        Seat.objects.filter(game=game, position=viewer).update(seen_version=max(0, game.version - 40))

    def cold():
        unseen()
        cache.clear()

    since = max(0, game.version - 40)
    rows = [
        ("spectator page with its 15-move log (the floor)", timed(spectator)),
        ("player page, recap of 40 moves, cache cold", timed(player, cold)),
        ("player page, recap of 40 moves, cache warm", timed(player, unseen)),
        (
            "htmx refresh with the recap",
            timed(player, None, data={"since": max(0, game.version - 40)}, HTTP_HX_REQUEST="true"),
        ),
        (
            "htmx refresh with nothing new (204)",
            timed(
                player, None, 204, data={"since": since, "stamp": _stamp(player, url, since)}, HTTP_HX_REQUEST="true"
            ),
        ),
    ]
    print(f"{engine_name}:")
    for label, (ms, queries) in rows:
        print(f"  {label}: {ms:.1f} ms, {queries} queries")


def _stamp(client, url: str, since: int) -> str:
    """The stamp the table's refresh carries after a full answer."""
    html = client.get(url, {"since": since}, HTTP_HX_REQUEST="true").content.decode()
    return html.split("stamp=", 1)[1].split('"', 1)[0]
