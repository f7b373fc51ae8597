"""How long the sweeps take to close 10,000 overdue phases (Wild Cards bids, 3 seats each).

Usage: python -m bench sweep [--phases N] [--workers 0,1,2] [--tournament]

Workers 0: `sweep_overdue` called in this process, one sweep after the other
(the floor: no broker, no mail sent). Workers 1 or 2: that many Celery worker
processes (solo pool) on a Redis of the benchmark's own; the benchmark sends
`sweep_deadlines` at once and every 30 s, as beat does, and the sweep hands
batches of games to every worker. The mail the closes queue is sent meanwhile
to an SMTP sink, as in production. Each count runs on a fresh database.

--tournament: the games are the tables of one round of one tournament, with a
different player at every seat (30,000 players for 10,000 tables), their waits
sharing one deadline: (c) of `python -m bench tournaments`.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

from django.db.models import F

from bench._site import setup_django


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="bench sweep")
    parser.add_argument("--phases", type=int, default=10_000)
    parser.add_argument("--workers", default="0,1,2", help="comma-separated worker counts; 0: in this process")
    parser.add_argument("--tournament", action="store_true", help="tables of one tournament round, distinct players")
    args = parser.parse_args(argv)
    counts = [int(count) for count in args.workers.split(",")]
    if len(counts) > 1:
        for count in counts:
            command = [sys.executable, "-m", "bench.sweep", "--phases", str(args.phases), "--workers", str(count)]
            subprocess.run(command + (["--tournament"] if args.tournament else []), check=False)
        return
    if counts[0]:
        return with_workers(args.phases, counts[0], args.tournament)
    os.environ["LOG_LEVEL"] = "WARNING"  # a log line per close would be the workers' cost, not this floor's
    setup_django("wc_bench_sweep")
    make_phases(args.phases, args.tournament)

    from django.utils import timezone

    from games.models import Action, Deadline
    from games.services import sweep_overdue

    started = time.perf_counter()
    sweeps = applied = 0
    while Deadline.objects.filter(closed_at__isnull=True, closes_at__lte=timezone.now()).exists():
        applied += sweep_overdue()
        sweeps += 1
    elapsed = time.perf_counter() - started
    closed = Deadline.objects.filter(outcome=Deadline.Outcome.TIMEOUT).count()
    timeouts = Action.objects.filter(channel=Action.Channel.TIMEOUT).count()
    print(
        f"in-process sweeps closed {args.phases} overdue phases ({closed} seat deadlines, {timeouts} default actions) "
        f"in {elapsed:.1f} s over {sweeps} sweep(s): {args.phases / elapsed:.0f} phases/s, "
        f"{timeouts / elapsed:.0f} default actions/s"
    )


def make_phases(phases: int, tournament: bool = False) -> None:
    """`phases` running Wild Cards games, each in its bid phase with three waits an hour overdue.

    With `tournament`, each game is a table of one tournament round and every seat has a player of its own.
    """
    from django.db import connection
    from django.utils import timezone

    from games.engines import get_engine
    from games.models import Deadline, Game, Seat
    from tests.conftest import make_user

    engine = get_engine("wildcards")
    options = engine.validate_options(3, {})
    if tournament:
        users = make_players(3 * phases)
        seated = [users[3 * i : 3 * i + 3] for i in range(phases)]
    else:
        users = [make_user(f"sweeper{i}") for i in range(3)]
        seated = [users] * phases
    past = timezone.now() - timedelta(hours=1)
    started = time.perf_counter()
    games = Game.objects.bulk_create(
        Game(
            engine="wildcards",
            options=options,
            seed=f"sweep-{i}",
            num_seats=3,
            status=Game.Status.RUNNING,
            created_by=users[0],
            started_at=past,
            state=engine.new_game(3, f"sweep-{i}", options),
            phase_key="",
        )
        for i in range(phases)
    )
    for game in games:
        game.phase_key = engine.phase_key(game.state)
    Game.objects.bulk_update(games, ["phase_key"], batch_size=2000)
    Seat.objects.bulk_create(
        (
            Seat(game=game, user=user, position=position)
            for game, players in zip(games, seated, strict=True)
            for position, user in enumerate(players)
        ),
        batch_size=5000,
    )
    if tournament:
        make_round(games, users[0], past)
    Deadline.objects.bulk_create(
        (
            Deadline(
                game=game,
                seat=position,
                phase_key=game.phase_key,
                opened_at=past - timedelta(days=1),
                allowed_seconds=86400,
                closes_at=past,
            )
            for game in games
            for position in range(3)
        ),
        batch_size=5000,
    )
    print(
        f"set up {phases} overdue bid phases ({3 * phases} seat deadlines"
        f"{', tables of one tournament round' if tournament else ''}) "
        f"in {time.perf_counter() - started:.1f} s on {connection.vendor}"
    )


def make_players(count: int) -> list:
    """`count` players with profiles, made in bulk (no password: they never log in here)."""
    from django.contrib.auth import get_user_model

    from wildcards_site.accounts.models import Profile

    User = get_user_model()
    users = User.objects.bulk_create(
        (User(username=f"entrant{i}", email=f"entrant{i}@example.org", password="!") for i in range(count)),
        batch_size=5000,
    )
    Profile.objects.bulk_create((Profile(user=user) for user in users), batch_size=5000)
    return list(User.objects.select_related("profile").order_by("pk"))


def make_round(games: list, organiser, started_at) -> None:
    """One running Swiss tournament whose round 1 has these games as its tables."""
    from tournaments.models import Round, Table, Tournament

    tournament = Tournament.objects.create(
        name="Sweep bench",
        engine="wildcards",
        format=Tournament.Format.SWISS,
        status=Tournament.Status.RUNNING,
        seats_preferred=3,
        seats_min=3,
        seats_max=3,
        rounds=3,
        created_by=organiser,
        started_at=started_at,
        current_round=1,
    )
    round_ = Round.objects.create(tournament=tournament, number=1, stage="swiss", started_at=started_at)
    Table.objects.bulk_create(
        (Table(round=round_, number=number, game=game) for number, game in enumerate(games, 1)), batch_size=5000
    )


def with_workers(phases: int, workers: int, tournament: bool = False) -> None:
    """Celery workers close the phases, sweeps sent as beat sends them; lateness from each wait's deadline."""
    from bench._faults_stack import MailSink, Stack
    from bench._site import fresh_database

    sink = MailSink()
    sink.start()
    stack = Stack(fresh_database("wc_bench_sweep"), Path(tempfile.mkdtemp(prefix="wc-sweep-")), sink.port)
    os.environ.update(stack.env, LOG_LEVEL="WARNING")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    make_phases(phases, tournament)

    from django.db.models import Max
    from django.utils import timezone

    from games.models import Action, Deadline
    from games.tasks import sweep_deadlines

    stack.env["LOG_LEVEL"] = "WARNING"
    stack.start_redis()
    try:
        for number in range(workers):
            stack.start_worker(number)
        time.sleep(5)  # let the workers connect before the deadlines pass
        Deadline.objects.filter(closed_at__isnull=True).update(closes_at=timezone.now())
        started = time.perf_counter()
        next_sweep = 0.0
        while Deadline.objects.filter(closed_at__isnull=True, closes_at__lte=timezone.now()).exists():
            if time.perf_counter() - started >= next_sweep:
                sweep_deadlines.delay()
                next_sweep += 30
            time.sleep(0.5)
        elapsed = time.perf_counter() - started
    finally:
        stack.stop_all()
        sink.stop()
    late = Deadline.objects.aggregate(late=Max(F("closed_at") - F("closes_at")))["late"]
    timeouts = Action.objects.filter(channel=Action.Channel.TIMEOUT).count()
    print(
        f"{workers} worker(s) closed {phases} overdue phases ({timeouts} default actions) in {elapsed:.1f} s: "
        f"{phases / elapsed:.0f} phases/s; latest close {late.total_seconds():.1f} s after its deadline; "
        f"{sum(sink.deliveries.values())} mails sent meanwhile"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
