"""The rules of a trick ("Giocare") and of a bid ("Dichiarare"), as pure functions.

A trick is a list of [seat, card] pairs in the order played.
"""

from __future__ import annotations

from games.engines.wizard.cards import JESTER_VALUE, SUIT, VALUE, WIZARD_VALUE


def led_suit(trick: list) -> str | None:
    """The suit to follow: that of the first card that is not a Jester.

    None when the trick is empty, holds only Jesters so far, or the first
    non-Jester is a Wizard (then anything may be played).
    """
    for _seat, card in trick:
        value = VALUE[card]
        if value == JESTER_VALUE:
            continue
        if value == WIZARD_VALUE:
            return None
        return SUIT[card]
    return None


def legal_cards(hand: list[str], trick: list) -> list[str]:
    """Cards of `hand` that may be played: follow the led suit if possible.

    Wizards and Jesters may always be played, even by a player who could follow.
    """
    suit = led_suit(trick) if trick else None
    if suit is None:
        return list(hand)
    allowed = [card for card in hand if SUIT[card] in (suit, None)]
    # Only Wizards and Jesters allowed means the player cannot follow: anything goes.
    if all(SUIT[card] is None for card in allowed):
        return list(hand)
    return allowed


def trick_winner(trick: list, trump: str | None, dark_wizard: bool = False, monocolor: bool = False) -> int:
    """The seat that wins a complete trick.

    A: the first Wizard (the last one with the dark Wizard variant);
    B: else the highest trump; C: else the highest card of the led suit;
    only Jesters: the first Jester. Monocolor has no trump: the highest card
    of any suit wins, and of equal cards the one played first.
    """
    wizards = [seat for seat, card in trick if VALUE[card] == WIZARD_VALUE]
    if wizards:
        return wizards[-1] if dark_wizard else wizards[0]
    if monocolor:
        best_seat, best_value = trick[0][0], VALUE[trick[0][1]]
        for seat, card in trick:
            if VALUE[card] > best_value:  # strictly higher: ties stay with the earlier card
                best_seat, best_value = seat, VALUE[card]
        return best_seat
    for suit in (trump, led_suit(trick)):
        if suit is None:
            continue
        best_seat, best_value = None, -1
        for seat, card in trick:
            if SUIT[card] == suit and VALUE[card] > best_value:
                best_seat, best_value = seat, VALUE[card]
        if best_seat is not None:
            return best_seat
    # Only Jesters: the first one played wins.
    return trick[0][0]


def forbidden_bid(state: dict, seat: int) -> int | None:
    """Variant 5: the bid `seat` may not make, or None.

    It binds the last bidder (the dealer) only when that player leads the
    scores alone: the bids may then not add up to the tricks available.
    """
    if not state["options"]["bid_sum_restriction"] or seat != state["dealer"]:
        return None
    scores = state["scores"]
    mine = scores[seat]
    if any(score >= mine for other, score in enumerate(scores) if other != seat):
        return None
    others = sum(bid for other, bid in enumerate(state["bids"]) if other != seat and bid is not None)
    banned = state["hand_size"] - others
    return banned if banned >= 0 else None


def legal_bids(state: dict, seat: int) -> list[int]:
    """Bids 0..tricks in the round, less the one variant 5 may forbid."""
    banned = forbidden_bid(state, seat)
    return [bid for bid in range(state["hand_size"] + 1) if bid != banned]
