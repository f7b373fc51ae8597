"""Wizard benchmark: random full 4-player games per second and tricks resolved per second.

`python -m bench wizard` prints, for random legal play and for the auto_action bot:
games/s and actions/s (from the shared loop), and tricks/s in those games (every
4-player game resolves 1 + 2 + ... + 15 = 120 tricks); then the raw speed of the
trick-winner rule alone, and a few variants.
"""

from __future__ import annotations

import random
import time

from bench._engines import time_random_games
from games.engines.wizard.cards import DECK
from games.engines.wizard.rules import trick_winner

TRICKS_PER_4P_GAME = sum(range(1, 60 // 4 + 1))


def main(argv: list[str]) -> None:
    seconds = float(argv[0]) if argv else 5.0
    for policy in ("random", "auto"):
        figures = time_random_games("wizard", 4, seconds=seconds, label=f"wizard 4p base ({policy})", policy=policy)
        print(f"  -> {figures['games_per_s'] * TRICKS_PER_4P_GAME:.0f} tricks resolved/s in full games")
    _time_trick_winner(seconds / 2)
    for num_players, options in [
        (3, {"dark_wizard": True, "bid_sum_restriction": True}),
        (5, {"blind_bids": True, "clairvoyance": True}),
        (4, {"monocolor": True}),
        (2, {}),
    ]:
        time_random_games("wizard", num_players, options, seconds=seconds / 2)


def _time_trick_winner(seconds: float) -> None:
    """Only the rule "who wins this trick", on 1,000 random 4-card tricks."""
    rng = random.Random(1)
    tricks = []
    for _ in range(1000):
        cards = rng.sample(DECK, 4)
        tricks.append(([[seat, card] for seat, card in enumerate(cards)], rng.choice(["red", "blue", None])))
    resolved = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        for trick, trump in tricks:
            trick_winner(trick, trump)
        resolved += len(tricks)
    elapsed = time.perf_counter() - started
    print(f"wizard trick_winner alone: {resolved / elapsed:.0f} tricks resolved/s")
