"""How well the bots play: win rates with 95 % intervals, bids made, ms a move.

`python -m bench bots` plays whole games between bot levels (games/bots) and random
players and prints, per figure, the games played (the count is always printed: the slow
levels get fewer games than the 400 the issue asks for), the win rate of the seat under
test with its Wilson 95 % interval beside the fair share, and the milliseconds a move of
that seat took. A shared first place counts as a share of a win.

Options: `--games N` (games a fast figure, default 400), `--slow-games N` (games a figure
with Good or Strong, default 20), `--only WORD` (figures whose label contains it),
`--budget N` (Good rollouts / Strong iterations, default: the game's own).
The seat under test moves round the table from game to game. Budgets count rollouts, not
time; the ms a move are CPU time of this process (the machine may be shared).
"""

from __future__ import annotations

import argparse
import math
import random
import time
from dataclasses import dataclass, field

from games.bots import choose
from games.engines import get_engine


@dataclass
class Tally:
    games: int = 0
    wins: float = 0.0
    bids: int = 0
    bids_made: int = 0
    score: float = 0.0
    moves: int = 0
    seconds: float = 0.0
    extra: dict = field(default_factory=dict)


def wilson(wins: float, games: int) -> tuple[float, float]:
    if not games:
        return 0.0, 0.0
    z = 1.96
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def play(
    engine_name: str,
    num_players: int,
    levels: list[str],
    games: int,
    options: dict | None = None,
    budget: int | None = None,
    seed_base: int = 0,
) -> Tally:
    """Games where seat (g % n) plays levels[0] and the others levels[1:] in order; tally seat 0's level."""
    engine = get_engine(engine_name)
    tally = Tally()
    for game in range(games):
        hero = game % num_players
        seat_levels = {}
        others = iter(levels[1:])
        for seat in range(num_players):
            seat_levels[seat] = levels[0] if seat == hero else next(others)
        rng = random.Random(f"bench-bots:{seed_base}:{game}")
        state = engine.new_game(num_players, f"bench-{seed_base}-{game}", options or {})
        while not engine.is_over(state):
            seat = engine.to_act(state)[0]
            level = seat_levels[seat]
            started = time.process_time()
            if level == "random":
                legal = engine.legal_actions(state, seat)
                action = legal[rng.randrange(len(legal))]
            elif level == "auto":
                action = engine.auto_action(state, seat)
            else:
                action = choose(engine, state, seat, level, rng, budget)
            if seat == hero:
                tally.seconds += time.process_time() - started
                tally.moves += 1
            before = state
            state = engine.apply(state, seat, action)
            if engine_name == "wizard" and (state["round"] != before["round"] or state["phase"] == "over"):
                row = state["history"][-1]
                tally.bids += 1
                tally.bids_made += row["bids"][hero] == row["tricks"][hero]
        result = engine.result(state)
        firsts = [row["seat"] for row in result if row["rank"] == 1]
        if hero in firsts:
            tally.wins += 1 / len(firsts)
        tally.score += next(row["score"] for row in result if row["seat"] == hero)
        tally.games += 1
    return tally


def report(label: str, tally: Tally, num_players: int) -> None:
    low, high = wilson(tally.wins, tally.games)
    rate = tally.wins / tally.games if tally.games else 0.0
    line = (
        f"{label}: {tally.games} games, wins {rate:.1%} [{low:.1%}, {high:.1%}] (fair {1 / num_players:.0%}), "
        f"mean score {tally.score / max(1, tally.games):+.1f}, "
        f"{1000 * tally.seconds / max(1, tally.moves):.1f} ms a move"
    )
    if tally.bids:
        made = tally.bids_made / tally.bids
        blow, bhigh = wilson(tally.bids_made, tally.bids)
        line += f", bids made {made:.1%} [{blow:.1%}, {bhigh:.1%}] of {tally.bids}"
    print(line, flush=True)


FAST = [
    # (label, game, players, levels: [under test, *others])
    ("wizard 2p standard vs random", "wizard", 2, ["standard", "random"]),
    ("wizard 3p standard vs 2 random", "wizard", 3, ["standard", "random", "random"]),
    ("wizard 4p standard vs 3 random", "wizard", 4, ["standard", "random", "random", "random"]),
    ("wizard 3p standard among standard", "wizard", 3, ["standard"] * 3),
    ("wizard 4p standard among standard", "wizard", 4, ["standard"] * 4),
    ("wizard 5p standard among standard", "wizard", 5, ["standard"] * 5),
    ("wizard 4p standard vs 3 auto", "wizard", 4, ["standard", "auto", "auto", "auto"]),
    ("wizard 4p beginner vs 3 standard", "wizard", 4, ["beginner", "standard", "standard", "standard"]),
    ("wildcards 3p standard vs 2 random", "wildcards", 3, ["standard", "random", "random"]),
    ("wildcards 5p standard vs 4 random", "wildcards", 5, ["standard"] + ["random"] * 4),
    ("cubirds 2p standard vs random", "cubirds", 2, ["standard", "random"]),
    ("cubirds 4p standard vs 3 random", "cubirds", 4, ["standard", "random", "random", "random"]),
    ("emu_ranchers standard vs random", "emu_ranchers", 2, ["standard", "random"]),
    ("emu_ranchers standard among standard", "emu_ranchers", 2, ["standard", "standard"]),
    ("emu_ranchers standard vs auto", "emu_ranchers", 2, ["standard", "auto"]),
    ("cubirds 2p standard vs auto", "cubirds", 2, ["standard", "auto"]),
    ("wildcards 3p standard vs 2 auto", "wildcards", 3, ["standard", "auto", "auto"]),
]
SLOW = [
    ("wizard 4p good vs 3 standard", "wizard", 4, ["good", "standard", "standard", "standard"]),
    ("wildcards 3p good vs 2 standard", "wildcards", 3, ["good", "standard", "standard"]),
    ("emu_ranchers good vs standard", "emu_ranchers", 2, ["good", "standard"]),
    ("cubirds 2p good vs standard", "cubirds", 2, ["good", "standard"]),
    ("wizard 2p strong vs good", "wizard", 2, ["strong", "good"]),
    ("wizard 4p strong vs 3 good", "wizard", 4, ["strong", "good", "good", "good"]),
    ("cubirds 2p strong vs good", "cubirds", 2, ["strong", "good"]),
    ("emu_ranchers strong vs good", "emu_ranchers", 2, ["strong", "good"]),
]


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench bots")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--slow-games", type=int, default=20)
    parser.add_argument("--only", default="")
    parser.add_argument("--budget", type=int, default=None)
    args = parser.parse_args(argv)
    for label, game, players, levels in FAST:
        if args.only in label:
            report(label, play(game, players, levels, args.games), players)
    for label, game, players, levels in SLOW:
        if args.only in label:
            report(label, play(game, players, levels, args.slow_games, budget=args.budget), players)
