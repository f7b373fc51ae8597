"""Shared timing loop for the engine benchmarks: random complete games on one core."""

from __future__ import annotations

import random
import time

from games.engines import get_engine
from games.engines.simulate import play_random_game


def time_random_games(
    engine_name: str,
    num_players: int,
    options: dict | None = None,
    seconds: float = 5.0,
    label: str = "",
    policy: str = "random",
) -> dict:
    """Play random games for about `seconds` and print games/s and actions/s."""
    engine = get_engine(engine_name)
    rng = random.Random(1)
    games = actions = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        play = play_random_game(engine, num_players, seed=games, options=options, rng=rng, policy=policy)
        games += 1
        actions += len(play.actions)
    elapsed = time.perf_counter() - started
    figures = {
        "games_per_s": games / elapsed,
        "actions_per_s": actions / elapsed,
        "actions_per_game": actions / games,
    }
    name = label or f"{engine_name} {num_players}p {options or ''}".strip()
    print(
        f"{name}: {figures['games_per_s']:.0f} games/s, {figures['actions_per_s']:.0f} actions/s "
        f"({figures['actions_per_game']:.0f} actions/game, {games} games in {elapsed:.1f} s, policy {policy})"
    )
    return figures
