"""Playing whole games without the site: for property tests, benchmarks and bots."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from games.engines.base import Action, Engine, State


@dataclass
class Playthrough:
    """A finished (or abandoned) game: its log and how it was produced."""

    engine: str
    num_players: int
    seed: int | str
    options: dict
    actions: list[tuple[int, Action]] = field(default_factory=list)
    final_state: State | None = None


def play_random_game(
    engine: Engine,
    num_players: int,
    seed: int | str,
    options: dict | None = None,
    rng: random.Random | None = None,
    max_actions: int = 100_000,
    policy: str = "random",
) -> Playthrough:
    """Play a game to the end with random legal actions (or `auto_action`).

    `policy` is "random" (a uniformly chosen legal action) or "auto" (the
    engine's timeout default for every seat). The seat that acts is chosen
    at random among `to_act`, so simultaneous phases are exercised in every
    order.
    """
    rng = rng or random.Random(seed)
    options = engine.validate_options(num_players, options)
    state = engine.new_game(num_players, seed, options)
    play = Playthrough(engine.name, num_players, seed, options)
    while not engine.is_over(state):
        if len(play.actions) >= max_actions:
            raise RuntimeError(f"{engine.name}: no end after {max_actions} actions (seed {seed})")
        seats = engine.to_act(state)
        if not seats:
            raise RuntimeError(f"{engine.name}: nobody to act in a running game (seed {seed})")
        seat = rng.choice(seats)
        if policy == "auto":
            action = engine.auto_action(state, seat)
        else:
            action = rng.choice(engine.legal_actions(state, seat))
        state = engine.apply(state, seat, action)
        play.actions.append((seat, action))
    play.final_state = state
    return play


def replay(
    engine: Engine, num_players: int, seed: int | str, options: dict, actions: list[tuple[int, Action]]
) -> State:
    """Rebuild a state from its seed and log: the action log is the truth."""
    state = engine.new_game(num_players, seed, options)
    for seat, action in actions:
        state = engine.apply(state, seat, action)
    return state
