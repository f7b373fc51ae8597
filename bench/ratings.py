"""Ratings: recompute from 1,000,000 finished games, then the leaderboard and player pages.

`python -m bench ratings [--games N] [--players P]` needs PostgreSQL on 127.0.0.1; it fills
a fresh database `wc_ratings_bench` with P players (default 100,000) and N synthetic finished
games (default 1,000,000; 2-5 players each, round-robin over the four games), then prints:

- the time to read the seats alone (the floor: PostgreSQL and the driver, no rating code),
  compute, and write (COPY), and games per second for `recompute_ratings` end to end;
- the leaderboard's first and a deep page and a player page: milliseconds per request
  (median of 20) and queries per request.
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import time
from datetime import timedelta

from bench._site import setup_django


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="bench ratings")
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--players", type=int, default=100_000)
    args = parser.parse_args(argv)
    os.environ.setdefault("MANIFEST_STATIC", "0")
    setup_django("wc_ratings_bench", broker_db=13)
    from django.test.utils import setup_test_environment

    setup_test_environment()
    print(f"ratings bench in wc_ratings_bench: {args.players:,} players, {args.games:,} games")
    first = _fill(args.players, args.games)
    _recompute(args.games)
    _pages(first)


def _fill(players: int, games: int) -> int:
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.utils import timezone

    from wildcards_site.accounts.models import Profile

    started = time.perf_counter()
    User = get_user_model()
    joined = timezone.now() - timedelta(days=365)
    for start in range(0, players, 10_000):
        users = User.objects.bulk_create(
            # Joined a year before their games, as real players of such a history would have.
            User(username=f"p{i}", email=f"p{i}@example.org", date_joined=joined)
            for i in range(start, min(players, start + 10_000))
        )
        Profile.objects.bulk_create(
            (Profile(user=user, display_name=f"Player {user.username}") for user in users), ignore_conflicts=True
        )
    first = User.objects.order_by("pk").values_list("pk", flat=True).first()
    with connection.cursor() as cursor:
        # One finish every 5 seconds back from now: all within the leaderboard's 90 days.
        cursor.execute(
            """
            INSERT INTO games_game (engine, options, seed, num_seats, status, visibility, created_by_id, created_at,
                started_at, finished_at, clock, phase_seconds, bank_start_seconds, bank_increment_seconds,
                bank_cap_seconds, weekend_pause, timeouts_before_bot, version, state, phase_key, rated)
            SELECT (ARRAY['wildcards','wizard','cubirds','emu_ranchers'])[1 + i %% 4], '{}'::jsonb,
                   'seed' || i, 2 + (i * 7) %% 4, 'finished', 'open', %s, now() - i * interval '5 seconds',
                   now() - i * interval '5 seconds', now() - i * interval '5 seconds',
                   'phase', 172800, 864000, 129600, 864000, false, 2, 0, NULL, '', true
            FROM generate_series(1, %s) AS i
            """,
            [first, games],
        )
        # Distinct players at a table: a base player per game plus p * (players / 5).
        cursor.execute(
            """
            INSERT INTO games_seat (game_id, position, user_id, kind, status, joined_at, consecutive_timeouts,
                bank_seconds, score, rank, bot_level, substitute)
            SELECT g.id, p, %s + ((g.id * 7919) %% %s + p * (%s / 5)) %% %s,
                   'human', 'playing', now(), 0, 0, 0, 1 + ((g.id * 31 + p * 17) %% g.num_seats), '', false
            FROM games_game g CROSS JOIN LATERAL generate_series(0, g.num_seats - 1) AS p
            """,
            [first, players, players, players],
        )
        cursor.execute("ANALYZE")
    print(f"filled in {time.perf_counter() - started:.1f} s")
    return first


def _recompute(games: int) -> None:
    from django.core.management import call_command
    from django.db import connection, transaction

    from tournaments.ratings.recompute import SEATS_SQL

    started = time.perf_counter()
    rows = 0
    with transaction.atomic(), connection.chunked_cursor() as cursor:
        cursor.execute(SEATS_SQL.format(engines=""))
        while batch := cursor.fetchmany(20_000):
            rows += len(batch)
    floor = time.perf_counter() - started
    print(f"floor: reading {rows:,} seats in finish order, no rating code: {floor:.1f} s")

    out = io.StringIO()
    started = time.perf_counter()
    call_command("recompute_ratings", "--quiet-progress", stdout=out)
    seconds = time.perf_counter() - started
    print(out.getvalue().strip())
    print(f"recompute_ratings end to end: {seconds:.1f} s, {games / seconds:,.0f} games/s (target: <= 60 s)")
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")


def _pages(first: int) -> None:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from tournaments.ratings.models import Rating

    listed = Rating.objects.filter(pool="wizard", games__gte=5).count()
    print(f"wizard leaderboard: {listed:,} players with 5 or more games")
    client = Client()
    best = Rating.objects.filter(pool="wizard").order_by("-games").values_list("player__username", flat=True)[0]
    from tournaments.ratings.leaderboards import PAGE_SIZE

    last = max(1, -(-listed // PAGE_SIZE))
    for label, url in [
        ("leaderboard, first page", "/ratings/wizard/"),
        (f"leaderboard, last page ({last})", f"/ratings/wizard/?page={last}"),
        ("player page", f"/ratings/players/{best}/"),
        ("player page with head to head", f"/ratings/players/{best}/?vs=p{first % 7 + 1}"),
    ]:
        client.get(url)
        times = []
        for _ in range(20):
            started = time.perf_counter()
            response = client.get(url)
            times.append((time.perf_counter() - started) * 1000)
        with CaptureQueriesContext(connection) as queries:
            client.get(url)
        assert response.status_code == 200, (url, response.status_code)
        print(f"{label}: {statistics.median(times):.1f} ms median, {len(queries)} queries (target: < 50 ms, <= 6)")
