"""How far each level's rollouts look: a game may give Strong a horizon of its own (CuBirds)."""

from __future__ import annotations

import random

import pytest

from games.bots import choose, cubirds
from games.engines import get_engine

CUBIRDS = get_engine("cubirds")


def _first_lay_with_a_choice():
    state = CUBIRDS.new_game(2, "horizons", {})
    seat = CUBIRDS.to_act(state)[0]
    assert state["step"] == "lay" and len(CUBIRDS.legal_actions(state, seat)) > 1
    return state, seat


@pytest.mark.parametrize("level, turns", [("good", cubirds.HORIZON_TURNS), ("strong", cubirds.STRONG_HORIZON_TURNS)])
def test_cubirds_rollouts_stop_at_the_levels_own_horizon(monkeypatch, level, turns):
    state, seat = _first_lay_with_a_choice()
    depths = []
    judge = cubirds.evaluate

    def recording(end, who, start):
        if not end["over"]:
            depths.append(end["turn"] - start["turn"])
        return judge(end, who, start)

    monkeypatch.setattr(cubirds, "evaluate", recording)
    action = choose(CUBIRDS, state, seat, level, random.Random(0), budget=40)
    assert action in CUBIRDS.legal_actions(state, seat)
    # The game's first lay: no rollout of 20 turns ends the game, so each stops at the horizon.
    assert depths and set(depths) == {turns * 2}
