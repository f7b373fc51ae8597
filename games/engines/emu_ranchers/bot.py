"""auto_action: the move made when a deadline passes, and the simple bot.

Policy during the year:
1. grow the bird whose score (as if the year ended now) gains the most, if
   some grow gains anything;
2. else, with fewer than 2 birds, hatch the Ace, number or Crown that shares
   a suit with the most other cards in hand (ties: the highest rank);
3. else discard the card of least use: never the Excuse, first cards that grow
   nothing, lowest value first.
It draws the discard top when that card could then grow one of its birds (or
is the Excuse), else from the deck.
At the year's end it plays the grow that gains the most and says "done" when
none gains: one action per call, so a closing deadline repeats it while the
seat is still in `to_act` (each grow leaves the phase key unchanged).
"""

from __future__ import annotations

from games.engines.base import State
from games.engines.emu_ranchers.birds import bird_score, can_grow
from games.engines.emu_ranchers.cards import EXCUSE, HATCHABLE, RANK, SUIT_SET, WILD
from games.engines.emu_ranchers.rules import grow_targets


def _best_grow(state: State, seat: int) -> tuple[int, str, int] | None:
    """(gain, card, bird) of the most profitable grow, or None if none gains."""
    best = None
    birds = state["ranches"][seat]
    before = [None] * len(birds)
    for card in state["hands"][seat]:
        if card == EXCUSE:
            continue
        for index in grow_targets(state, seat, card):
            if before[index] is None:
                before[index] = bird_score(birds[index])
            gain = bird_score(birds[index] + [card]) - before[index]
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, card, index)
    return best


def _usefulness(card: str, hand: list[str], birds: list[list[str]]) -> tuple:
    if card == EXCUSE:
        return (3, 0)
    grows = any(can_grow(bird, card) for bird in birds)
    value = 5 if card in WILD else RANK[card] if RANK[card] not in (1, 10) else 4
    return (2 if card in WILD else int(grows), value)


def _draw(state: State, seat: int, birds: list[list[str]]) -> str:
    if not state["discard"]:
        return "deck"
    top = state["discard"][-1]
    if top == EXCUSE or any(can_grow(bird, top) for bird in birds):
        return "discard"
    return "deck"


def auto_action(state: State, seat: int) -> dict:
    hand = state["hands"][seat]
    birds = state["ranches"][seat]
    best = _best_grow(state, seat)
    if state["phase"] == "growing":
        if best is None:
            return {"type": "done"}
        return {"type": "grow", "card": best[1], "bird": best[2]}
    if best is not None:
        _, card, index = best
        after = [*birds[:index], [*birds[index], card], *birds[index + 1 :]]
        return {"type": "grow", "card": card, "bird": index, "draw": _draw(state, seat, after)}
    hatchable = [card for card in hand if card in HATCHABLE]
    if len(birds) < 2 and hatchable:

        def promise(card: str) -> tuple[int, int]:
            mates = sum(1 for other in hand if other != card and SUIT_SET[card] & SUIT_SET[other])
            return mates, RANK[card]

        card = max(hatchable, key=promise)
        return {"type": "hatch", "card": card, "draw": _draw(state, seat, [*birds, [card]])}
    card = min(hand, key=lambda card: _usefulness(card, hand, birds))
    return {"type": "discard", "card": card}
