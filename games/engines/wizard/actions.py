"""The legal actions of a seat, handed out from dicts built once.

Every decision of every game (and of every search) asks for this menu, so each possible
action exists once as a `SharedAction` (read-only): a menu is a list of them, in the order
the rules give (a hand's canonical order, suits in data order, bids from 0).
"""

from __future__ import annotations

from games.engines.base import Action, SharedAction, State
from games.engines.wizard.cards import DECK, SUIT, SUIT_CARDS, SUITS, VALUE
from games.engines.wizard.rules import forbidden_bid

PLAY: dict[str, Action] = {card: SharedAction(type="play", card=card) for card in DECK}
TRUMP_CHOICES: tuple[Action, ...] = tuple(SharedAction(type="choose_trump", suit=suit) for suit in SUITS)
# Bids up to a whole deck dealt to one seat, more than any round has.
BIDS: tuple[Action, ...] = tuple(SharedAction(type="bid", bid=bid) for bid in range(len(DECK) + 1))
_play_action = PLAY.__getitem__
# What may be played on a led suit by a hand that holds it: that suit, Wizards and Jesters.
_FOLLOWS: dict[str, frozenset[str]] = {
    suit: frozenset(card for card in DECK if SUIT[card] in (suit, None)) for suit in SUITS
}


def legal_actions(state: State, seat: int) -> list[Action]:
    """The seat's menu: empty unless it must act now."""
    phase = state["phase"]
    if phase == "play":
        if seat != state["turn"]:
            return []
        hand = state["hands"][seat]
        for _seat, card in state["trick"]:
            if VALUE[card]:  # the first card that is not a Jester sets the suit to follow
                led = SUIT[card]  # None for a Wizard: anything goes
                if led is not None and not SUIT_CARDS[led].isdisjoint(hand):
                    follows = _FOLLOWS[led]
                    return [PLAY[held] for held in hand if held in follows]
                break
        return list(map(_play_action, hand))
    if phase == "bid":
        options = state["options"]
        if options["blind_bids"] or options["hidden_bids"]:  # sealed_bids
            if seat not in [who for who, bid in enumerate(state["bids"]) if bid is None]:
                return []
        elif seat != state["turn"]:
            return []
        menu = list(BIDS[: state["hand_size"] + 1])
        if options["bid_sum_restriction"]:
            banned = forbidden_bid(state, seat)
            if banned is not None:
                del menu[banned]
        return menu
    if phase == "choose_trump" and seat == state["turn"]:
        return list(TRUMP_CHOICES)
    return []
