"""Emu Ranchers: Standard, the sampler and the search's horizon, from one seat's view.

Standard is the engine's `auto_action` run on a state sampled from the view (it reads
only what the seat may see). The sampler deals the cards the seat cannot see (the other
hand, the deck, the discard pile below its top) anew from this year's deck less every
card in sight, with a fresh seed for the years still to come.
"""

from __future__ import annotations

import random

from games.bots.emu_standard import play_action
from games.engines.base import Action, State
from games.engines.emu_ranchers.bot import auto_action
from games.engines.emu_ranchers.cards import deck_for

GOOD_ROLLOUTS = 80
STRONG_ITERATIONS = 500


def standard(engine: object, view: dict, seat: int, legal: list[Action]) -> Action:
    if view["phase"] != "play":
        return auto_action(sample(view, seat, random.Random(0)), seat)
    hand = [card["id"] for card in view["hand"]]
    ranches = [[[card["id"] for card in bird["cards"]] for bird in ranch] for ranch in view["ranches"]]
    top = view["discard_top"]["id"] if view["discard_top"] else None
    return play_action(hand, ranches[seat], ranches[1 - seat], top, view["deck_size"], unseen(view), legal)


def unseen(view: dict) -> list[str]:
    """This year's cards the seat has not seen (the deck is a fresh shuffle of every card each year)."""
    seen = {card["id"] for card in view["hand"]}
    seen.update(card["id"] for ranch in view["ranches"] for bird in ranch for card in bird["cards"])
    if view["discard_top"]:
        seen.add(view["discard_top"]["id"])
    return [card for card in deck_for(view["options"]) if card not in seen]


def rollout_action(state: State, seat: int) -> Action:
    return auto_action(state, seat)


def sample(view: dict, seat: int, rng: random.Random) -> State:
    other = 1 - seat
    own = [card["id"] for card in view["hand"]]
    ranches = [[[card["id"] for card in bird["cards"]] for bird in ranch] for ranch in view["ranches"]]
    seen = set(own)
    seen.update(card for ranch in ranches for bird in ranch for card in bird)
    top = view["discard_top"]["id"] if view["discard_top"] else None
    if top:
        seen.add(top)
    over = view["phase"] == "over"
    pool = [card for card in deck_for(view["options"]) if card not in seen]
    rng.shuffle(pool)
    hands: list[list[str]] = [[], []]
    hands[seat] = own
    size = view["hand_sizes"][other]
    hands[other], pool = pool[:size], pool[size:]
    below = max(0, view["discard_size"] - 1)
    discard = pool[:below] + ([top] if top else [])
    deck = pool[below : below + view["deck_size"]]
    return {
        "num_players": 2,
        "seed": f"sample-{rng.getrandbits(64)}",
        "options": dict(view["options"]),
        "year": view["year"],
        "first_player": view["first_player"],
        "scores": list(view["scores"]),
        "history": [],
        "rules": 2,
        "phase": view["phase"],
        "turn": view["turn"],
        "turn_number": 1,
        "deck": deck if not over else [],
        "discard": discard,
        "hands": hands,
        "ranches": ranches,
        "done": list(view["done"]),
    }


def evaluate(state: State, seat: int, start: State) -> float:
    scores, before = state["scores"], start["scores"]
    if state["phase"] == "over":
        margin = scores[seat] - scores[1 - seat]
        win = 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
        return 0.7 * win + 0.3 * (0.5 + max(-0.5, min(0.5, margin / 80)))
    gained = (scores[seat] - before[seat]) - (scores[1 - seat] - before[1 - seat])
    return 0.5 + max(-0.5, min(0.5, gained / 60))


def horizon_reached(state: State, start: State) -> bool:
    return state["year"] != start["year"]
