"""Does a bot lack search or a model? How often its move is the one a far longer search picks.

    python -m bench bot_agreement [--positions 40] [--only WORD] [--seed-base N] [--reference N]

At positions of real games (CuBirds 2p: lay steps of games between Good bots; Wizard 4p:
seat 0's decisions with more than one candidate, in games of four Standard bots, and the same
split into bids and card plays in hands of four cards or more: `--only "wizard 4p bids"`), every
search below chooses among the same candidates (the game's own `candidates`, Standard's
move first), from the seat's view, and its choice is compared with a reference's:
sequential halving on common sampled deals with many more rollouts. The figure is the share
of positions where they agree, with its Wilson 95 % interval.

How to read it: a search that already agrees with the reference at nearly every position
cannot gain much from more rollouts of the same kind; what it lacks is in its model (the
sampler, the rollout policy, the evaluation at the horizon), and only games can tell whether
a change of model pays. The reference is itself a halving search, so it leans towards the
halving searches; Standard's own move (no search) is printed as the floor. A disagreement may
be a near tie that costs nothing: agreement is a diagnosis, never a target.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from bench.bots import wilson
from games.bots import GAMES, choose, cubirds, legal_from_view, search, wizard
from games.engines import get_engine

Search = Callable[[object, object, dict, int, list, random.Random], dict]


def _flat(rollouts: int) -> Search:
    def run(engine, game, view, seat, candidates, rng):  # noqa: ANN001, ANN202
        return search.flat_monte_carlo(engine, game, view, seat, candidates, rng, rollouts)

    return run


def _halving(rollouts: int) -> Search:
    def run(engine, game, view, seat, candidates, rng):  # noqa: ANN001, ANN202
        return search.sequential_halving(engine, game, view, seat, candidates, rng, rollouts)

    return run


def _standard(engine, game, view, seat, candidates, rng):  # noqa: ANN001, ANN202
    return candidates[0]


@dataclass
class Case:
    label: str
    game_name: str
    players: int
    level: str  # the level every seat plays in the games the positions come from
    reference: int  # the reference's rollouts
    searches: dict[str, Search] = field(default_factory=dict)
    keep: float = 0.15  # the share of eligible positions kept (spread over more games)
    seat: int | None = None  # only this seat's decisions (None: every seat's)
    steps: tuple[str, ...] = ()  # only these steps (CuBirds' `step`; empty: any)
    phases: tuple[str, ...] = ()  # only these phases (Wizard's `phase`; empty: any)
    min_hand: int = 0  # only rounds of at least this many cards (Wizard's `hand_size`)


def _wizard_phase_case(label: str, phase: str, keep: float) -> Case:
    """Seat 0's decisions of one phase in Wizard rounds of four cards or more, games of Standard bots."""
    return Case(
        label,
        "wizard",
        4,
        "standard",
        reference=4_000,
        searches={
            "standard": _standard,
            "good (halving, 200)": _halving(wizard.GOOD_ROLLOUTS),
            "halving, 600": _halving(600),
        },
        keep=keep,
        seat=0,
        phases=(phase,),
        min_hand=4,
    )


CASES = [
    Case(
        "cubirds 2p lay",
        "cubirds",
        2,
        "good",
        reference=30_000,
        searches={
            "standard": _standard,
            "good (flat, 150)": _flat(cubirds.GOOD_ROLLOUTS),
            "flat, 2,000 (Strong's budget at Good's horizon)": _flat(cubirds.STRONG_ITERATIONS),
            "halving, 2,000": _halving(2_000),
        },
        steps=("lay",),
    ),
    Case(
        "wizard 4p",
        "wizard",
        4,
        "standard",
        reference=4_000,
        searches={
            "standard": _standard,
            "good (halving, 200)": _halving(wizard.GOOD_ROLLOUTS),
            "halving, 400": _halving(400),
        },
        keep=0.08,
        seat=0,
    ),
    # Session 21: bids lack rollouts, card plays a model (bots README).
    _wizard_phase_case("wizard 4p bids", "bid", keep=0.5),
    _wizard_phase_case("wizard 4p cards", "play", keep=0.08),
]


def positions(case: Case, count: int, seed_base: int) -> list[tuple[dict, int, list]]:
    """(view, seat, candidates) at `count` positions of games among `case.level` bots."""
    engine, game = get_engine(case.game_name), GAMES[case.game_name]
    found: list[tuple[dict, int, list]] = []
    number = 0
    while len(found) < count:
        state = engine.new_game(case.players, f"bench-agreement-{seed_base}-{number}", {})
        rng = random.Random(f"bench-agreement:{seed_base}:{number}")
        while not engine.is_over(state) and len(found) < count:
            seat = engine.to_act(state)[0]
            wanted = (
                (case.seat is None or seat == case.seat)
                and (not case.steps or state.get("step") in case.steps)
                and (not case.phases or state.get("phase") in case.phases)
                and state.get("hand_size", 0) >= case.min_hand
            )
            if wanted:
                view = engine.view(state, seat)
                candidates = game.candidates(engine, view, seat, legal_from_view(engine, view, seat))
                if len(candidates) > 1 and rng.random() < case.keep:
                    found.append((view, seat, candidates))
            state = engine.apply(state, seat, choose(engine, state, seat, case.level, rng))
        number += 1
    return found


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench bot_agreement")
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--only", action="append", default=[], help="only the cases whose label contains WORD")
    parser.add_argument("--seed-base", type=int, default=0)
    parser.add_argument("--reference", type=int, help="the reference's rollouts (default: each case's own)")
    args = parser.parse_args(argv)
    for case in CASES:
        # A word that is a whole label names that case alone ("wizard 4p"); otherwise any label containing it.
        exact = [word for word in args.only if any(word == other.label for other in CASES)]
        wanted = case.label in exact or any(word in case.label for word in args.only if word not in exact)
        if args.only and not wanted:
            continue
        engine, game = get_engine(case.game_name), GAMES[case.game_name]
        found = positions(case, args.positions, args.seed_base)
        rollouts = args.reference or case.reference
        agree = dict.fromkeys(case.searches, 0)
        for index, (view, seat, candidates) in enumerate(found):
            key = f"{args.seed_base}:{index}"
            reference = search.sequential_halving(
                engine, game, view, seat, candidates, random.Random(f"reference:{key}"), rollouts
            )
            for name, run in case.searches.items():
                chosen = run(engine, game, view, seat, candidates, random.Random(f"{name}:{key}"))
                agree[name] += search.action_key(chosen) == search.action_key(reference)
        print(f"{case.label}: {len(found)} positions, reference halving with {rollouts:,} rollouts")
        for name, count in agree.items():
            low, high = wilson(count, len(found))
            share = count / len(found)
            print(f"  {name}: agrees at {count} ({share:.0%} [{low:.0%}, {high:.0%}])")
