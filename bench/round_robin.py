"""Round-robin start on PostgreSQL: the organiser's request, then the worker's task.

Usage: python -m bench round_robin [--players N] [--seats K]

(a) times `do_start` (the start request: seeding, the tournament left preparing, the task
queued after the commit); (b) times the task `do_prepare` as a worker runs it: the schedule's
computation (outside any transaction), then the schedule stored and round 1 created under the
tournament's lock; (c) round 1's results written straight in (not measured), times
`do_advance_round` for round 2, which reads the stored schedule instead of computing it;
(d) times what the tournament's page computes (`presenters.tournament_data`: standings,
crosstable, rounds) while round 2 is played, the median of 5.
Tables of exactly K players (default 160 players at tables of 3, the issue's case: the
computation took ~25 s inside the start request before it moved to the task).
"""

from __future__ import annotations

import argparse
import random
import time


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="bench round_robin")
    parser.add_argument("--players", type=int, default=160)
    parser.add_argument("--seats", type=int, default=3)
    args = parser.parse_args(argv)

    from bench._site import setup_django

    setup_django("wc_bench_round_robin")
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from games.models import Game, Seat
    from tournaments.models import Table, Tournament
    from tournaments.services import (
        do_advance_round,
        do_create_tournament,
        do_prepare,
        do_register,
        do_start,
        preparing,
    )

    User = get_user_model()
    organiser = User.objects.create_user("organiser", "organiser@example.org", None)
    users = [User.objects.create_user(f"r{i}", f"r{i}@example.org", None) for i in range(args.players)]
    seats = args.seats
    tournament = do_create_tournament(
        organiser, "Bench RR", "wildcards", "round_robin", seats_preferred=seats, seats_min=seats, seats_max=seats
    )
    for user in users:  # not measured
        do_register(tournament.pk, user)

    from wildcards_site.celery import app

    with app.producer_or_acquire():
        pass  # a web process that has queued one task has its broker connection; a fresh one imports it (~0.2 s)
    started = time.perf_counter()
    do_start(tournament.pk, organiser)
    request = time.perf_counter() - started
    status = Tournament.objects.get(pk=tournament.pk).status
    print(f"(a) {args.players} players at tables of {seats}: do_start (the request) {request * 1000:.0f} ms, {status}")

    computed = {}
    compute = preparing.round_robin_schedule

    def timed(*call_args):
        begun = time.perf_counter()
        schedule = compute(*call_args)
        computed["seconds"] = time.perf_counter() - begun
        return schedule

    preparing.round_robin_schedule = timed
    started = time.perf_counter()
    first = do_prepare(tournament.pk)
    task = time.perf_counter() - started
    preparing.round_robin_schedule = compute
    tournament.refresh_from_db()
    print(
        f"(b) the task: schedule of {len(tournament.schedule)} rounds computed in {computed['seconds']:.1f} s "
        f"(no transaction, no lock), stored and round 1 created ({first.tables.count()} tables) in "
        f"{task - computed['seconds']:.1f} s under the lock; {task:.1f} s in all"
    )

    games = list(Table.objects.filter(round=first).values_list("game_id", flat=True))
    rng = random.Random(5)
    for game_id in games:  # results written straight in: the play itself is not measured here
        seated = list(Seat.objects.filter(game_id=game_id))
        rng.shuffle(seated)
        for rank, seat in enumerate(seated, 1):
            seat.rank, seat.score = rank, 10 - rank
        Seat.objects.bulk_update(seated, ["rank", "score"])
    Game.objects.filter(pk__in=games).update(status=Game.Status.FINISHED, finished_at=timezone.now())
    started = time.perf_counter()
    second = do_advance_round(tournament.pk)
    elapsed = time.perf_counter() - started
    print(
        f"(c) round 2 from the stored schedule: do_advance_round {elapsed:.1f} s for {second.tables.count()} tables "
        "(games created, mails queued; nothing recomputed)"
    )

    from tournaments.pages.presenters import tournament_data

    tournament.refresh_from_db()
    times = []
    for _ in range(5):
        started = time.perf_counter()
        tournament_data(tournament)
        times.append(time.perf_counter() - started)
    print(f"(d) the tournament page's data while round 2 is played: {sorted(times)[2] * 1000:.0f} ms (median of 5)")
