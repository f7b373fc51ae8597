"""The end of the year: score every bird, apply the Excuse, start the next year.

The annual score is the sum of the birds' scores, added to the previous
years'; negative totals are allowed. The Excuse, if in a hand at the year's
end, discards that seat's worst losing bird: using it is never worse, so the
engine applies it rather than asking.
"""

from __future__ import annotations

from games.engines.base import State, shared_ranks
from games.engines.emu_ranchers.birds import score_bird
from games.engines.emu_ranchers.cards import EXCUSE
from games.engines.emu_ranchers.setup import start_year


def score_ranch(birds: list[list[str]], has_excuse: bool) -> dict:
    """{"birds": [score_bird(...) + "excused"], "excused": index or None, "score": total}."""
    scored = [{**score_bird(bird), "excused": False} for bird in birds]
    excused = None
    if has_excuse:
        losing = [index for index, bird in enumerate(scored) if bird["score"] < 0]
        if losing:
            excused = min(losing, key=lambda index: scored[index]["score"])
            scored[excused]["excused"] = True
    total = sum(bird["score"] for bird in scored if not bird["excused"])
    return {"birds": scored, "excused": excused, "score": total}


def finish_year(state: State) -> State:
    """Score the year (mutates `state`, a fresh copy made by the caller)."""
    seats = []
    for seat in (0, 1):
        hand = state["hands"][seat]
        ranch = score_ranch(state["ranches"][seat], EXCUSE in hand)
        # Cards that could not be played are discarded face up: public from now on.
        ranch["unplayed"] = list(hand)
        seats.append(ranch)
    state["history"] = [
        *state["history"],
        {"year": state["year"], "first_player": state["first_player"], "seats": seats},
    ]
    state["scores"] = [state["scores"][seat] + seats[seat]["score"] for seat in (0, 1)]
    if state["year"] < state["options"]["years"]:
        start_year(state)
        return state
    # The last year: leave the ranches on the table for the final view.
    state["phase"] = "over"
    state["turn"] = None
    state["discard"] = [*state["discard"], *state["hands"][0], *state["hands"][1]]
    state["hands"] = [[], []]
    state["taken"] = [[], []]
    state["done"] = [True, True]
    return state


def result(state: State) -> list[dict]:
    """Cumulative scores, highest first; equal scores share a place."""
    return shared_ranks([(seat, (state["scores"][seat],)) for seat in (0, 1)])
