"""Tournament speed: (a) pairing one 1,000-player Swiss round at 4-player tables; (b) a 512-player
Swiss on PostgreSQL, from the last table of a round finishing to every next-round game created
and its mails queued.

Usage: python -m bench tournaments [--players N] [--rounds R] [--site-players M] [--skip-site]
       [--phases P] [--sweep-workers 1,2] [--skip-sweep]

(a) plays R Swiss rounds with random results and times standings + pairing with repeat
avoidance, printing the repeated meetings (pairs who had met before) per round.
(b) fills round 1's games with results straight in the database (not measured) and times
`do_advance_round`, which creates the next round's games through the lobby services and
queues their mails, in one transaction. (c) 10,000 tables of one tournament round (30,000
players) whose bid phases share one deadline: the deadline sweep's benchmark run in that
shape (`python -m bench sweep --tournament`) with real Celery workers, printing the time
until every phase is closed and the latest close after the deadline (target: within 60 s).
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time

from tournaments.formats.swiss import RoundResult, pair_counts, pair_round, repeated_meetings, standings


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="bench tournaments")
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--site-players", type=int, default=512)
    parser.add_argument("--skip-site", action="store_true")
    parser.add_argument("--phases", type=int, default=10_000, help="(c): overdue tournament phases")
    parser.add_argument("--sweep-workers", default="1,2", help="(c): comma-separated worker counts")
    parser.add_argument("--skip-sweep", action="store_true")
    args = parser.parse_args(argv)
    pairing_speed(args)
    if not args.skip_site:
        next_round_speed(args.site_players)
    if not args.skip_sweep:
        print(f"(c) {args.phases} overdue tournament phases sharing one deadline (target: all closed within 60 s):")
        sys.stdout.flush()
        command = [sys.executable, "-m", "bench.sweep", "--tournament", "--phases", str(args.phases)]
        subprocess.run([*command, "--workers", args.sweep_workers], check=False)


def pairing_speed(args) -> None:
    rng = random.Random(17)
    ratings = {player: rng.randint(1000, 2200) for player in range(args.players)}
    played: list[RoundResult] = []
    worst = 0.0
    for number in range(1, args.rounds + 1):
        started = time.perf_counter()
        table = standings(ratings, played)
        met = pair_counts(played)
        pairing = pair_round(
            [row.player for row in table],
            met,
            {row.player: row.byes for row in table},
            {row.player: row.points for row in table},
            4,
            3,
            4,
        )
        elapsed = time.perf_counter() - started
        worst = max(worst, elapsed)
        print(
            f"(a) round {number}: {args.players} players, {len(pairing.tables)} tables, "
            f"standings + pairing {elapsed * 1000:.0f} ms, repeated meetings {repeated_meetings(pairing.tables, met)}"
        )
        results = []
        for seated in pairing.tables:
            order = list(seated)
            rng.shuffle(order)
            results.append({player: place for place, player in enumerate(order, 1)})
        played.append(RoundResult(results, pairing.byes))
    print(f"(a) slowest round: {worst * 1000:.0f} ms (target < 1000 ms)")


def next_round_speed(players: int) -> None:
    from bench._site import setup_django

    setup_django("wc_bench_tournaments")
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from games.models import Game, Seat
    from tournaments.models import Table
    from tournaments.services import do_advance_round, do_create_tournament, do_register, do_start
    from wildcards_site.outbox.models import OutboxMessage

    User = get_user_model()
    users = [User.objects.create_user(f"b{i}", f"b{i}@example.org", None) for i in range(players + 1)]
    organiser, *entrants = users
    tournament = do_create_tournament(
        organiser, "Bench", "wildcards", "swiss", seats_preferred=4, seats_min=3, seats_max=5, rounds=3
    )
    for user in entrants:
        do_register(tournament.pk, user)
    started = time.perf_counter()
    do_start(tournament.pk, organiser)
    first = time.perf_counter() - started
    games = list(Table.objects.filter(round__tournament=tournament).values_list("game_id", flat=True))
    rng = random.Random(5)
    for game_id in games:  # results written straight in: the play itself is not measured here
        seats = list(Seat.objects.filter(game_id=game_id))
        rng.shuffle(seats)
        for rank, seat in enumerate(seats, 1):
            seat.rank, seat.score = rank, 10 - rank
        Seat.objects.bulk_update(seats, ["rank", "score"])
    Game.objects.filter(pk__in=games).update(status=Game.Status.FINISHED, finished_at=timezone.now())
    mails_before = OutboxMessage.objects.count()
    started = time.perf_counter()
    new_round = do_advance_round(tournament.pk)
    elapsed = time.perf_counter() - started
    created = new_round.tables.count()
    mails = OutboxMessage.objects.count() - mails_before
    print(f"(b) {players} players: round 1 created by do_start in {first:.1f} s ({len(games)} games)")
    print(
        f"(b) last table finished -> round 2 created: {elapsed:.1f} s for {created} games and "
        f"{mails} mails queued (target < 30 s)"
    )
