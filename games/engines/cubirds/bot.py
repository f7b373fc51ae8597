"""`auto_action`: the timeout default, also the simple bot.

- lay: the lay that encloses the most birds; on a tie, the species with the
  fewest birds in hand (keeping growing families), then the menu order.
- draw: always draw (more birds, more families).
- family: a family that wins at once; else the one that adds the most birds to
  the collection, preferring a species not yet collected; else no family.
"""

from __future__ import annotations

from games.engines.base import Action, IllegalAction, State, gettext_noop
from games.engines.cubirds.cards import CARD_SPECIES, LARGE, ORDER, species_counts
from games.engines.cubirds.rules import LAYS, family_species
from games.engines.cubirds.scoring import winning_collection

_species_of = CARD_SPECIES.__getitem__


def auto_action(state: State, seat: int) -> Action:
    # The menu is empty exactly when it is not this seat's turn (a turn starts with birds in
    # hand): said without building it, as rollouts call this at every step.
    if state["over"] or seat != state["player"]:
        raise IllegalAction(gettext_noop("Seat %(seat)s has nothing to do now."), seat=seat)
    step = state["step"]
    if step == "draw":
        return {"type": "draw"}
    hand = state["hands"][seat]
    counts = species_counts(hand)
    if step == "lay":
        if not counts:
            raise IllegalAction(gettext_noop("Seat %(seat)s has nothing to do now."), seat=seat)
        return _best_lay(state["rows"], counts)
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


def _best_lay(rows: list[list[str]], counts: dict[str, int]) -> Action:
    """The first lay of the menu with the most birds enclosed, then the fewest in hand.

    The same lay as `max` over the menu, without building the menu: rollouts lay at every
    turn, so this is most of a search's time.
    """
    # Each row's species from the left and from the right, for the nearest bird either side.
    named = [(names, names[::-1]) for names in (list(map(_species_of, row)) for row in rows)]
    best, best_enclosed, best_count = None, -1, 0
    for name, count in counts.items():  # species in the menu's order, then rows, then sides
        lays = LAYS[name]
        for index, (names, backwards) in enumerate(named):
            if name in names:
                left, right = names.index(name), backwards.index(name)
            else:
                left = right = 0
            if left > best_enclosed or (left == best_enclosed and count < best_count):
                best, best_enclosed, best_count = lays[2 * index], left, count
            if right > best_enclosed or (right == best_enclosed and count < best_count):
                best, best_enclosed, best_count = lays[2 * index + 1], right, count
    return best
