"""Player actions: checking them, applying them, and listing the legal ones.

Every handler checks the action against the unchanged state first and only
then works on a fork, so a rejected action changes nothing.
"""

from __future__ import annotations

from games.engines.base import IllegalAction

from .acquire import next_turn, pass_turn, pay, still_to_pay, take
from .cards import (
    ANIMAL_SPECIES,
    EAGLE,
    KIND,
    NUM_ANIMALS,
    NUM_HABITAT_CARDS,
    REFILL,
    REFILL_NAME,
    SPECIES,
    SPECIES_INDEX,
)
from .rounds import choose_eagle_bid, finish_refill, place_bid, start_refill_hands
from .state import add_animal, check_leader_loss, claim_leader, event, fork, own_hand, remove_animal
from .ties import DECK_CHOICE, choose_reveal, lay_tie_payment

# Parsing ---------------------------------------------------------------------


def _card(action: dict, key: str = "card", refill: bool = False) -> int:
    card = action.get(key)
    if refill and card == REFILL_NAME:
        return REFILL
    if type(card) is not int or not 0 <= card < NUM_HABITAT_CARDS:
        raise IllegalAction(f"'{key}' must be the id of a Habitat card" + (" or 'refill'." if refill else "."))
    return card


def _in_hand(state: dict, seat: int, card: int) -> None:
    if card == REFILL:
        if not state["refill_in_hand"][seat]:
            raise IllegalAction("Your Refill hand card is not in your hand.")
    elif card not in state["hands"][seat]:
        raise IllegalAction("That Habitat card is not in your hand.")


# Handlers ----------------------------------------------------------------------


def _bid(state: dict, seat: int, action: dict) -> dict:
    card = _card(action, refill=True)
    _in_hand(state, seat, card)
    # Only the last bid reveals them all (and runs the round on): the others change little.
    if len(state["to_act"]) > 1:
        s = state.copy()
        s["hands"] = state["hands"][:]
        s["to_act"] = state["to_act"][:]
    else:
        s = fork(state)
    place_bid(s, seat, [card])
    return s


def _eagle_bid(state: dict, seat: int, action: dict) -> dict:
    if state["leaders"][EAGLE] != seat:
        raise IllegalAction("Only the holder of the eagle Leader may bid two cards.")
    cards = action.get("cards")
    if not isinstance(cards, list) or len(cards) != 2:
        raise IllegalAction("'cards' must list two cards.")
    first = _card({"card": cards[0]}, refill=True)
    second = _card({"card": cards[1]}, refill=True)
    if first == second:
        raise IllegalAction("Bid two different cards.")
    _in_hand(state, seat, first)
    _in_hand(state, seat, second)
    s = fork(state)
    place_bid(s, seat, [first, second])
    return s


def _eagle_choose(state: dict, seat: int, action: dict) -> dict:
    card = _card(action, refill=True)
    if card not in state["sealed"][seat]:
        raise IllegalAction("Choose one of your two face-down bid cards.")
    s = fork(state)
    choose_eagle_bid(s, seat, card)
    return s


def _swap(state: dict, seat: int, action: dict) -> dict:
    give = SPECIES_INDEX.get(action.get("give")) if isinstance(action.get("give"), str) else None
    animal = action.get("take")
    if give is None:
        raise IllegalAction(f"'give' must be a species: {', '.join(SPECIES)}.")
    if not state["coll"][seat][give]:
        raise IllegalAction(f"You have no {SPECIES[give]} in your collection.")
    if type(animal) is not int or animal not in state["display"]:
        raise IllegalAction("'take' must be the id of an Animal card on display.")
    if ANIMAL_SPECIES[animal] == give:
        raise IllegalAction("Swap for an animal of another species.")
    s = fork(state)
    given = remove_animal(s, seat, give)
    display = s["display"]
    display[display.index(animal)] = given
    add_animal(s, seat, animal)
    taken = ANIMAL_SPECIES[animal]
    event(s, "swap", player=seat, gave=SPECIES[give], took=SPECIES[taken], given_animal=given, taken_animal=animal)
    claim_leader(s, seat, taken)
    check_leader_loss(s, seat, give)
    start_refill_hands(s)
    return s


def _no_swap(state: dict, seat: int, action: dict) -> dict:
    s = fork(state)
    start_refill_hands(s)
    return s


def _discard(state: dict, seat: int, action: dict) -> dict:
    card = _card(action)
    _in_hand(state, seat, card)
    if len(state["hands"][seat]) > 1:
        s = state.copy()
        s["hands"] = state["hands"][:]
        s["discard"] = state["discard"][:]
        s["log"] = state["log"][:]
    else:
        s = fork(state)
    hand = own_hand(s, seat)
    hand.remove(card)
    s["discard"].append(card)
    s["log"].append({"player": seat, "card": card, "event": "discard"})
    if not hand:
        finish_refill(s, seat)  # nothing left to choose
    return s


def _done(state: dict, seat: int, action: dict) -> dict:
    s = fork(state)
    finish_refill(s, seat)
    return s


def _tie_pay(state: dict, seat: int, action: dict) -> dict:
    card = _card(action)
    _in_hand(state, seat, card)
    # Only the last card of the last payer reveals the payments: the others change little.
    if len(state["to_act"]) > 1:
        s = state.copy()
        s["hands"] = state["hands"][:]
        s["table"] = state["table"][:]
        s["to_act"] = state["to_act"][:]
    else:
        s = fork(state)
    hand = s["hands"][seat]
    cards = [card]
    if still_to_pay(s, seat) == len(hand):  # the last cards are forced
        cards = hand[:]
        cards.remove(card)
        cards.insert(0, card)
    lay_tie_payment(s, seat, cards)
    return s


def _reveal(state: dict, seat: int, action: dict) -> dict:
    if action.get("card") == "deck":
        card = DECK_CHOICE
    else:
        card = _card(action)
        _in_hand(state, seat, card)
    s = fork(state)
    choose_reveal(s, seat, card)
    return s


def _take(state: dict, seat: int, action: dict) -> dict:
    animal = action.get("animal")
    if type(animal) is not int or not 0 <= animal < NUM_ANIMALS or animal not in state["display"]:
        raise IllegalAction("'animal' must be the id of an Animal card on display.")
    need = still_to_pay(state, seat)
    if 0 < need < len(state["hands"][seat]):  # the payment follows: only the display changes now
        s = state.copy()
        s["display"] = state["display"][:]
    else:
        s = fork(state)
    take(s, seat, animal)
    return s


def _pass(state: dict, seat: int, action: dict) -> dict:
    s = fork(state)
    pass_turn(s, seat)
    next_turn(s)
    return s


def _pay(state: dict, seat: int, action: dict) -> dict:
    card = _card(action)
    _in_hand(state, seat, card)
    left = still_to_pay(state, seat) - 1
    if 0 < left < len(state["hands"][seat]) - 1:
        s = state.copy()
        s["hands"] = state["hands"][:]
        s["table"] = state["table"][:]
    else:
        s = fork(state)
    pay(s, seat, card)
    return s


HANDLERS = {
    "bid": {"bid": _bid, "eagle_bid": _eagle_bid},
    "eagle": {"eagle_choose": _eagle_choose},
    "swap": {"swap": _swap, "no_swap": _no_swap},
    "refill": {"discard": _discard, "done": _done},
    "tie_pay": {"tie_pay": _tie_pay},
    "tie_reveal": {"reveal": _reveal},
    "acquire": {"take": _take, "pass": _pass},
    "pay": {"pay": _pay},
}


def apply(state: dict, seat: int, action: dict) -> dict:
    if not isinstance(action, dict):
        raise IllegalAction("An action must be a dictionary with a 'type'.")
    if state["over"]:
        raise IllegalAction("The game is over.")
    if type(seat) is not int or seat not in state["to_act"]:
        raise IllegalAction("It is not your turn to act.")
    kind = action.get("type")
    handlers = HANDLERS.get(state["phase"], {})
    handler = handlers.get(kind) if type(kind) is str else None
    if handler is None:
        raise IllegalAction(f"You cannot do {kind!r} now; possible: {', '.join(handlers)}.")
    return handler(state, seat, action)


# Legal actions -------------------------------------------------------------------


def one_per_kind(cards: list[int]) -> list[int]:
    """Interchangeable cards (same habitat and value) are offered once."""
    seen = set()
    chosen = []
    for card in cards:
        kind = KIND[card]
        if kind not in seen:
            seen.add(kind)
            chosen.append(card)
    return chosen


def legal_actions(state: dict, seat: int) -> list[dict]:
    if state["over"] or seat not in state["to_act"]:
        return []
    phase = state["phase"]
    hand = state["hands"][seat]
    if phase == "bid":
        by_kind: dict[int, list[int]] = {}
        for card in hand:
            by_kind.setdefault(KIND[card], []).append(card)
        names = [cards[0] for cards in by_kind.values()]
        actions = [{"type": "bid", "card": card} for card in names]
        actions.append({"type": "bid", "card": REFILL_NAME})
        if state["leaders"][EAGLE] == seat:
            names.append(REFILL_NAME)
            actions += [
                {"type": "eagle_bid", "cards": [names[i], names[j]]}
                for i in range(len(names))
                for j in range(i + 1, len(names))
            ]
            actions += [{"type": "eagle_bid", "cards": cards[:2]} for cards in by_kind.values() if len(cards) > 1]
        return actions
    if phase == "eagle":
        return [{"type": "eagle_choose", "card": REFILL_NAME if c == REFILL else c} for c in state["sealed"][seat]]
    if phase == "swap":
        mine = state["coll"][seat]
        actions = [{"type": "no_swap"}]
        seen = set()
        for animal in state["display"]:
            taken = ANIMAL_SPECIES[animal]
            if taken in seen:
                continue
            seen.add(taken)
            actions += [
                {"type": "swap", "give": SPECIES[give], "take": animal}
                for give in range(len(mine))
                if mine[give] and give != taken
            ]
        return actions
    if phase == "refill":
        actions = [{"type": "discard", "card": card} for card in one_per_kind(hand)]
        actions.append({"type": "done"})
        return actions
    if phase == "tie_pay":
        return [{"type": "tie_pay", "card": card} for card in one_per_kind(hand)]
    if phase == "tie_reveal":
        actions = [{"type": "reveal", "card": card} for card in one_per_kind(hand)]
        actions.append({"type": "reveal", "card": "deck"})
        return actions
    if phase == "acquire":
        seen = set()
        actions = []
        for animal in state["display"]:
            if ANIMAL_SPECIES[animal] not in seen:
                seen.add(ANIMAL_SPECIES[animal])
                actions.append({"type": "take", "animal": animal})
        actions.append({"type": "pass"})
        return actions
    if phase == "pay":
        return [{"type": "pay", "card": card} for card in one_per_kind(hand)]
    return []
