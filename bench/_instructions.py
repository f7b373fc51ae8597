"""Instructions a random game, counted by valgrind's callgrind: a figure the machine's load does not move.

`python -m bench engine_peers --instructions N` prints it beside each timed ratio. The timed
ratio on this shared machine moves by a tenth between runs minutes apart; the count of
instructions the CPU runs (callgrind's `Ir`) for the same games under the same hash seed
(`PYTHONHASHSEED=0`: dict and set layouts, and so the work, depend on it) is the same at every
run, so a change to an engine shows in it to the thousandth.

It is a proxy and never the figure: time is what the target counts, and an instruction of the
peer's (much of it in numpy's C) does not take as long as one of ours. Each side is counted in a
child process of its own, `python -m bench._instructions SIDE GAMES [--wizard-game DIR]
[--cubirds DIR]`, once with GAMES games and once with none: the difference is the games alone,
without the interpreter's start, the imports and a first game played to warm caches. valgrind
is not one of the project's dependencies: without it on the PATH the figure is left out.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_COLLECTED = re.compile(r"Collected : (\d+)")


def available() -> bool:
    return shutil.which("valgrind") is not None


def per_game(side: str, games: int, peers: dict[str, Path]) -> float:
    """Instructions one of `side`'s games runs, on average over `games` games."""
    return (count(side, games, peers) - count(side, 0, peers)) / games


def count(side: str, games: int, peers: dict[str, Path]) -> int:
    """Instructions a child process runs that plays `games` of `side`'s games after a warm-up game."""
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    command += [sys.executable, "-m", "bench._instructions", side, str(games)]
    for name, path in peers.items():
        command += [f"--{name}", str(path)]
    done = subprocess.run(
        command, capture_output=True, text=True, cwd=ROOT, env={**os.environ, "PYTHONHASHSEED": "0"}, check=True
    )
    found = _COLLECTED.search(done.stderr)
    if found is None:
        raise RuntimeError(f"callgrind printed no count: {done.stderr[-500:]}")
    return int(found.group(1))


def _player(side: str, peers: dict[str, Path | None]) -> Callable[[int], int]:
    from bench.engine_peers import _CubirdsPeer, _WizardPeer, ours_game  # noqa: PLC0415 (child only)

    game, players, whose = re.fullmatch(r"(wizard|cubirds)(\d)-(ours|peer)", side).groups()
    if whose == "ours":
        return ours_game(game, int(players))
    if game == "wizard":
        return _WizardPeer(peers["wizard_game"]).play_game
    return _CubirdsPeer(peers["cubirds"]).game(int(players))


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench._instructions")
    parser.add_argument("side", help="wizard4-ours, wizard4-peer, cubirds4-ours, cubirds2-peer, ...")
    parser.add_argument("games", type=int)
    parser.add_argument("--wizard-game", type=Path)
    parser.add_argument("--cubirds", type=Path)
    args = parser.parse_args(argv)
    play_one = _player(args.side, {"wizard_game": args.wizard_game, "cubirds": args.cubirds})
    play_one(999_999)  # the warm-up game, in the run with no games too
    for n in range(args.games):
        play_one(n)


if __name__ == "__main__":
    main(sys.argv[1:])
