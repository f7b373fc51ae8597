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
    # Bound once: bots and benchmarks run this loop millions of times.
    log = play.actions
    to_act, legal_actions, apply = engine.to_act, engine.legal_actions, engine.apply
    auto = policy == "auto"
    getrandbits = rng.getrandbits
    for _ in range(max_actions):
        # A finished game waits for nobody (the engine contract), so an empty `to_act` is
        # checked against is_over instead of asking is_over before every action.
        seats = to_act(state)
        n = len(seats)
        # Each pick is `rng.choice(seq)` inlined (Random._randbelow_with_getrandbits: draw
        # n.bit_length() bits until below n): the same numbers, so the same games, without
        # two Python calls per pick. One seat (most turns) still costs its draws: 1 bit until 0.
        if n == 1:
            while getrandbits(1):
                pass
            seat = seats[0]
        elif n:
            bits = n.bit_length()
            pick = getrandbits(bits)
            while pick >= n:
                pick = getrandbits(bits)
            seat = seats[pick]
        elif engine.is_over(state):
            break
        else:
            raise RuntimeError(f"{engine.name}: nobody to act in a running game (seed {seed})")
        if auto:
            action = engine.auto_action(state, seat)
        else:
            legal = legal_actions(state, seat)
            n = len(legal)
            if not n:
                raise RuntimeError(f"{engine.name}: seat {seat} must act but has no legal action (seed {seed})")
            bits = n.bit_length()
            pick = getrandbits(bits)
            while pick >= n:
                pick = getrandbits(bits)
            action = legal[pick]
        state = apply(state, seat, action)
        log.append((seat, action))
    else:
        if not engine.is_over(state):
            raise RuntimeError(f"{engine.name}: no end after {max_actions} actions (seed {seed})")
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
