"""Rebuild `wizard_chances.json`: how often each kind of card takes its trick among Standard bots.

`python -m games.bots.calibrate [games]` plays Standard against Standard at every player
count and writes the measured rates (kinds seen fewer than 30 times are left to the formula).
Run it again after changing how Standard plays: the rates depend on the play.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path

from games.bots import wizard
from games.bots import wizard_heuristic as heuristic
from games.engines import get_engine

MIN_PLAYS = 30


def measure(games: int) -> dict[str, float]:
    engine = get_engine("wizard")
    stats: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for num_players in range(2, 7):
        for game in range(games * 4 // num_players):
            state = engine.new_game(num_players, f"calibrate-{game}", {})
            while not engine.is_over(state):
                seat = engine.to_act(state)[0]
                action = wizard.rollout_action(state, seat)
                before = state
                state = engine.apply(state, seat, action)
                if action["type"] == "play" and len(before["trick"]) == num_players - 1:
                    winner = state["last_trick"]["winner"]
                    for who, card in [*before["trick"], [seat, action["card"]]]:
                        key = heuristic.chance_key(card, before["trump"], num_players, before["hand_size"])
                        stats[key][0] += 1
                        stats[key][1] += who == winner
    return {key: round(won / plays, 3) for key, (plays, won) in sorted(stats.items()) if plays >= MIN_PLAYS}


if __name__ == "__main__":
    table = measure(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
    path = Path(__file__).with_name("wizard_chances.json")
    path.write_text(json.dumps(table, indent=0, sort_keys=True) + "\n")
    print(f"{len(table)} rates written to {path}")
