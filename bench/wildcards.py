"""Wild Cards benchmark: random complete games on one core, both editions and Leo.

The issue's figure is the first line: random 5-player games (2022 edition).
The last line isolates the engine's own cost: the same random 5-player games
replayed from their logs, timing only new_game, legal_actions and apply (no
random choices, no driver), in wall and CPU time (the machine may be shared).
"""

from __future__ import annotations

import random
import time

from bench._engines import time_random_games
from games.engines import get_engine
from games.engines.simulate import play_random_game


def engine_only(num_players: int, options: dict, games: int = 200, seconds: float = 2.0) -> dict:
    """Replay recorded random games: new_game + legal_actions + apply per step, nothing else."""
    engine = get_engine("wildcards")
    options = engine.validate_options(num_players, options)
    rng = random.Random(1)
    logs = [(seed, play_random_game(engine, num_players, seed, options, rng=rng).actions) for seed in range(games)]
    new_game, legal_actions, apply = engine.new_game, engine.legal_actions, engine.apply
    played = actions = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        for seed, log in logs:
            state = new_game(num_players, seed, options)
            for seat, action in log:
                legal_actions(state, seat)
                state = apply(state, seat, action)
            actions += len(log)
        played += len(logs)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    figures = {"games_per_s": played / wall, "actions_per_s": actions / wall, "cpu_games_per_s": played / cpu}
    print(
        f"wildcards {num_players}p engine only (new_game + legal_actions + apply): "
        f"{figures['games_per_s']:.0f} games/s, {figures['actions_per_s']:.0f} actions/s wall; "
        f"{figures['cpu_games_per_s']:.0f} games/s, {actions / cpu:.0f} actions/s CPU ({played} games)"
    )
    return figures


def main(argv: list[str]) -> None:
    seconds = float(argv[0]) if argv else 5.0
    time_random_games("wildcards", 5, {"edition": "2022"}, seconds=seconds, label="wildcards 5p 2022 random")
    time_random_games("wildcards", 5, {"edition": "2020"}, seconds=seconds / 2, label="wildcards 5p 2020 random")
    time_random_games(
        "wildcards", 5, {"edition": "2022"}, seconds=seconds / 2, label="wildcards 5p 2022 auto", policy="auto"
    )
    time_random_games("wildcards", 2, {"leo": True}, seconds=seconds / 2, label="wildcards 2p+Leo 2022 random")
    engine_only(5, {"edition": "2022"}, seconds=seconds / 2)
