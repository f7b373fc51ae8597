"""Legal actions, listed from action dicts built once at import.

A random 5-player game lists about a thousand actions; building each dict
anew was most of legal_actions' cost. The shared dicts are read-only (`Action`,
`Cards`) so a caller that changed one could not spoil every later list;
copies (`dict(action)`, `copy.deepcopy`, pickle, JSON) are plain data again.
Interchangeable cards (same habitat and value) are offered once: the first
card of each kind in hand order; `apply` accepts any card of the hand.
"""

from __future__ import annotations

from .cards import ANIMAL_SPECIES, EAGLE, KIND, NUM_ANIMALS, NUM_HABITAT_CARDS, REFILL, REFILL_NAME, SPECIES


def _read_only(self, *args, **kwargs):
    raise TypeError("legal actions are shared and read-only: copy one to change it")


class Action(dict):
    """A dict that refuses changes; equal to, and serialised like, the plain dict."""

    __slots__ = ()
    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _read_only

    def __reduce__(self):
        return dict, (dict(self),)


class Cards(list):
    """The read-only card list of an `eagle_bid`."""

    __slots__ = ()
    __setitem__ = __delitem__ = __iadd__ = __imul__ = append = clear = extend = insert = _read_only
    pop = remove = reverse = sort = _read_only

    def __reduce__(self):
        return list, (list(self),)


# Tables indexed by card id; the Refill card (REFILL = -1) is the last entry of each.
_NAMES = (*range(NUM_HABITAT_CARDS), REFILL_NAME)
assert _NAMES[REFILL] == REFILL_NAME


def _per_card(kind: str) -> tuple[Action, ...]:
    return tuple(Action(type=kind, card=name) for name in _NAMES)


_BID, _DISCARD, _TIE_PAY, _REVEAL, _PAY = map(_per_card, ("bid", "discard", "tie_pay", "reveal", "pay"))
_EAGLE_CHOOSE = _per_card("eagle_choose")
# _EAGLE_BID[a][b]: bid cards a and b (ids, REFILL last), in that order.
_EAGLE_BID = tuple(tuple(Action(type="eagle_bid", cards=Cards((a, b))) for b in _NAMES) for a in _NAMES)
_TAKE = tuple(Action(type="take", animal=animal) for animal in range(NUM_ANIMALS))
# _SWAP[give][animal]: give a species, take an animal on display.
_SWAP = tuple(
    tuple(Action(type="swap", give=SPECIES[give], take=animal) for animal in range(NUM_ANIMALS))
    for give in range(len(SPECIES))
)
_BID_REFILL, _DONE, _NO_SWAP, _PASS = _BID[REFILL], Action(type="done"), Action(type="no_swap"), Action(type="pass")
_REVEAL_DECK = Action(type="reveal", card="deck")

_KIND_BIT: tuple[int, ...] = tuple(1 << kind for kind in KIND)
_SPECIES_BIT: tuple[int, ...] = tuple(1 << species for species in ANIMAL_SPECIES)


def one_per_kind(cards: list[int]) -> list[int]:
    """Interchangeable cards (same habitat and value) are offered once: the first of each kind."""
    seen = 0
    chosen = []
    for card in cards:
        bit = _KIND_BIT[card]
        if not seen & bit:
            seen |= bit
            chosen.append(card)
    return chosen


def _hand_lister(table: tuple[Action, ...], last: Action | None = None):
    """A phase's lister: `table`'s action for the first card of each kind in hand, then `last`.

    One function per phase (not a helper called by it): the common phases list from hands,
    and a call less per listing is measurable.
    """

    def lister(state: dict, seat: int) -> list[Action]:
        seen = 0
        actions = []
        for card in state["hands"][seat]:
            bit = _KIND_BIT[card]
            if not seen & bit:
                seen |= bit
                actions.append(table[card])
        if last is not None:
            actions.append(last)
        return actions

    return lister


def _legal_bid(state: dict, seat: int) -> list[Action]:
    hand = state["hands"][seat]
    seen = 0
    actions = []
    for card in hand:  # a `_hand_lister` loop, inline: a third of all listings are bids
        bit = _KIND_BIT[card]
        if not seen & bit:
            seen |= bit
            actions.append(_BID[card])
    actions.append(_BID_REFILL)
    if state["leaders"][EAGLE] == seat:
        # Two cards of different kinds (the Refill card is a kind of its own), then two of one kind.
        by_kind: dict[int, list[int]] = {}
        for card in hand:
            by_kind.setdefault(KIND[card], []).append(card)
        names = [cards[0] for cards in by_kind.values()]
        names.append(REFILL)
        # One comprehension for all ~20 pairs (the eagle holder lists them every round).
        actions += [_EAGLE_BID[first][second] for i, first in enumerate(names, 1) for second in names[i:]]
        actions += [_EAGLE_BID[cards[0]][cards[1]] for cards in by_kind.values() if len(cards) > 1]
    return actions


def _legal_eagle(state: dict, seat: int) -> list[Action]:
    return [_EAGLE_CHOOSE[card] for card in state["sealed"][seat]]


def _legal_swap(state: dict, seat: int) -> list[Action]:
    mine = state["coll"][seat]
    actions = [_NO_SWAP]
    seen = 0
    # With Leo, who takes the animal closest to the deck, the copy swapped away decides what
    # he takes: every copy is a choice of its own. Without him copies are interchangeable.
    every_copy = state["leo"] is not None
    for animal in state["display"]:
        bit = _SPECIES_BIT[animal]
        if seen & bit and not every_copy:
            continue
        seen |= bit
        taken = ANIMAL_SPECIES[animal]
        actions += [_SWAP[give][animal] for give in range(len(mine)) if mine[give] and give != taken]
    return actions


def _legal_acquire(state: dict, seat: int) -> list[Action]:
    seen = 0
    actions = []
    leo = state["leo"]
    if leo is None or leo not in state["order"][state["turn"] + 1 :]:
        for animal in state["display"]:  # one animal per species: copies are interchangeable
            bit = _SPECIES_BIT[animal]
            if not seen & bit:
                seen |= bit
                actions.append(_TAKE[animal])
    else:
        # Leo, still to take this round, takes the animal closest to the deck, so which copy is
        # taken changes what he takes: one choice per run of neighbouring copies (taking either of two
        # neighbours leaves the same display).
        previous = -1
        for animal in state["display"]:
            species = ANIMAL_SPECIES[animal]
            if species != previous:
                actions.append(_TAKE[animal])
            previous = species
    actions.append(_PASS)
    return actions


_LEGAL = {
    "bid": _legal_bid,
    "eagle": _legal_eagle,
    "swap": _legal_swap,
    "refill": _hand_lister(_DISCARD, _DONE),
    "tie_pay": _hand_lister(_TIE_PAY),
    "tie_reveal": _hand_lister(_REVEAL, _REVEAL_DECK),
    "acquire": _legal_acquire,
    "pay": _hand_lister(_PAY),
}


def legal_actions(state: dict, seat: int) -> list[dict]:
    # Nobody acts in a finished game (`to_act` is then empty), and every phase with
    # someone to act has a lister.
    if seat not in state["to_act"]:
        return []
    return _LEGAL[state["phase"]](state, seat)


def forced_action(state: dict, seat: int) -> Action | None:
    """The seat's only move, when the whole table can tell (every hand's size is in sight): an
    empty hand bids the Refill card (the Eagle's holder too: two cards need a Habitat card), and
    reveals from the deck in a 2020 tie. Other moves without a choice the engine makes itself."""
    if seat not in state["to_act"] or state["hands"][seat]:
        return None
    phase = state["phase"]
    if phase == "bid":
        return _BID_REFILL
    if phase == "tie_reveal":
        return _REVEAL_DECK
    return None
