"""Emu Ranchers Standard: a one-move look-ahead on what each bird will likely score.

Every move of the year is judged by the ranch it leaves: each bird's projected score,
with the cards in hand that fit it played on it in the best order (a card in hand can
always be played later, at the latest in the year's end growing) and what the draws
still to come are likely to add (the unseen cards that fit it, times the seat's draws
left). A bird under the upkeep loses, so a bird is hatched only when that projection is
worth it, and a card that fits nothing is discarded first (less what it would give the
other ranch, which may draw it). At the year's end: the grow that gains most, then done.
"""

from __future__ import annotations

from functools import lru_cache

from games.engines.emu_ranchers.birds import bird_score, cards_that_fit, fits, frontier
from games.engines.emu_ranchers.cards import (
    BONUS,
    EXCUSE,
    KIND,
    RANK,
    UPKEEP,
    WILD,
    number_value,
)

WILD_WORTH = 5  # a Pawn or Court takes some value 2-9: count it as a middling number
FUTURE_SHARE = 0.45  # of the seat's draws left, the share that will fit a given bird


def _worth(card: str) -> int:
    return WILD_WORTH if card in WILD else number_value(card)


_WORTH = {card: _worth(card) for card in RANK}


# A rollout asks Standard about the same birds over and over (they change a card a turn):
# their frontiers, and which cards of the deck fit each, are worked out once.
@lru_cache(maxsize=1 << 13)
def _front(bird: tuple[str, ...]) -> tuple:
    return frontier(bird)


@lru_cache(maxsize=1 << 14)
def _fit_worths(front: tuple) -> dict[str, int]:
    """Every card of any deck that fits on top of `front`, with its worth."""
    return {card: _WORTH[card] for card in cards_that_fit(front, list(RANK))}


@lru_cache(maxsize=1 << 13)
def _extend(bird: tuple[str, ...], hand: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The bird grown with the hand's cards that fit, nearest rank first; and the cards left."""
    grown, left = list(bird), list(hand)
    while True:
        front = _front(tuple(grown))
        fits_here = _fit_worths(front)
        fitting = [card for card in left if card in fits_here]
        if not fitting:
            return tuple(grown), tuple(left)
        card = min(fitting, key=lambda c: (_gap(front, c), c))
        grown.append(card)
        left.remove(card)


def _gap(front: tuple, card: str) -> tuple:
    """How far `card` lands from the bird's top: the nearest keeps the most room."""
    _suits, low, high = front
    rank = RANK[card]
    if rank is None:
        return (1, 0)
    gaps = [rank - low] if low is not None and rank > low else []
    if high is not None and rank < high:
        gaps.append(high - rank)
    return (0, min(gaps))


def _projection(bird: tuple[str, ...], unseen: frozenset[str], draws_left: float) -> float:
    """The bird's likely score: what it holds plus what the draws to come may add."""
    worths = _fit_worths(_front(bird))
    fitting = worths.keys() & unseen
    future = 0.0
    if fitting:
        expected = min(3.0, draws_left * FUTURE_SHARE * len(fitting) / len(unseen))
        future = expected * sum(worths[card] for card in fitting) / len(fitting)
    total = sum(_WORTH[card] for card in bird) + future
    bonus = BONUS * sum(KIND[card] in ("ace", "crown") for card in bird)
    if total >= UPKEEP:
        return min(total - UPKEEP + bonus, bird_score(bird) + future + bonus) if future else bird_score(bird)
    return total - UPKEEP - bonus


_UNSEEN = "unseen"  # the memo's key for the unseen cards as a set (every other key is a bird)


def ranch_value(
    birds: list[list[str]], hand: list[str], unseen: list[str], draws_left: float, memo: dict | None = None
) -> float:
    """The ranch's projected score. `memo` may be shared by calls with the same `unseen` and
    `draws_left` (the moves of one turn): most moves leave most birds as they were."""
    memo = {} if memo is None else memo
    pool = memo.get(_UNSEEN)
    if pool is None:
        pool = memo[_UNSEEN] = frozenset(unseen)
    left = tuple(hand)
    values = []
    for bird in birds:
        grown, left = _extend(tuple(bird), left)
        value = memo.get(grown)
        if value is None:
            value = memo[grown] = _projection(grown, pool, draws_left)
        values.append(value)
    if EXCUSE in hand and values and min(values) < 0:
        values.remove(min(values))  # the Excuse will discard the worst losing bird
    return sum(values)


def _gift(card: str, their_birds: list[list[str]]) -> float:
    """What a discarded card is worth to the other ranch, which may draw it."""
    if card == EXCUSE:
        return 8.0
    fronts = [frontier(bird) for bird in their_birds]
    return max((_worth(card) for front in fronts if fits(front, card)), default=0)


def ranked_actions(
    hand: list[str],
    birds: list[list[str]],
    their_birds: list[list[str]],
    discard_top: str | None,
    deck_size: int,
    unseen: list[str],
    legal: list[dict],
) -> list[tuple[float, int, dict]]:
    """(value, menu position, action) for every move of the year, best first."""
    draws_left = deck_size / 2
    memo: dict = {}
    ranked = []
    for position, action in enumerate(legal):
        card = action["card"]
        new_hand = [c for c in hand if c != card]
        new_birds = birds
        if action["type"] == "hatch":
            new_birds = [*birds, [card]]
        elif action["type"] == "grow":
            index = action["bird"]
            new_birds = [*birds[:index], [*birds[index], card], *birds[index + 1 :]]
        value = 0.0
        if action.get("draw") == "discard":
            new_hand.append(discard_top)
        elif action["type"] == "discard":
            value -= 0.5 * _gift(card, their_birds)
        else:
            value += 1.0  # an unknown card from the deck is worth a little
        value += ranch_value(new_birds, new_hand, unseen, draws_left - 0.5, memo)
        ranked.append((value, position, action))
    ranked.sort(key=lambda entry: (-entry[0], entry[1]))
    return ranked


def play_action(
    hand: list[str],
    birds: list[list[str]],
    their_birds: list[list[str]],
    discard_top: str | None,
    deck_size: int,
    unseen: list[str],
    legal: list[dict],
) -> dict:
    """The best move of the year from what the seat sees."""
    return ranked_actions(hand, birds, their_birds, discard_top, deck_size, unseen, legal)[0][2]
