"""Wizard's Standard heuristic, on plain cards: estimate, bid, choose the trump, play a card.

Standard bids the sum of each card's measured chance of taking a trick (given trump,
the number of players and the hand size), then plays to make the bid exactly: when it
still needs tricks it wins them as cheaply as it can, otherwise it ducks with its
highest card that cannot win (a card beaten now stays beaten, so that duck is safe).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from games.engines.wizard.cards import JESTER_VALUE, SUIT, SUITS, VALUE, WIZARD_VALUE
from games.engines.wizard.rules import led_suit, trick_winner

# How often a card of a plain suit takes a trick, by rank (13 high), before the number
# of players and the hand size are taken into account.
_PLAIN = {13: 0.72, 12: 0.5, 11: 0.32, 10: 0.18, 9: 0.1, 8: 0.05}
_NO_TRUMP = {13: 0.85, 12: 0.65, 11: 0.45, 10: 0.3, 9: 0.18, 8: 0.1, 7: 0.05}


# Measured: how often each kind of card took the trick it was played in, when Standard
# bots played each other (`python -m games.bots.calibrate` rebuilds it), by players, hand
# size (bucket), kind (W Wizard, J Jester, T trump, P plain suit, N no trump) and rank.
CHANCES: dict[str, float] = json.loads((Path(__file__).with_name("wizard_chances.json")).read_text())


def size_bucket(hand_size: int) -> int:
    return 0 if hand_size <= 2 else 1 if hand_size <= 5 else 2 if hand_size <= 9 else 3


def chance_key(card: str, trump: str | None, num_players: int, hand_size: int) -> str:
    value = VALUE[card]
    if value == WIZARD_VALUE:
        kind = "W"
    elif value == JESTER_VALUE:
        kind = "J"
    elif trump is None:
        kind = "N"
    elif SUIT[card] == trump:
        kind = "T"
    else:
        kind = "P"
    return f"{num_players}:{size_bucket(hand_size)}:{kind}:{value}"


@lru_cache(maxsize=1 << 15)
def card_chance(card: str, trump: str | None, num_players: int, hand_size: int, monocolor: bool) -> float:
    """The estimated chance that `card` takes a trick this round."""
    if not monocolor:
        measured = CHANCES.get(chance_key(card, trump, num_players, hand_size))
        if measured is not None:
            return measured
    return _formula_chance(card, trump, num_players, hand_size, monocolor)


def _formula_chance(card: str, trump: str | None, num_players: int, hand_size: int, monocolor: bool) -> float:
    """A guess where nothing was measured (monocolor, rare kinds of card)."""
    value = VALUE[card]
    if value == WIZARD_VALUE:
        return 0.97
    if value == JESTER_VALUE:
        return 0.0
    # More players, or more cards each, mean more chances that someone holds a better card.
    crowd = 1.0 - 0.07 * (num_players - 3) - 0.012 * max(0, hand_size - 3)
    if monocolor:
        return max(0.0, min(1.0, ((value - 1) / 12) ** (num_players - 1) * 1.05))
    if trump is None:
        return _NO_TRUMP.get(value, 0.02) * crowd
    if SUIT[card] == trump:
        base = 0.45 + 0.045 * value
        return max(0.2, min(0.98, base * (crowd + 0.1)))
    base = _PLAIN.get(value, 0.02)
    # In a big hand the others run out of the suit and trump it.
    return base * crowd * (0.75 if hand_size >= 8 else 1.0)


class _Table(dict):
    """A card's value in one round's setting, worked out the first time it is asked for."""

    def __init__(self, work: object, *setting: object) -> None:
        super().__init__()
        self.work, self.setting = work, setting

    def __missing__(self, card: str) -> object:
        value = self[card] = self.work(card, *self.setting)
        return value


def _strength(card: str, trump: str | None) -> tuple:
    value = VALUE[card]
    if value == WIZARD_VALUE:
        return (3, value)
    if value == JESTER_VALUE:
        return (-1, 0)
    return (2 if SUIT[card] == trump else 1, value)


@lru_cache(maxsize=1 << 10)
def _tables(trump: str | None, num_players: int, hand_size: int, monocolor: bool) -> tuple[dict, dict, dict]:
    """Each card's chance, strength and (chance, strength), for one round's setting.

    Standard asks these hundreds of thousands of times a search move (rollouts and the
    sampler's fit): dict lookups in place of calls keep the same answers in far less time."""
    chance = _Table(card_chance, trump, num_players, hand_size, monocolor)
    strength = _Table(_strength, trump)
    both = _Table(lambda card: (chance[card], strength[card]))
    return chance, strength, both


def estimated_tricks(hand: list[str], trump: str | None, num_players: int, hand_size: int, monocolor: bool) -> float:
    return sum(map(_tables(trump, num_players, hand_size, monocolor)[0].__getitem__, hand))


# Bots bid a little over what they take (the rates count tricks others gave away): shrink.
BID_SHRINK = 0.87


def bid_for(
    hand: list[str], trump: str | None, num_players: int, hand_size: int, options: dict, allowed: list[int]
) -> int:
    target = BID_SHRINK * estimated_tricks(hand, trump, num_players, hand_size, options["monocolor"])
    top = allowed[-1]
    if allowed[0] == 0 and top == len(allowed) - 1:
        # Every bid from 0 to top (the sampler's question, asked thousands of times a move):
        # the nearest is one of the two around the target, the lower on a tie, as below.
        low = min(int(target), top)
        if low == top or abs(low - target) <= abs(low + 1 - target):
            return low
        return low + 1
    return min(allowed, key=lambda bid: (abs(bid - target), bid))


def trump_for(hand: list[str]) -> str:
    """The suit with the most (and the highest) cards in hand."""
    return max(SUITS, key=lambda suit: (sum(1 + VALUE[c] / 20 for c in hand if SUIT[c] == suit), -SUITS.index(suit)))


def legal_cards(hand: list[str], trick: list) -> list[str]:
    suit = led_suit(trick) if trick else None
    if suit is None:
        return list(hand)
    allowed = [card for card in hand if SUIT[card] in (suit, None)]
    if all(SUIT[card] is None for card in allowed):
        return list(hand)
    return allowed


def play_card(
    seat: int,
    hand: list[str],
    trick: list,
    trump: str | None,
    need: int,
    num_players: int,
    hand_size: int,
    options: dict,
) -> str:
    """The card to play: `trick` is [[seat, card]] so far, `need` the tricks still wanted."""
    cards = legal_cards(hand, trick)
    if len(cards) == 1:
        return cards[0]
    dark, mono = options["dark_wizard"], options["monocolor"]
    chance, strength, both = _tables(trump, num_players, hand_size, mono)
    by_strength, by_both = strength.__getitem__, both.__getitem__

    if not trick:
        if need > 0:
            best = max(cards, key=by_both)
            if chance[best] >= 0.5 or need >= len(hand):
                return best
            # Nothing sure: lead low and keep the strong cards for later tricks.
            jester = {card: VALUE[card] == JESTER_VALUE for card in cards}
            return min(cards, key=lambda card: (chance[card] + jester[card], strength[card]))
        # Lead the card least likely to win; keep the Jesters for when ducking gets hard.
        plain = [card for card in cards if VALUE[card] != JESTER_VALUE]
        pool = plain or cards
        return min(pool, key=by_both)

    last = len(trick) == num_players - 1
    winners = [card for card in cards if trick_winner([*trick, [seat, card]], trump, dark, mono) == seat]
    losers = [card for card in cards if card not in winners]
    if need > 0:
        if winners:
            if last:
                return min(winners, key=by_strength)
            # Not last: the card must hold against the players after us.
            holding = [card for card in winners if chance[card] >= 0.55 or VALUE[card] == WIZARD_VALUE]
            if holding:
                return min(holding, key=by_strength)
            return max(winners, key=by_strength)
        # Cannot win: throw the card least useful for winning later.
        return min(losers, key=by_both)
    if losers:
        # Duck with the highest card that loses: it is beaten now, so it stays beaten.
        plain = [card for card in losers if VALUE[card] != JESTER_VALUE]
        return max(plain or losers, key=by_both)
    # Every card wins now: play the weakest (if we are not last, someone after us may take it).
    return min(winners, key=by_strength)
