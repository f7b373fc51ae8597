"""How long one worker's sweeps take to close 10,000 overdue phases (Wild Cards bids, 3 seats each).

Usage: python -m bench sweep [--phases N]
"""

from __future__ import annotations

import argparse
import time
from datetime import timedelta

from bench._site import setup_django


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="bench sweep")
    parser.add_argument("--phases", type=int, default=10_000)
    args = parser.parse_args(argv)
    setup_django("wc_bench_sweep")

    from django.db import connection
    from django.utils import timezone

    from games.engines import get_engine
    from games.models import Action, Deadline, Game, Seat
    from games.services import sweep_overdue
    from tests.conftest import make_user

    users = [make_user(f"sweeper{i}") for i in range(3)]
    engine = get_engine("wildcards")
    options = engine.validate_options(3, {})
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
        for i in range(args.phases)
    )
    for game in games:
        game.phase_key = engine.phase_key(game.state)
    Game.objects.bulk_update(games, ["phase_key"], batch_size=2000)
    Seat.objects.bulk_create(
        (Seat(game=game, user=user, position=position) for game in games for position, user in enumerate(users)),
        batch_size=5000,
    )
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
        f"set up {args.phases} overdue bid phases ({3 * args.phases} seat deadlines) "
        f"in {time.perf_counter() - started:.1f} s on {connection.vendor}"
    )

    started = time.perf_counter()
    sweeps = applied = 0
    while Deadline.objects.filter(closed_at__isnull=True, closes_at__lte=timezone.now()).exists():
        applied += sweep_overdue()
        sweeps += 1
    elapsed = time.perf_counter() - started
    closed = Deadline.objects.filter(outcome=Deadline.Outcome.TIMEOUT).count()
    timeouts = Action.objects.filter(channel=Action.Channel.TIMEOUT).count()
    print(
        f"one worker closed {args.phases} overdue phases ({closed} seat deadlines, {timeouts} default actions) "
        f"in {elapsed:.1f} s over {sweeps} sweep(s): {args.phases / elapsed:.0f} phases/s, "
        f"{timeouts / elapsed:.0f} default actions/s"
    )
