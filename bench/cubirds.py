"""CuBirds: random full games per second (the issue asks for the 4-player figure)."""

from __future__ import annotations

from bench._engines import time_random_games


def main(argv: list[str]) -> None:
    seconds = float(argv[0]) if argv else 5.0
    time_random_games("cubirds", 4, seconds=seconds, label="cubirds 4p random")
    time_random_games("cubirds", 4, seconds=seconds / 2, label="cubirds 4p auto", policy="auto")
    for players in (2, 3, 5):
        time_random_games("cubirds", players, seconds=seconds / 2, label=f"cubirds {players}p random")
