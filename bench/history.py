"""Replays and the history list, measured in a throwaway database.

`python -m bench history [--games N]` needs PostgreSQL on 127.0.0.1; it fills
a fresh database `wc_bench_history`. It prints:

- a 300-action Wizard game replayed from its log: full replays per
  second (engine only, and with the log read from the database), one step
  forward and one jump through the replay cache, beside the time of one
  game-page request and one replay-page request;
- the history list with 100,000 finished games (or `games`): queries per
  request and milliseconds per request for the plain list, a deep page and
  each filter.
"""

from __future__ import annotations

import argparse
import os
import random
import time

from bench._site import setup_django


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="bench history")
    parser.add_argument("--games", type=int, default=100_000, help="finished games in the history table")
    args = parser.parse_args(argv)
    os.environ.setdefault("MANIFEST_STATIC", "0")
    setup_django("wc_bench_history")
    from django.test.utils import setup_test_environment

    setup_test_environment()
    print("history bench in wc_bench_history (PostgreSQL)")
    _bench_replay()
    _bench_history(args.games)


def _users(count: int, prefix: str) -> list:
    from django.contrib.auth import get_user_model

    from wildcards_site.accounts.models import Profile

    User = get_user_model()
    users = User.objects.bulk_create(
        User(username=f"{prefix}{i}", email=f"{prefix}{i}@example.org") for i in range(count)
    )
    Profile.objects.bulk_create(Profile(user=user, display_name=f"Player {i}") for i, user in enumerate(users))
    return users


def _bench_replay() -> None:
    from django.core.cache import cache
    from django.test import Client
    from django.utils import timezone

    from games.engines import get_engine
    from games.engines.simulate import play_random_game
    from games.history.replay_steps import Replay
    from games.models import Action, Game, Seat

    # Wizard: its 4-player games run to 540 actions, so the first 300 are a game in its last rounds.
    engine = get_engine("wizard")
    play = play_random_game(engine, 4, "bench")
    log = play.actions[:300]
    users = _users(4, "replayer")
    state = engine.new_game(4, play.seed, play.options)
    for seat, action in log:
        state = engine.apply(state, seat, action)
    game = Game.objects.create(
        engine="wizard",
        options=play.options,
        seed=play.seed,
        num_seats=4,
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

    logged = Replay.of(game).actions

    def engine_only():
        return Replay("wizard", 4, play.seed, play.options, logged).state_at(300)  # no cache key: no cache

    rate = _rate(engine_only, 3.0)
    print(f"replay of a 300-action Wizard game (4 players), engine only: {rate:.1f} replays/s ({1000 / rate:.1f} ms)")

    def from_database():
        cache.clear()
        return Replay.of(game).state_at(300)

    rate_db = _rate(from_database, 3.0)
    print(f"  with the log read from PostgreSQL, cache cleared: {rate_db:.1f} replays/s ({1000 / rate_db:.1f} ms each)")
    assert engine_only() == state

    Replay.of(game).state_at(150)
    forward = _ms(lambda: Replay.of(game).state_at(151), 50)
    cache.clear()
    Replay.of(game).state_at(300)
    jump = _ms(lambda: Replay.of(game).state_at(random.randrange(300)), 50)
    print(f"  one step forward through the cache: {forward:.2f} ms; a jump to any step after one visit: {jump:.2f} ms")

    client = Client()
    client.force_login(users[0])
    page = _ms(lambda: client.get(f"/games/{game.pk}/"), 30)
    step = _ms(lambda: client.get(f"/games/{game.pk}/replay/{random.randrange(300)}/"), 30)
    print(f"  one game-page request: {page:.1f} ms; one replay-page request (any step): {step:.1f} ms")


def _bench_history(count: int) -> None:
    from django.db import connection, reset_queries
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    users = _users(1000, "player")
    first_user = min(user.pk for user in users)
    started = time.perf_counter()
    with connection.cursor() as cursor:
        # Games round-robin over the four engines, a Wild Cards edition option, one finish a minute back in time.
        cursor.execute(
            """
            INSERT INTO games_game (engine, options, seed, num_seats, status, visibility, created_by_id, created_at,
                started_at, finished_at, clock, phase_seconds, bank_start_seconds, bank_increment_seconds,
                bank_cap_seconds, weekend_pause, timeouts_before_bot, version, state, phase_key, rated)
            SELECT (ARRAY['wildcards','wizard','cubirds','emu_ranchers'])[1 + i %% 4],
                   CASE WHEN i %% 4 = 0
                        THEN jsonb_build_object('edition', CASE WHEN i %% 8 = 0 THEN '2020' ELSE '2022' END)
                        ELSE '{}'::jsonb END,
                   'seed' || i, 3, 'finished', 'open', %s, now() - i * interval '1 minute',
                   now() - i * interval '1 minute', now() - i * interval '1 minute',
                   'phase', 172800, 864000, 129600, 864000, false, 2, 0, '{}'::jsonb, '', true
            FROM generate_series(1, %s) AS i
            """,
            [first_user, count],
        )
        cursor.execute(
            """
            INSERT INTO games_seat (game_id, position, user_id, kind, status, joined_at, consecutive_timeouts,
                bank_seconds, score, rank, bot_level, substitute)
            SELECT g.id, p, %s + ((g.id * 7 + p * 131) %% 1000), 'human', 'playing', now(), 0, 0,
                   (g.id + p) %% 50, p + 1, '', false
            FROM games_game g CROSS JOIN generate_series(0, 2) AS p WHERE g.status = 'finished'
            """,
            [first_user],
        )
        cursor.execute("ANALYZE")
    print(
        f"history list with {count:,} finished games ({count * 3:,} seats, 1,000 players): "
        f"filled in {time.perf_counter() - started:.1f} s"
    )
    client = Client()
    deep = count // 25 // 2
    cases = [
        ("first page", ""),
        (f"page {deep}", f"page={deep}"),
        ("game filter", "engine=wizard"),
        ("options filter", "engine=wildcards&options=edition%3D2020"),
        ("player filter", "player=player7"),
        ("date filter", "since=2020-01-01&until=2099-01-01"),
        ("player + game + date", "player=player7&engine=cubirds&since=2020-01-01"),
    ]
    for label, query in cases:
        url = f"/games/history/?{query}"
        response = client.get(url)
        assert response.status_code == 200, url
        reset_queries()
        with CaptureQueriesContext(connection) as queries:
            client.get(url)
        count = len(queries)  # read now: the next request clears the connection's query log
        ms = _ms(lambda url=url: client.get(url), 10)
        print(f"  {label:22} {count:2d} queries, {ms:6.1f} ms per request")


def _rate(function, seconds: float) -> float:
    done = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        function()
        done += 1
    return done / (time.perf_counter() - started)


def _ms(function, times: int) -> float:
    started = time.perf_counter()
    for _ in range(times):
        function()
    return (time.perf_counter() - started) * 1000 / times
