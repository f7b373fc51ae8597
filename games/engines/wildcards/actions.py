"""Player actions: checking and applying them (listing the legal ones: `legal.py`).

Every handler checks the action against the unchanged state first and only
then works on a fork, so a rejected action changes nothing.
"""

from __future__ import annotations

import copy

from games.engines.base import IllegalAction, gettext_noop

from .acquire import next_turn, pass_turn, pay, take
from .cards import (
    ANIMAL_SPECIES,
    EAGLE,
    NUM_ANIMALS,
    NUM_HABITAT_CARDS,
    REFILL,
    REFILL_NAME,
    SPECIES,
    SPECIES_INDEX,
    VALUE,
)
from .legal import Action, legal_actions
from .rounds import (
    choose_eagle_bid,
    close_round,
    finish_refill,
    place_bid,
    prepare_round,
    start_refill_hands,
    start_round,
)
from .state import ROUND_OVER, add_animal, check_leader_loss, claim_leader, event, fork, remove_animal, seen_leaving
from .ties import DECK_CHOICE, choose_reveal, lay_tie_payment

# Parsing ---------------------------------------------------------------------

# Translators: %(key)s is the name of the action's field (card), as the API spells it.
_NOT_A_CARD = gettext_noop("'%(key)s' must be the id of a Habitat card.")
# Translators: %(key)s is the name of the action's field (card), and 'refill' the value that names
# the Refill card, as the API spells them.
_NOT_A_CARD_OR_REFILL = gettext_noop("'%(key)s' must be the id of a Habitat card or 'refill'.")


def _card(action: dict, key: str = "card", refill: bool = False) -> int:
    card = action.get(key)
    if refill and card == REFILL_NAME:
        return REFILL
    if type(card) is not int or not 0 <= card < NUM_HABITAT_CARDS:
        if refill:
            raise IllegalAction(_NOT_A_CARD_OR_REFILL, key=key)
        raise IllegalAction(_NOT_A_CARD, key=key)
    return card


def _in_hand(state: dict, seat: int, card: int) -> None:
    if card == REFILL:
        if not state["refill_in_hand"][seat]:
            raise IllegalAction(gettext_noop("Your Refill hand card is not in your hand."))
    elif card not in state["hands"][seat]:
        raise IllegalAction(gettext_noop("That Habitat card is not in your hand."))


def _hand_card(state: dict, seat: int, action: dict) -> tuple[int, list]:
    """The Habitat card the action names, checked to be in the seat's hand, and that hand."""
    card = action.get("card")
    if type(card) is not int or not 0 <= card < NUM_HABITAT_CARDS:
        raise IllegalAction(_NOT_A_CARD, key="card")
    hand = state["hands"][seat]
    if card not in hand:
        raise IllegalAction(gettext_noop("That Habitat card is not in your hand."))
    return card, hand


# Handlers ----------------------------------------------------------------------


def _bid(state: dict, seat: int, action: dict) -> dict:
    card = action.get("card")
    if card == REFILL_NAME:
        card = REFILL
        if not state["refill_in_hand"][seat]:
            raise IllegalAction(gettext_noop("Your Refill hand card is not in your hand."))
    elif type(card) is not int or not 0 <= card < NUM_HABITAT_CARDS:
        raise IllegalAction(_NOT_A_CARD_OR_REFILL, key="card")
    elif card not in state["hands"][seat]:
        raise IllegalAction(gettext_noop("That Habitat card is not in your hand."))
    to_act = state["to_act"]
    if len(to_act) == 1:  # the last bid reveals them all and runs the round on
        s = fork(state)
        place_bid(s, seat, [card])
        return s
    # The other bids change little: the bidder's hand or Refill card, `sealed` and `to_act`.
    s = state.copy()
    if card == REFILL:
        refill_in_hand = s["refill_in_hand"] = state["refill_in_hand"][:]
        refill_in_hand[seat] = False
    else:
        hands = s["hands"] = state["hands"][:]
        hand = hands[seat] = hands[seat][:]
        hand.remove(card)
    sealed = s["sealed"] = state["sealed"][:]
    sealed[seat] = [card]
    to_act = s["to_act"] = to_act[:]
    to_act.remove(seat)
    return s


def _eagle_bid(state: dict, seat: int, action: dict) -> dict:
    if state["leaders"][EAGLE] != seat:
        raise IllegalAction(gettext_noop("Only the holder of the eagle Leader may bid two cards."))
    cards = action.get("cards")
    if not isinstance(cards, list) or len(cards) != 2:
        raise IllegalAction(gettext_noop("'cards' must list two cards."))
    first = _card({"card": cards[0]}, refill=True)
    second = _card({"card": cards[1]}, refill=True)
    if first == second:
        raise IllegalAction(gettext_noop("Bid two different cards."))
    _in_hand(state, seat, first)
    _in_hand(state, seat, second)
    s = fork(state)
    place_bid(s, seat, [first, second])
    return s


def _eagle_choose(state: dict, seat: int, action: dict) -> dict:
    card = _card(action, refill=True)
    if card not in state["sealed"][seat]:
        raise IllegalAction(gettext_noop("Choose one of your two face-down bid cards."))
    s = fork(state)
    choose_eagle_bid(s, seat, card)
    return s


def _swap(state: dict, seat: int, action: dict) -> dict:
    give = SPECIES_INDEX.get(action.get("give")) if isinstance(action.get("give"), str) else None
    animal = action.get("take")
    if give is None:
        raise IllegalAction(gettext_noop("'give' must be a species: %(species)s."), species=", ".join(SPECIES))
    if not state["coll"][seat][give]:
        raise IllegalAction(gettext_noop("You have no %(species)s in your collection."), species=SPECIES[give])
    if type(animal) is not int or animal not in state["display"]:
        raise IllegalAction(gettext_noop("'take' must be the id of an Animal card on display."))
    if ANIMAL_SPECIES[animal] == give:
        raise IllegalAction(gettext_noop("Swap for an animal of another species."))
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
    card, hand = _hand_card(state, seat, action)
    if len(hand) == 1:  # nothing left to choose: the refill ends
        s = fork(state)
        s["hands"][seat] = []
        s["discard"].append(card)
        s["log"].append({"player": seat, "card": card, "event": "discard"})
        seen_leaving(s, seat, (card,))
        finish_refill(s, seat)
        return s
    s = state.copy()
    hands = s["hands"] = state["hands"][:]
    hand = hands[seat] = hand[:]
    hand.remove(card)
    discard = s["discard"] = state["discard"][:]
    discard.append(card)
    log = s["log"] = state["log"][:]
    log.append({"player": seat, "card": card, "event": "discard"})
    seen_leaving(s, seat, (card,))
    return s


def _done(state: dict, seat: int, action: dict) -> dict:
    s = fork(state)
    finish_refill(s, seat)
    return s


def _tie_pay(state: dict, seat: int, action: dict) -> dict:
    card, hand = _hand_card(state, seat, action)
    # Only the last card of the last payer reveals the payments: the others change little.
    if len(state["to_act"]) > 1:
        s = state.copy()
        s["hands"] = state["hands"][:]
        s["table"] = state["table"][:]
        s["to_act"] = state["to_act"][:]
    else:
        s = fork(state)
    cards = [card]
    if VALUE[state["bids"][seat]] - 1 - len(state["table"][seat]) == len(hand):  # the last cards are forced
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
    if type(animal) is not int or not 0 <= animal < NUM_ANIMALS:
        raise IllegalAction(gettext_noop("'animal' must be the id of an Animal card on display."))
    if animal not in state["display"]:
        raise IllegalAction(gettext_noop("That animal is no longer on display."))
    need = VALUE[state["bids"][seat]] - 1 - len(state["table"][seat])
    if 0 < need < len(state["hands"][seat]):  # the payment follows: only the display changes now
        s = state.copy()
        display = s["display"] = state["display"][:]
        display.remove(animal)
        s["taking"] = animal
        s["phase"] = "pay"  # same turn, same wait
        return s
    s = fork(state)
    take(s, seat, animal)
    return s


def _pass(state: dict, seat: int, action: dict) -> dict:
    s = fork(state)
    pass_turn(s, seat)
    next_turn(s)
    return s


def _pay(state: dict, seat: int, action: dict) -> dict:
    card, hand = _hand_card(state, seat, action)
    paid = state["table"][seat]
    left = VALUE[state["bids"][seat]] - 2 - len(paid)
    if 0 < left < len(hand) - 1:  # more to pay, and a choice left: only hand and payment change
        s = state.copy()
        hands = s["hands"] = state["hands"][:]
        hand = hands[seat] = hand[:]
        hand.remove(card)
        table = s["table"] = state["table"][:]
        table[seat] = [*paid, card]
        seen_leaving(s, seat, (card,))
        return s
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


# Each action's keys: an action is exactly these (a key of its own would be stored in the log as sent).
KEYS = {
    "bid": {"type", "card"},
    "eagle_bid": {"type", "cards"},
    "eagle_choose": {"type", "card"},
    "swap": {"type", "give", "take"},
    "no_swap": {"type"},
    "discard": {"type", "card"},
    "done": {"type"},
    "tie_pay": {"type", "card"},
    "reveal": {"type", "card"},
    "take": {"type", "animal"},
    "pass": {"type"},
    "pay": {"type", "card"},
}

_NO_HANDLERS: dict = {}


def apply(state: dict, seat: int, action: dict) -> dict:
    return _settled(_handled(state, seat, action))


def _handled(state: dict, seat: int, action: dict) -> dict:
    """The state after the action, checked; the acquisition's last turn leaves it at `ROUND_OVER`."""
    # The usual case first: a listed action (built by `legal_actions`, so its keys are right) or
    # a plain dict with exactly its action's keys, with a str type from a seat that must act (a
    # finished game waits for nobody, so `to_act` also says it is not over).
    if (type(action) is Action or type(action) is dict) and type(seat) is int and seat in state["to_act"]:
        kind = action.get("type")
        if type(kind) is str:
            handler = HANDLERS[state["phase"]].get(kind)
            if handler is not None and (type(action) is Action or action.keys() == KEYS[kind]):
                return handler(state, seat, action)
    if not isinstance(action, dict):
        raise IllegalAction(gettext_noop("An action must be a dictionary with a 'type'."))
    if state["over"]:
        raise IllegalAction(gettext_noop("The game is over."))
    if type(seat) is not int or seat not in state["to_act"]:
        raise IllegalAction(gettext_noop("It is not your turn to act."))
    kind = action.get("type")
    handlers = HANDLERS.get(state["phase"], _NO_HANDLERS)
    handler = handlers.get(kind) if type(kind) is str else None
    if handler is None:
        raise IllegalAction(
            gettext_noop("You cannot do %(kind)s now; possible: %(possible)s."),
            kind=repr(kind),
            # This seat's moves, not every move of the phase (the Eagle's bid is its holder's alone).
            possible=", ".join(dict.fromkeys(move["type"] for move in legal_actions(state, seat))),
        )
    if set(action) != KEYS[kind]:
        raise IllegalAction(
            gettext_noop("A '%(kind)s' action has exactly the keys: %(keys)s."),
            kind=kind,
            keys=", ".join(sorted(KEYS[kind])),
        )
    return handler(state, seat, action)


def _settled(state: dict) -> dict:
    """Run the step no player acts in: after the acquisition's last turn, the next round (or the end)."""
    if state["phase"] == ROUND_OVER:
        prepare_round(state)
    return state


def apply_steps(state: dict, seat: int, action: dict) -> list[dict]:
    """The states the table passes through in one action; the last is `apply`'s.

    An action that ends the acquisition also runs the end of the round, and the next round's
    log replaces the round's: before the new round's state come the round's last turn played
    (payments still beside the bids) and the round cleared away (its log complete: the last
    passes, the Ibex's take-back, the Talisman moving on, the end of the game). Presenters
    read their views to tell all of it; states and logs are the same as `apply`'s.
    """
    state = _handled(state, seat, action)
    if state["phase"] != ROUND_OVER:
        return [state]
    played = copy.deepcopy(state)
    close_round(state)
    if state["over"]:
        return [played, state]
    cleared = copy.deepcopy(state)
    start_round(state)
    return [played, cleared, state]
