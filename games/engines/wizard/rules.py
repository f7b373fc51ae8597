"""The rules of a trick ("Giocare") and of a bid ("Dichiarare"), as pure functions.

A trick is a list of [seat, card] pairs in the order played.
"""

from __future__ import annotations

from games.engines.wizard.cards import DECK, SUIT, SUIT_CARDS, SUITS, VALUE, WIZARD_VALUE


def led_suit(trick: list) -> str | None:
    """The suit to follow: that of the first card that is not a Jester.

    None when the trick is empty, holds only Jesters so far, or the first
    non-Jester is a Wizard (then anything may be played).
    """
    for _seat, card in trick:
        # A Jester's value is 0; a Wizard's suit is None.
        if VALUE[card]:
            return SUIT[card]
    return None


def legal_cards(hand: list[str], trick: list) -> list[str]:
    """Cards of `hand` that may be played: follow the led suit if possible.

    Wizards and Jesters may always be played, even by a player who could follow.
    """
    suit = led_suit(trick) if trick else None
    # Holding no card of the led suit means the player cannot follow: anything goes.
    if suit is None or SUIT_CARDS[suit].isdisjoint(hand):
        return list(hand)
    return [card for card in hand if SUIT[card] in (suit, None)]


def trick_winner(trick: list, trump: str | None, dark_wizard: bool = False, monocolor: bool = False) -> int:
    """The seat that wins a complete trick.

    A: the first Wizard (the last one with the dark Wizard variant);
    B: else the highest trump; C: else the highest card of the led suit;
    only Jesters: the first Jester. Monocolor has no trump: the highest card
    of any suit wins, and of equal cards the one played first.
    """
    if dark_wizard:
        for seat, card in reversed(trick):
            if VALUE[card] == WIZARD_VALUE:
                return seat
    if monocolor:
        scores = _MONOCOLOR_SCORES
    else:
        led = None
        for _seat, card in trick:
            if VALUE[card]:  # the first card that is not a Jester
                led = SUIT[card]
                break
        scores = _SCORES[trump][led]
    # One pass: a later card wins only when it scores strictly higher.
    best_seat = trick[0][0]
    best = -1
    for seat, card in trick:
        score = scores[card]
        if score > best:
            best_seat, best = seat, score
    return best_seat


def _scores(trump: str | None, led: str | None) -> dict[str, int]:
    """Each card's strength in a trick with this trump and led suit: a Wizard 1000, a trump
    200 + rank, the led suit 100 + rank, anything else (a Jester, a discard) 0."""
    scores = {}
    for card in DECK:
        value, suit = VALUE[card], SUIT[card]
        if value == WIZARD_VALUE:
            scores[card] = 1000
        elif suit is not None and suit == trump:
            scores[card] = 200 + value
        elif suit is not None and suit == led:
            scores[card] = 100 + value
        else:
            scores[card] = 0
    return scores


_SCORES: dict[str | None, dict[str | None, dict[str, int]]] = {
    trump: {led: _scores(trump, led) for led in (*SUITS, None)} for trump in (*SUITS, None)
}
# Monocolor: no trump and no suit to follow, the card's value alone (a Wizard still 1000).
_MONOCOLOR_SCORES: dict[str, int] = {card: 1000 if VALUE[card] == WIZARD_VALUE else VALUE[card] for card in DECK}


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
