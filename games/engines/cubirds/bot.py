"""`auto_action`: the timeout default, also the simple bot.

- lay: the lay that encloses the most birds; on a tie, the species with the
  fewest birds in hand (keeping growing families), then the menu order.
- draw: always draw (more birds, more families).
- family: a family that wins at once; else the one that adds the most birds to
  the collection, preferring a species not yet collected; else no family.
"""

from __future__ import annotations

from games.engines.base import Action, IllegalAction, State
from games.engines.cubirds.cards import CARD_SPECIES, LARGE, ORDER, species_counts
from games.engines.cubirds.rules import family_species, legal_actions
from games.engines.cubirds.scoring import winning_collection


def auto_action(state: State, seat: int) -> Action:
    legal = legal_actions(state, seat)
    if not legal:
        raise IllegalAction(f"Seat {seat} has nothing to do now.")
    step = state["step"]
    if step == "draw":
        return {"type": "draw"}
    hand = state["hands"][seat]
    counts = species_counts(hand)
    if step == "lay":
        # Each row's first and last bird of each species, found once for all the lays on the menu.
        ends = [_ends(row) for row in state["rows"]]
        return max(legal, key=lambda action: (_enclosed(ends, action), -counts[action["species"]]))
    collection = state["collections"][seat]
    collected = species_counts(collection)
    best = None
    best_key = None
    for name in family_species(hand):
        keep = 2 if counts[name] >= LARGE[name] else 1
        wins = winning_collection(collection + [card for card in hand if CARD_SPECIES[card] == name][:keep])
        key = (wins is not None, keep, name not in collected, -ORDER[name])
        if best_key is None or key > best_key:
            best, best_key = name, key
    return {"type": "family", "species": best} if best else {"type": "no_family"}


def _ends(row: list[str]) -> tuple[int, dict[str, tuple[int, int]]]:
    """The row's length, and each species' first and last place in it."""
    ends: dict[str, tuple[int, int]] = {}
    for index, card in enumerate(row):
        name = CARD_SPECIES[card]
        first = ends.get(name)
        ends[name] = (index, index) if first is None else (first[0], index)
    return len(row), ends


def _enclosed(ends: list[tuple[int, dict]], action: Action) -> int:
    """How many birds a lay would take from its row."""
    length, places = ends[action["row"]]
    span = places.get(action["species"])
    if span is None:
        return 0
    return span[0] if action["side"] == "left" else length - 1 - span[1]
