"""Tournament pairing speed: (a) one 1,000-player Swiss round at 4-player tables.

Usage: python -m bench tournaments [--players N] [--rounds R]

Plays R Swiss rounds with random results and times each pairing with repeat avoidance;
prints the time and the number of repeated meetings (pairs who had met before) per round.
(b) and (c) of issue 17 (next-round creation through the site, overdue tournament phases)
need the Django side and are not measured yet.
"""

from __future__ import annotations

import argparse
import random
import time

from tournaments.formats.swiss import RoundResult, pair_counts, pair_round, repeated_meetings, standings


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="bench tournaments")
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args(argv)
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
