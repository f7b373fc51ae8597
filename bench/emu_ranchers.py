"""Emu Ranchers: random complete 4-year games per second (issue 6), by deck option set.

Besides the shared wall-clock figures, it prints games per second of CPU time
for the same kind of games: on a busy machine that is the steadier figure.
"""

from __future__ import annotations

import random
import time

from bench._engines import time_random_games
from games.engines import get_engine
from games.engines.simulate import play_random_game

OPTION_SETS = [
    ("basic deck", {}),
    ("Excuse + Pawns", {"excuse": True, "pawns": True}),
    ("Excuse + Courts", {"excuse": True, "courts": True}),
    ("Excuse + Pawns + Courts", {"excuse": True, "pawns": True, "courts": True}),
]


def cpu_games_per_second(options: dict, games: int = 200, policy: str = "random") -> float:
    engine = get_engine("emu_ranchers")
    rng = random.Random(1)
    started = time.process_time()
    for seed in range(games):
        play_random_game(engine, 2, seed, options, rng=rng, policy=policy)
    return games / (time.process_time() - started)


def main(argv: list[str]) -> None:
    seconds = float(argv[0]) if argv else 5.0
    for label, options in OPTION_SETS:
        time_random_games("emu_ranchers", 2, options, seconds=seconds, label=f"emu_ranchers 4 years, {label}")
    auto = {"excuse": True, "pawns": True}
    label = "emu_ranchers 4 years, auto_action"
    time_random_games("emu_ranchers", 2, auto, seconds=seconds, label=label, policy="auto")
    for label, options in OPTION_SETS:
        print(f"emu_ranchers 4 years, {label}: {cpu_games_per_second(options):.0f} games per CPU second (random)")
    print(f"emu_ranchers 4 years, auto_action: {cpu_games_per_second(auto, policy='auto'):.0f} games per CPU second")
