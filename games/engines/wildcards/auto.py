"""`auto_action`: the default taken when a deadline passes, also the simple bot.

Policy:
- bid: with 5 or more Habitat cards, the highest card that still leaves 2
  cards after paying (a wild card only when nothing else fits); otherwise the
  Refill hand card. Never the eagle's two-card bid.
- eagle choice: the higher Habitat card (a Habitat card over the Refill card).
- meerkat swap: no swap. Refill discards: none ("done").
- tie payment: the lowest card. 2020 tie reveal: draw from the deck.
- acquire: always take, choosing the animal that gains most: the change of
  the collection's final score, +1 (peacock +3) for a Leader it would claim,
  +2 if the natural-habitat bonus is still reachable with the hand.
- pay: while the natural bonus is reachable, the lowest natural card;
  otherwise the lowest card, keeping wild cards for later.
"""

from __future__ import annotations

from .acquire import still_to_pay
from .cards import (
    ANIMAL_SPECIES,
    IS_WILD,
    LEADER_POINTS,
    NATURAL,
    NATURAL_BONUS,
    PEACOCK,
    PEACOCK_POINTS,
    REFILL,
    REFILL_NAME,
    VALUE,
)
from .legal import one_per_kind
from .scoring import score_parts


def _low_first(card: int) -> tuple:
    return (VALUE[card], IS_WILD[card], card)


def auto_action(state: dict, seat: int) -> dict:
    phase = state["phase"]
    hand = state["hands"][seat]
    if phase == "bid":
        fitting = [card for card in one_per_kind(hand) if VALUE[card] <= len(hand) - 2]
        if len(hand) >= 5 and fitting:
            best = max(fitting, key=lambda card: (VALUE[card], not IS_WILD[card], -card))
            return {"type": "bid", "card": best}
        return {"type": "bid", "card": REFILL_NAME}
    if phase == "eagle":
        first, second = state["sealed"][seat]
        best = max((first, second), key=lambda card: -1 if card == REFILL else VALUE[card])
        return {"type": "eagle_choose", "card": REFILL_NAME if best == REFILL else best}
    if phase == "swap":
        return {"type": "no_swap"}
    if phase == "refill":
        return {"type": "done"}
    if phase == "tie_pay":
        return {"type": "tie_pay", "card": min(one_per_kind(hand), key=_low_first)}
    if phase == "tie_reveal":
        return {"type": "reveal", "card": "deck"}
    if phase == "acquire":
        return {"type": "take", "animal": _best_animal(state, seat)}
    if phase == "pay":
        return {"type": "pay", "card": _payment_card(state, seat)}
    raise ValueError(f"no automatic action in phase {phase!r}")


def _bonus_reachable(state: dict, seat: int, species: int) -> bool:
    natural = NATURAL[species]
    if not natural[state["bids"][seat]] or not all(natural[card] for card in state["table"][seat]):
        return False
    return sum(1 for card in state["hands"][seat] if natural[card]) >= still_to_pay(state, seat)


def _best_animal(state: dict, seat: int) -> int:
    coll = state["coll"]
    counts = [len(animals) for animals in coll[seat]]
    base = score_parts(counts, [], 0)["total"]
    best, best_gain = None, None
    seen = set()
    for animal in state["display"]:
        species = ANIMAL_SPECIES[animal]
        if species in seen:
            continue
        seen.add(species)
        counts[species] += 1
        gain = score_parts(counts, [], 0)["total"] - base
        counts[species] -= 1
        holder = state["leaders"][species]
        if holder != seat and all(
            len(coll[other][species]) <= counts[species] + 1 for other in range(state["parts"]) if other != seat
        ):
            gain += PEACOCK_POINTS if species == PEACOCK else LEADER_POINTS
        if _bonus_reachable(state, seat, species):
            gain += NATURAL_BONUS
        if best_gain is None or gain > best_gain:
            best, best_gain = animal, gain
    return best


def _payment_card(state: dict, seat: int) -> int:
    cards = one_per_kind(state["hands"][seat])
    species = ANIMAL_SPECIES[state["taking"]]
    if _bonus_reachable(state, seat, species):
        natural = NATURAL[species]
        return min((card for card in cards if natural[card]), key=_low_first)
    return min(cards, key=_low_first)
