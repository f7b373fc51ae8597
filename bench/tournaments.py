"""Tournament speed: (a) pairing a 1,000-player Swiss round at 2- and at 4-player tables; (b) a 512-player
Swiss on PostgreSQL, from the last table of a round finishing to every next-round game created
and its mails queued.

Usage: python -m bench tournaments [--players N] [--rounds R] [--site-players M] [--skip-site]
       [--phases P] [--sweep-workers 1,2] [--skip-sweep] [--rr-players N] [--rr-seats K]
       [--multi 34@5x7,36@4x8]

(rr) the schedule of a round robin with a blank round count (every pair meets at least once):
200 players at 4-player tables (3-4) by default, timed, with its rounds against the floor
ceil((n - 1) / (k - 1)) and how often pairs meet.

(m) multiplayer Swiss rounds at tables of exactly k (byes where the field does not divide) on
fields of 34-1,000 players (`--multi 34@5x7,36@4x8`: players@seats x rounds), random results:
each round's CPU time and repeated meetings seated against the lower bound the seating proves
("1/0": one repeat, not proven unavoidable; "0/0" and "2/2": the fewest possible).

(a) plays R Swiss rounds with random results at 2 and at 4 seats, on a field built to have a
repeat-free round R+1, and times each pairing, printing the repeated meetings (pairs who had
met before) per round, the slowest pairing and the solver's own time (the floor).
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

from tests.tournaments.formats.random_results import random_results
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
    parser.add_argument("--rr-players", type=int, default=200, help="(rr): round robin field; 0 skips it")
    parser.add_argument("--rr-seats", type=int, default=4)
    parser.add_argument("--multi", default=MULTI_FIELDS, help="(m): players@seats x rounds, comma-separated; '' skips")
    args = parser.parse_args(argv)
    if args.rr_players:
        round_robin_schedule(args.rr_players, args.rr_seats)
    for field in filter(None, args.multi.split(",")):
        players, rest = field.split("@")
        seats, rounds = rest.split("x")
        multiplayer_swiss(int(players), int(seats), int(rounds))
    pairing_speed(args)
    if not args.skip_site:
        next_round_speed(args.site_players)
    if not args.skip_sweep:
        print(f"(c) {args.phases} overdue tournament phases sharing one deadline (target: all closed within 60 s):")
        sys.stdout.flush()
        command = [sys.executable, "-m", "bench.sweep", "--tournament", "--phases", str(args.phases)]
        subprocess.run([*command, "--workers", args.sweep_workers], check=False)


def round_robin_schedule(players: int, seats: int) -> None:
    from tournaments.formats.round_robin import format_balance, lower_bound, meeting_balance, schedule

    field = list(range(players))
    minimum = min(seats, 3)
    started = time.perf_counter()
    plan = schedule(field, seats, minimum, seats)
    elapsed = time.perf_counter() - started
    print(
        f"(rr) {players} players at tables of {seats} ({minimum}-{seats}), blank round count: {len(plan)} rounds "
        f"(floor {lower_bound(players, seats)}) in {elapsed:.1f} s; {format_balance(meeting_balance(field, plan))}"
    )
    sys.stdout.flush()


MULTI_FIELDS = "30@3x8,34@5x7,36@4x8,45@5x7,60@4x12,60@5x8,200@4x9,1000@3x9,1000@5x9"


def multiplayer_swiss(players: int, seats: int, rounds: int) -> None:
    """(m) One Swiss at tables of exactly `seats`: CPU seconds and repeats/bound a round."""
    rng = random.Random(players * 10 + seats)
    ratings = {player: rng.randint(1200, 2000) for player in range(players)}
    points_per_place = (4, 2, 1, 0, 0)[:seats]
    played: list[RoundResult] = []
    figures = []
    for _ in range(rounds):
        table = standings(ratings, played, points_per_place)
        met = pair_counts(played)
        started = time.process_time()
        pairing = pair_round(
            [row.player for row in table],
            met,
            {row.player: row.byes for row in table},
            {row.player: row.points for row in table},
            seats,
            seats,
            seats,
        )
        figures.append((time.process_time() - started, pairing.repeats, pairing.repeat_bound))
        played.append(RoundResult(random_results(pairing.tables, rng), pairing.byes))
    rounds_text = "  ".join(f"{spent:.2f}s {found}/{bound}" for spent, found, bound in figures)
    slowest = max(spent for spent, _, _ in figures)
    unproven = sum(1 for _, found, bound in figures if found > bound)
    print(
        f"(m) {players} players at {seats}, {rounds} rounds (CPU s, repeats/bound): {rounds_text}; "
        f"slowest {slowest:.2f} s (target <= 2 s), rounds not proven: {unproven}"
    )
    sys.stdout.flush()


def pairing_speed(args) -> None:
    for seats in (2, 4):
        swiss_pairing_speed(args.players, args.rounds, seats)


def swiss_pairing_speed(players: int, rounds: int, seats: int) -> None:
    """(a) Swiss rounds with random results on a field built to have a repeat-free round: a
    planted round is counted as played when each round is paired, so the earlier rounds keep
    clear of it; the next round must then be seated without a repeat. Prints the slowest
    pairing (standings excluded) in wall-clock and CPU time (on a shared machine the CPU time is
    the steadier figure) and the floor: the solver alone on the prepared graph (2 seats, one
    solve; the pairing solves twice) or CP-SAT's share of the round (4 seats)."""
    from tournaments.formats import swiss_tables
    from tournaments.formats.swiss_pairs import FIRST_WINDOW, Costs, candidates
    from tournaments.formats.tables import split

    rng = random.Random(17)
    limits = (2, 2, 2) if seats == 2 else (4, 3, 4)
    points_per_place = (1, 0) if seats == 2 else (4, 2, 1, 0)
    ratings = {player: rng.randint(1000, 2200) for player in range(players)}
    order = list(ratings)
    rng.shuffle(order)
    planted, at = [], 0
    for size in split(players, *limits).sizes:
        planted.append(order[at : at + size])
        at += size
    fake = RoundResult([dict.fromkeys(table, 1) for table in planted])
    solver_time = [0.0]
    exact = swiss_tables.solve

    def timed_solve(*solve_args):
        started = time.process_time()
        try:
            return exact(*solve_args)
        finally:
            solver_time[0] += time.process_time() - started

    swiss_tables.solve = timed_solve
    played: list[RoundResult] = []
    worst = (0.0, 0.0, 0, 0.0)
    try:
        for number in range(1, rounds + 2):
            table = standings(ratings, played, points_per_place)
            real = pair_counts(played)
            last = number == rounds + 1
            met = real if last else pair_counts([*played, fake])
            ranked = [row.player for row in table]
            points = {row.player: row.points for row in table}
            solver_time[0] = 0.0
            started, cpu = time.perf_counter(), time.process_time()
            pairing = pair_round(ranked, met, {row.player: row.byes for row in table}, points, *limits)
            elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
            if seats == 2:
                solver_time[0] = _matching_floor(ranked, met, points, Costs, candidates, FIRST_WINDOW)
            if elapsed > worst[0]:
                worst = (elapsed, solver_time[0], number, cpu)
            repeats = repeated_meetings(pairing.tables, real)
            groups = len(set(points.values()))
            print(
                f"(a) {seats} seats, round {number}: {players} players, {groups} score groups, "
                f"pairing {elapsed * 1000:.0f} ms ({cpu * 1000:.0f} ms CPU; "
                f"solver alone {solver_time[0] * 1000:.0f} ms CPU), "
                f"repeated meetings {repeats}" + (" (a repeat-free round exists: must be 0)" if last else "")
            )
            played.append(RoundResult(random_results(pairing.tables, rng, shared=0.1), pairing.byes))
    finally:
        swiss_tables.solve = exact
    print(
        f"(a) {seats} seats, {players} players: slowest pairing {worst[0] * 1000:.0f} ms in round {worst[2]} "
        f"({worst[3] * 1000:.0f} ms CPU; target < 1000 ms); floor, the solver alone: {worst[1] * 1000:.0f} ms CPU"
    )


def _matching_floor(ranked, met, points, costs, candidates, window) -> float:
    """rustworkx's blossom alone on the first candidate graph, weights prepared beforehand."""
    import rustworkx

    cost = costs(ranked, met, points)
    index = {player: number for number, player in enumerate(ranked)}
    ceiling = cost.rematch_bound * (max(met.values(), default=0) + 1)
    edges = [(index[a], index[b], ceiling - cost(a, b)) for a, b in candidates(cost, window)]
    graph = rustworkx.PyGraph()
    graph.add_nodes_from(range(len(ranked)))
    graph.extend_from_weighted_edge_list(edges)
    started = time.process_time()
    rustworkx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
    return time.process_time() - started


def next_round_speed(players: int) -> None:
    from bench._site import setup_django

    setup_django("wc_bench_tournaments")
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from games.models import Action, Game, Seat
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
    moves = []
    for game_id in games:  # results written straight in: the play itself is not measured here
        seats = list(Seat.objects.filter(game_id=game_id))
        rng.shuffle(seats)
        for rank, seat in enumerate(seats, 1):
            seat.rank, seat.score = rank, 10 - rank
            # One move of their own each: a player with none is a no-show, withdrawn from round 2.
            moves.append(
                Action(
                    game_id=game_id, seq=rank - 1, seat=seat.position, payload={}, channel="web", actor_id=seat.user_id
                )
            )
        Seat.objects.bulk_update(seats, ["rank", "score"])
    Action.objects.bulk_create(moves)
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
