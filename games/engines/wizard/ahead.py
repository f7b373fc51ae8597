"""Answers ahead in Wizard: what a seat not yet called may answer now, and which answer applies
when it is called.

A phase is one call of a seat: its bid in a round (`r3:bid`), its card in a trick (`r3:t2`,
tricks counted from 0). A case says what will then be public:
- a card by what is led: the suit to follow (set by the first card that is not a Jester, as
  the rules say), `wizard` (a Wizard came first: anything goes), `jester` (only Jesters so far),
  or `any` (whatever is led); `lead` when the seat leads the trick (for the trick after this
  one: if it wins this one);
- a bid by the sum of the bids before it (`sum:3`), or `any`.
Only bids in turn are answered ahead: sealed bids call every seat at once. A card is named only
from the seat's own hand, and only while the seat sees that hand (not under clairvoyance's bids).
"""

from __future__ import annotations

from games.engines.base import Action, State
from games.engines.wizard.actions import BIDS, PLAY
from games.engines.wizard.cards import SUIT, SUIT_CARDS, SUITS, VALUE
from games.engines.wizard.options import sealed_bids
from games.engines.wizard.view import hand_visible

ANY = "any"
LEAD = "lead"
WIZARD = "wizard"
JESTER = "jester"
# Every case a card may be answered for, in the order a page or a mail lists them.
CARD_CASES: tuple[str, ...] = (*SUITS, WIZARD, JESTER, ANY)


def bid_phase(state: State) -> str:
    return f"r{state['round']}:bid"


def trick_phase(state: State, trick_number: int) -> str:
    return f"r{state['round']}:t{trick_number}"


def cases(state: State, seat: int) -> list[dict]:
    """The cases `seat` may answer now, each {"phase", "case", "moves"}: its bid while others bid
    before it, its card for a trick others lead or play to before it, its lead of the next trick."""
    phase = state["phase"]
    found: list[dict] = []
    if phase == "bid" and not sealed_bids(state["options"]) and state["bids"][seat] is None:
        if seat != state["turn"]:
            found += _bid_cases(state, seat)
        if hand_visible(state, seat, seat):
            found += _card_cases(state, seat, 0, [])
    elif phase == "play" and hand_visible(state, seat, seat):
        number, trick = state["trick_number"], state["trick"]
        if seat != state["turn"] and all(who != seat for who, _card in trick):
            found += _card_cases(state, seat, number, trick)
        # The next trick's lead, if this one is won: any card now held (one of them goes now).
        # Not when its card would be the seat's last (the site plays that itself), nor once
        # another seat has played a Wizard to this trick (the first Wizard wins it).
        first_wizard = next((who for who, card in trick if VALUE[card] and SUIT[card] is None), seat)
        if state["hand_size"] - (number + 1) > 1 and first_wizard == seat:
            moves = [PLAY[card] for card in state["hands"][seat]]
            found.append({"phase": trick_phase(state, number + 1), "case": LEAD, "moves": moves})
    return found


def facts(state: State, seat: int) -> tuple[str, list[str]] | None:
    """When `seat` is called: its phase, and the cases that hold, the most particular first."""
    phase = state["phase"]
    if phase == "bid" and not sealed_bids(state["options"]):
        return bid_phase(state), [f"sum:{sum(bid for bid in state['bids'] if bid is not None)}", ANY]
    if phase == "play":
        trick = state["trick"]
        if not trick:
            return trick_phase(state, state["trick_number"]), [LEAD]
        return trick_phase(state, state["trick_number"]), [_led(trick), ANY]
    return None


def _led(trick: list) -> str:
    for _seat, card in trick:
        if VALUE[card]:
            return SUIT[card] or WIZARD
    return JESTER


def _bid_cases(state: State, seat: int) -> list[dict]:
    n, size = state["num_players"], state["hand_size"]
    known = sum(bid for bid in state["bids"] if bid is not None)
    between = (seat - state["turn"]) % n  # seats still to bid before this one
    sums = range(known, known + between * size + 1)
    every = list(BIDS[: size + 1])
    return [{"phase": bid_phase(state), "case": f"sum:{total}", "moves": every} for total in sums] + [
        {"phase": bid_phase(state), "case": ANY, "moves": every}
    ]


def _card_cases(state: State, seat: int, number: int, trick: list) -> list[dict]:
    """The cases of the trick `number` for a seat that will play to it after others."""
    hand = state["hands"][seat]
    if len(hand) == 1:
        return []  # its last card: the site plays it itself (`forced_action`)
    phase = trick_phase(state, number)
    if trick and any(VALUE[card] for _who, card in trick):
        led = [_led(trick)]  # the suit to follow is known already
    else:
        led = [*SUITS, WIZARD, JESTER]
    if not trick and state["phase"] == "bid" and state["leader"] == seat:
        return [{"phase": phase, "case": LEAD, "moves": [PLAY[card] for card in hand]}]
    if not trick and state["phase"] == "play" and state["turn"] == seat:
        return []
    found = [{"phase": phase, "case": case, "moves": _playable(hand, case)} for case in led]
    return found + [{"phase": phase, "case": ANY, "moves": [PLAY[card] for card in hand]}]


def _playable(hand: list[str], case: str) -> list[Action]:
    """The cards of `hand` that may be played when `case` is led."""
    if case in SUITS and not SUIT_CARDS[case].isdisjoint(hand):
        return [PLAY[card] for card in hand if SUIT[card] in (case, None)]
    return [PLAY[card] for card in hand]


def round_key(state: State) -> str:
    """The round, as a delegate for its card play names it ("r3")."""
    return f"r{state['round']}"


def card_play(state: State, seat: int) -> bool:
    """Whether what `seat` is asked now is a card of the round's play (a delegate for the card
    play makes it; bids and the trump stay the player's)."""
    return state["phase"] == "play"
