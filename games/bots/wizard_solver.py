"""A two-player Wizard round solved with both hands in sight ("double dummy"), for Strong.

Strong plays two-player Wizard by perfect-information Monte Carlo: it deals the hidden
cards many times with its sampler and, on each deal, solves the rest of the round with
both hands in sight, then takes the card (or bid) with the best mean. At two players a
round's worth is one seat's points less the other's, so the round is a zero-sum game and
minimax solves it exactly: the other plays its best against us, not Standard's moves.

Values are tuples, one entry per way of valuing the round's end (a bid of ours each, when
bidding): taking the max (or min) of each entry apart is each entry's own minimax, so one
walk of the tree values every bid at once.

Three things keep the walk small:
- positions met again are looked up (the same cards left, the same trick, the same tricks won);
- of a hand's cards that win and lose against the same cards, one is tried (two cards of
  a suit with none of the other's cards between them; any two Wizards; any two Jesters);
- with one entry (a card to choose, the bids known), alpha-beta: a position's lookup keeps a
  lower and an upper bound, and the values are the same as plain minimax's (4x faster on
  a whole 7-card round).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from games.engines.wizard.cards import SUIT, VALUE, WIZARD_VALUE
from games.engines.wizard.rules import legal_cards, trick_winner

Worth = Callable[[int, int], tuple[float, ...]]  # (tricks of the seat, tricks of the other) -> values
_UNBOUNDED = (-math.inf, math.inf)


class _Round:
    """The rest of one round: `seat` maximises every entry of `worth`, the other minimises."""

    def __init__(self, seat: int, trump: str | None, dark_wizard: bool, worth: Worth) -> None:
        self.seat, self.trump, self.dark_wizard, self.worth = seat, trump, dark_wizard, worth
        self.memo: dict[tuple, tuple[float, ...]] = {}
        self.bounds: dict[tuple, tuple[float, float]] = {}

    def moves(self, mine: tuple, theirs: tuple, trick: tuple, turn: int) -> list[str]:
        hand, other = (mine, theirs) if turn == self.seat else (theirs, mine)
        # The other's card in this trick counts too: of two cards, one may beat it.
        against = other + tuple(card for _seat, card in trick)
        return distinct_cards(legal_cards(list(hand), [list(entry) for entry in trick]), against)

    def after(self, mine: tuple, theirs: tuple, trick: tuple, turn: int, won: int, lost: int, card: str) -> tuple:
        """The position after `turn` plays `card`: (mine, theirs, trick, turn, won, lost)."""
        if turn == self.seat:
            mine = tuple(held for held in mine if held != card)
        else:
            theirs = tuple(held for held in theirs if held != card)
        trick = (*trick, (turn, card))
        if len(trick) < 2:
            return mine, theirs, trick, 1 - turn, won, lost
        winner = trick_winner([list(entry) for entry in trick], self.trump, self.dark_wizard)
        return mine, theirs, (), winner, won + (winner == self.seat), lost + (winner != self.seat)

    def value(self, mine: tuple, theirs: tuple, trick: tuple, turn: int, won: int, lost: int) -> tuple[float, ...]:
        if not mine and not theirs:
            return self.worth(won, lost)
        key = (mine, theirs, trick, turn, won)
        known = self.memo.get(key)
        if known is not None:
            return known
        children = [
            self.value(*self.after(mine, theirs, trick, turn, won, lost, card))
            for card in self.moves(mine, theirs, trick, turn)
        ]
        pick = max if turn == self.seat else min
        best = tuple(pick(entry) for entry in zip(*children, strict=True))
        self.memo[key] = best
        return best

    def bounded(
        self, mine: tuple, theirs: tuple, trick: tuple, turn: int, won: int, lost: int, alpha: float, beta: float
    ) -> float:
        """The first entry's value by alpha-beta (fail-soft): exact when it lies inside
        (alpha, beta), else a bound on that side. Lookups keep a lower and an upper bound."""
        if not mine and not theirs:
            return self.worth(won, lost)[0]
        key = (mine, theirs, trick, turn, won)
        low, high = self.bounds.get(key, _UNBOUNDED)
        if low == high or low >= beta:
            return low
        if high <= alpha:
            return high
        floor, ceiling = alpha, beta = max(alpha, low), min(beta, high)  # the window searched
        maxing = turn == self.seat
        best = -math.inf if maxing else math.inf
        for card in self.moves(mine, theirs, trick, turn):
            value = self.bounded(*self.after(mine, theirs, trick, turn, won, lost, card), alpha, beta)
            if maxing:
                best = max(best, value)
                if best >= ceiling:
                    break
                alpha = max(alpha, best)
            else:
                best = min(best, value)
                if best <= floor:
                    break
                beta = min(beta, best)
        if best <= floor:
            high = min(high, best)  # failed low: the value is at most `best`
        elif best >= ceiling:
            low = max(low, best)  # failed high: at least `best`
        else:
            low = high = best
        self.bounds[key] = (low, high)
        return best


def distinct_cards(cards: list[str], against: tuple | list) -> list[str]:
    """One card of each set of `cards` that win and lose against the same cards of `against`."""
    chosen, kinds = [], set()
    for card in cards:
        suit = SUIT[card]
        if suit is None:
            kind: tuple = ("wizard",) if VALUE[card] == WIZARD_VALUE else ("jester",)
        else:
            # Two cards of a suit are alike when as many of the other's cards lie below each.
            kind = (suit, sum(1 for other in against if SUIT[other] == suit and VALUE[other] < VALUE[card]))
        if kind not in kinds:
            kinds.add(kind)
            chosen.append(card)
    return chosen


def card_values(
    hands: list[list[str]],
    trick: list,
    tricks_won: list[int],
    seat: int,
    trump: str | None,
    dark_wizard: bool,
    worth: Worth,
) -> dict[str, tuple[float, ...]]:
    """Each card `seat` may play now (its turn, two players), valued by minimax to the round's end.

    Cards alike (see `distinct_cards`) get the same value."""
    solver = _Round(seat, trump, dark_wizard, worth)
    mine, theirs = tuple(sorted(hands[seat])), tuple(sorted(hands[1 - seat]))
    now = tuple((who, card) for who, card in trick)
    won, lost = tricks_won[seat], tricks_won[1 - seat]
    values = {}
    single = len(worth(0, 0)) == 1  # one entry: alpha-beta, the same values with less search
    for card in legal_cards(list(mine), [list(entry) for entry in now]):
        position = solver.after(mine, theirs, now, seat, won, lost, card)
        if single:
            values[card] = (solver.bounded(*position, -math.inf, math.inf),)
        else:
            values[card] = solver.value(*position)
    return values


def round_value(
    hands: list[list[str]], leader: int, seat: int, trump: str | None, dark_wizard: bool, worth: Worth
) -> tuple[tuple[float, ...], int]:
    """The value for `seat` of a round not yet played (two players), by minimax to its end,
    and the positions solved on the way (a measure of the work, the same on every machine)."""
    solver = _Round(seat, trump, dark_wizard, worth)
    value = solver.value(tuple(sorted(hands[seat])), tuple(sorted(hands[1 - seat])), (), leader, 0, 0)
    return value, len(solver.memo)
