"""Wild Cards benchmark: random complete games on one core, both editions and Leo.

The issue's figure is the first line: random 5-player games (2022 edition).
"""

from __future__ import annotations

from bench._engines import time_random_games


def main(argv: list[str]) -> None:
    seconds = float(argv[0]) if argv else 5.0
    time_random_games("wildcards", 5, {"edition": "2022"}, seconds=seconds, label="wildcards 5p 2022 random")
    time_random_games("wildcards", 5, {"edition": "2020"}, seconds=seconds / 2, label="wildcards 5p 2020 random")
    time_random_games(
        "wildcards", 5, {"edition": "2022"}, seconds=seconds / 2, label="wildcards 5p 2022 auto", policy="auto"
    )
    time_random_games("wildcards", 2, {"leo": True}, seconds=seconds / 2, label="wildcards 2p+Leo 2022 random")
