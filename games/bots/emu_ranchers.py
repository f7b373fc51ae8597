"""Emu Ranchers: Standard, the sampler and the search's horizon, from one seat's view.

Standard is the engine's `auto_action` run on a state sampled from the view (it reads
only what the seat may see). The sampler deals the cards the seat cannot see (the other
hand, the deck, the discard pile below its top) anew from this year's deck less every
card in sight, with a fresh seed for the years still to come; a card the other took from
the discard pile (and has not played since) stays in its hand.
"""

from __future__ import annotations

import random

from games.bots.emu_standard import play_action, ranch_value, ranked_actions
from games.engines.base import Action, State
from games.engines.emu_ranchers.bot import auto_action
from games.engines.emu_ranchers.cards import deck_for
from games.engines.emu_ranchers.rules import legal_actions

# 120 rollouts of 4 turns: 60 ms a move (CPU time). Against 72 rollouts of 6 turns (58 ms),
# on the same deals against Standard, it scored 1.7 +- 4.8 points a game more on 117 games
# where it was chosen (seed base 7) and 4.7 +- 4.2 more on 150 held out (seed base 13):
# 3.7 +- 3.1 in all, wins 84.6 % against 81.5 %. Shorter rollouts, alone, lost 3.3 +- 5.2
# points; 96 rollouts of 6 turns gained nothing (-0.3 +- 5.3): more deals judged a little
# sooner pay, more of the same do not. Earlier: 72 rollouts won 76.7 % of 120 games where 36
# won 67.5 % (+7.8 +- 5.4 points a game).
GOOD_ROLLOUTS = 120
# Good compares its candidates on common sampled deals (sequential halving), not by UCB1 on a
# fresh deal each: on the same 120 deals against Standard it scored 8.8 +- 4.8 points a game
# more (wins 76.7 % against 69.6 %), in the same time.
GOOD_SEARCH = "halving"
# Strong is Good's own search with ten times the rollouts (as in Wizard and CuBirds), not ISMCTS:
# with 720 rollouts of 6 turns against a weaker Good it won 78.6 % of 14 games where ISMCTS (400
# iterations) won 43.5 % of 23, +31.1 +- 20.7 points a game on the 14 deals both played; 665
# against 385 ms a move.
STRONG_SEARCH = "flat"
# Ten times Good's rollouts (~590 ms a move): against Good it wins 60.3 % of 78 games.
STRONG_ITERATIONS = 1200
# Good searches among Standard's best few moves. With halving, more of them pay: 8 scored
# 3.6 points a game more than 3 on the same 120 deals (wins 83.8 % against 76.7 %), 5 in
# between; every legal move (often 20 and more) scored 12.1 +- 7.2 less than 8.
CANDIDATES = 8
HORIZON_TURNS = 4  # turns a rollout plays before the ranches are judged


def _seen_parts(view: dict, seat: int) -> tuple:
    hand = [card["id"] for card in view["hand"]]
    ranches = [[[card["id"] for card in bird["cards"]] for bird in ranch] for ranch in view["ranches"]]
    top = view["discard_top"]["id"] if view["discard_top"] else None
    return hand, ranches, top


def standard(engine: object, view: dict, seat: int, legal: list[Action]) -> Action:
    if view["phase"] != "play":
        return auto_action(sample(view, seat, random.Random(0)), seat)
    hand, ranches, top = _seen_parts(view, seat)
    return play_action(hand, ranches[seat], ranches[1 - seat], top, view["deck_size"], unseen(view), legal)


def candidates(engine: object, view: dict, seat: int, legal: list[Action]) -> list[Action]:
    """The few moves Good searches between: Standard's best by its own measure."""
    if view["phase"] != "play":
        return legal
    hand, ranches, top = _seen_parts(view, seat)
    ranked = ranked_actions(hand, ranches[seat], ranches[1 - seat], top, view["deck_size"], unseen(view), legal)
    return [action for _value, _position, action in ranked[:CANDIDATES]]


def unseen(view: dict) -> list[str]:
    """This year's cards the seat has not seen, so may still draw (the deck is a fresh shuffle of
    every card each year)."""
    seen = {card["id"] for card in view["hand"]}
    seen.update(card["id"] for ranch in view["ranches"] for bird in ranch for card in bird["cards"])
    if view["discard_top"]:
        seen.add(view["discard_top"]["id"])
    seen.update(card for cards in _taken(view) for card in cards)  # held by the other, seen taken
    return [card for card in deck_for(view["options"]) if card not in seen]


def _taken(view: dict) -> list[list[str]]:
    """Per seat, the cards it took from the discard pile and still holds (everyone saw them)."""
    return [[card["id"] for card in cards] for cards in view.get("taken", [[], []])]


def rollout_action(state: State, seat: int) -> Action:
    """Standard on a sampled state: what the seat has not seen there is the deck, the other
    hand and the discard pile below its top (a sampled state holds no secret)."""
    if state["phase"] != "play":
        return auto_action(state, seat)
    held = set(state.get("taken", [[], []])[1 - seat])  # seen taken: not to be drawn
    other = [card for card in state["hands"][1 - seat] if card not in held]
    hidden = state["deck"] + other + state["discard"][:-1]
    top = state["discard"][-1] if state["discard"] else None
    legal = legal_actions(state, seat)
    ranches = state["ranches"]
    return play_action(state["hands"][seat], ranches[seat], ranches[1 - seat], top, len(state["deck"]), hidden, legal)


def sample(view: dict, seat: int, rng: random.Random) -> State:
    other = 1 - seat
    own = [card["id"] for card in view["hand"]]
    ranches = [[[card["id"] for card in bird["cards"]] for bird in ranch] for ranch in view["ranches"]]
    seen = set(own)
    seen.update(card for ranch in ranches for bird in ranch for card in bird)
    top = view["discard_top"]["id"] if view["discard_top"] else None
    if top:
        seen.add(top)
    known = _taken(view)[other]
    seen.update(known)
    over = view["phase"] == "over"
    pool = [card for card in deck_for(view["options"]) if card not in seen]
    rng.shuffle(pool)
    hands: list[list[str]] = [[], []]
    hands[seat] = own
    size = view["hand_sizes"][other] - len(known)
    hands[other], pool = known + pool[:size], pool[size:]
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
        "taken": [list(cards) for cards in _taken(view)],
        "ranches": ranches,
        "done": list(view["done"]),
    }


def _projected(state: State, seat: int) -> float:
    hidden = state["deck"] + state["hands"][1 - seat] + state["discard"][:-1]
    return ranch_value(state["ranches"][seat], state["hands"][seat], hidden, len(state["deck"]) / 2)


def evaluate(state: State, seat: int, start: State) -> float:
    scores, before = state["scores"], start["scores"]
    if state["phase"] == "over":
        margin = scores[seat] - scores[1 - seat]
        win = 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
        return 0.7 * win + 0.3 * (0.5 + max(-0.5, min(0.5, margin / 80)))
    gained = (scores[seat] - before[seat]) - (scores[1 - seat] - before[1 - seat])
    if state["year"] == start["year"]:
        gained += _projected(state, seat) - _projected(state, 1 - seat)
    return 0.5 + max(-0.5, min(0.5, gained / 60))


def horizon_reached(state: State, start: State) -> bool:
    if state["year"] != start["year"] or state["phase"] != "play":
        return state["phase"] != "growing"
    return state["turn_number"] - start["turn_number"] >= HORIZON_TURNS
