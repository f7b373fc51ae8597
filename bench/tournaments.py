"""Tournament pairing speed: `python -m bench tournaments [--players N] [--rounds R]`.

(a) pairs a Swiss round of N players (default 1,000) at 4-player tables after R earlier
rounds (default 5) with random results, and prints the time and the meetings it repeats.
Parts (b) and (c) of the tournaments issue (next round created after the last table
finishes; 10,000 overdue tournament phases) need the tournament app's models: not yet.
"""

from __future__ import annotations

import argparse
import random
import time

from tournaments.formats import swiss
from tournaments.formats.scoring import Record, place_points


def _played(players: int, rounds: int, seed: int) -> dict:
    rng = random.Random(seed)
    records = {p: Record(p, rating=1500 + rng.randint(-400, 400)) for p in range(players)}
    for _ in range(rounds):
        tables, byes = swiss.pair_round(records, 4, 3, 4)
        for table in tables:
            for p, gained in place_points({p: rng.randint(1, len(table)) for p in table}, [4, 2, 1, 0]).items():
                records[p].points += gained
                records[p].opponents += [o for o in table if o != p]
        for p in byes:
            records[p].byes += 1
    return records


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench tournaments")
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    records = _played(args.players, args.rounds, seed=1)
    met = swiss.meetings(records)
    times = []
    for _ in range(3):
        start = time.perf_counter()
        tables, byes = swiss.pair_round(records, 4, 3, 4)
        times.append(time.perf_counter() - start)
    repeated = swiss.repeats(tables, met)
    print(
        f"(a) swiss round {args.rounds + 1} of {args.players} players at 4-player tables: "
        f"{min(times) * 1000:.0f} ms (best of 3), {len(tables)} tables, {len(byes)} byes, "
        f"{repeated} repeated meetings"
    )
    print("(b), (c): not measured yet (the tournament models and services are not built)")
