"""Emu Ranchers: random complete 4-year games per second (issue 6), by deck option set."""

from __future__ import annotations

from bench._engines import time_random_games

OPTION_SETS = [
    ("basic deck", {}),
    ("Excuse + Pawns", {"excuse": True, "pawns": True}),
    ("Excuse + Courts", {"excuse": True, "courts": True}),
    ("Excuse + Pawns + Courts", {"excuse": True, "pawns": True, "courts": True}),
]


def main(argv: list[str]) -> None:
    seconds = float(argv[0]) if argv else 5.0
    for label, options in OPTION_SETS:
        time_random_games("emu_ranchers", 2, options, seconds=seconds, label=f"emu_ranchers 4 years, {label}")
    time_random_games(
        "emu_ranchers",
        2,
        {"excuse": True, "pawns": True},
        seconds=seconds,
        label="emu_ranchers 4 years, auto_action",
        policy="auto",
    )
