"""Checks every engine must pass, shared by each engine's property tests.

Each engine's test module calls `check_random_games` with its own option
sets and adds its game's invariants through `invariant`, so the generic
properties (purity, determinism, JSON round trip, illegal actions change
nothing, a legal action with a key of its own added is refused, views hide
what they must) are written once.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable

from games.engines.base import Engine, IllegalAction, json_round_trip
from games.engines.simulate import replay

Invariant = Callable[[dict], None]
# Called with (state, seat, view of that seat); must raise AssertionError on a leak.
LeakCheck = Callable[[dict, int | None, dict], None]


def check_random_games(
    engine: Engine,
    num_players: int,
    options: dict | None,
    seeds: Iterable[int],
    invariant: Invariant | None = None,
    leak_check: LeakCheck | None = None,
    junk_actions: Iterable[dict] = (),
    deep_every: int = 1,
) -> int:
    """Play one random game per seed, checking the contract at every step.

    Returns the number of actions checked. `deep_every` > 1 makes the costly
    checks (purity, JSON round trip, illegal actions, views) run on every
    n-th step only, so thousands of games stay fast.
    """
    checked = 0
    junk_actions = list(junk_actions)
    full_options = engine.validate_options(num_players, options)
    for seed in seeds:
        rng = random.Random(seed)
        state = engine.new_game(num_players, seed, full_options)
        assert engine.new_game(num_players, seed, full_options) == state, "new_game is not deterministic"
        log = []
        step = 0
        while not engine.is_over(state):
            assert step < 50_000, f"no end after {step} actions (seed {seed})"
            if invariant:
                invariant(state)
            seats = engine.to_act(state)
            assert seats, f"nobody to act in a running game (seed {seed})"
            seat = rng.choice(seats)
            legal = engine.legal_actions(state, seat)
            assert legal, f"seat {seat} must act but has no legal action (seed {seed})"
            deep = step % deep_every == 0
            if deep:
                _check_step(engine, state, seat, legal, junk_actions, leak_check, rng)
            action = rng.choice(legal)
            before = json.dumps(state, sort_keys=True) if deep else None
            new_state = engine.apply(state, seat, action)
            if deep:
                assert json.dumps(state, sort_keys=True) == before, "apply mutated its input"
                assert json_round_trip(new_state) == new_state, "state is not plain JSON data"
            log.append((seat, action))
            state = new_state
            step += 1
        if invariant:
            invariant(state)
        assert engine.to_act(state) == [], "a finished game still waits for somebody"
        _check_result(engine, state, num_players)
        for seat in [None, *range(num_players)]:
            json.dumps(engine.view(state, seat))
        assert replay(engine, num_players, seed, full_options, json_round_trip(log)) == state, (
            "replaying the log does not give the same state"
        )
        checked += step
    return checked


def _check_step(engine, state, seat, legal, junk_actions, leak_check, rng) -> None:
    assert engine.auto_action(state, seat) in legal, "auto_action is not a legal action"
    for action in legal:
        json.dumps(action)
    before = json.dumps(state, sort_keys=True)
    # Acting out of turn and sending junk must raise IllegalAction and change nothing.
    idle = [s for s in range(state["num_players"]) if s not in engine.to_act(state)]
    attempts = [(seat, junk) for junk in junk_actions]
    attempts += [(seat, None), (seat, {}), (seat, {"type": "no-such-action"}), (seat, "bid"), (seat, [legal[0]])]
    attempts += [(seat, 7), (seat, {"type": [legal[0].get("type")]})]
    # A legal action with a key no action has: refused, never stored in the log as sent.
    attempts.append((seat, {**legal[0], "note": "x" * 1000}))
    # A legal action with one value of the wrong shape: a list, nothing, a mapping.
    for key in legal[0]:
        if key != "type":
            for wrong in ([legal[0][key]], None, {"id": legal[0][key]}):
                attempts.append((seat, {**legal[0], key: wrong}))
    if idle:
        attempts.append((rng.choice(idle), rng.choice(legal)))
    attempts.append((state["num_players"] + 7, legal[0]))
    for who, junk in attempts:
        if junk in legal and who == seat:
            continue
        try:
            engine.apply(state, who, junk)
        except IllegalAction as error:
            assert str(error), "IllegalAction without a message"
        else:
            raise AssertionError(f"seat {who} action {junk!r} was accepted but is not legal")
        assert json.dumps(state, sort_keys=True) == before, "a rejected action changed the state"
    for viewer in [None, *engine.to_act(state)]:
        view = engine.view(state, viewer)
        json.dumps(view)
        if leak_check:
            leak_check(state, viewer, view)


def _check_result(engine, state, num_players) -> None:
    result = engine.result(state)
    assert sorted(row["seat"] for row in result) == list(range(num_players))
    ranks = sorted(result, key=lambda row: row["rank"])
    assert ranks[0]["rank"] == 1
    for row in result:
        better = [other for other in result if other["rank"] < row["rank"]]
        assert row["rank"] == len(better) + 1, "ranks must be 1 + the number of seats ahead"
