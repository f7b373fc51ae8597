"""Birds: the piles of a ranch, what may grow them, and what they score.

A bird is a list of card ids, bottom first. Its cards must share one suit
and be ordered by rank (A, 2..9, Crown), ascending or descending, gaps
allowed; neither the suit nor the direction is declared, so a pile is valid
when SOME common suit and SOME direction fit. A Pawn or Court takes any value
2..9 that the order leaves room for ("non potete giocare in maniera che non
rimanga spazio per il valore che le date"), so validity asks whether the wilds
can be given strictly monotone values. Ranks never repeat in a pile: each
suit appears once per rank, so two fixed cards of one rank share no suit.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from games.engines.emu_ranchers.cards import (
    BONUS,
    EXCUSE,
    HATCHABLE,
    KIND,
    RANK,
    SUIT_SET,
    UPKEEP,
    WILD,
    WILD_HIGH,
    WILD_LOW,
)


def common_suits(bird: list[str]) -> frozenset:
    """The suits every card of the bird shows (empty for an invalid pile)."""
    suits = SUIT_SET[bird[0]]
    for card in bird[1:]:
        suits = suits & SUIT_SET[card]
    return suits


def _fits_ascending(ranks: list[int | None]) -> bool:
    """Whether the ranks (None for a wild) can be strictly ascending."""
    low = 0
    for rank in ranks:
        if rank is None:
            low = max(low + 1, WILD_LOW)
            if low > WILD_HIGH:
                return False
        elif rank <= low:
            return False
        else:
            low = rank
    return True


def directions(bird: list[str]) -> tuple[bool, bool]:
    """(can be ascending, can be descending) for the order of the bird's ranks."""
    ranks = [RANK[card] for card in bird]
    return _fits_ascending(ranks), _fits_ascending(ranks[::-1])


# The lowest and highest ranks: nothing goes below an Ace or above a Crown.
BOTTOM_RANK = min(rank for rank in RANK.values() if rank is not None)
TOP_RANK = max(rank for rank in RANK.values() if rank is not None)


def direction_name(bird: list[str]) -> str | None:
    """ "ascending", "descending", or None while the bird may still go either way.

    A bird whose cards allow both orders but can only grow one way (a lone Ace can only
    go up, a lone Crown only down) has that one direction.
    """
    up, down = directions(bird)
    if up and down:
        _suits, low, high = frontier(bird)
        up = low is not None and low < TOP_RANK
        down = high is not None and high > BOTTOM_RANK
        if up == down:
            return None
    return "ascending" if up else "descending"


def is_valid_bird(bird: list[str]) -> bool:
    """A whole pile: hatched with a fixed card, one common suit, some direction."""
    if not bird or bird[0] not in HATCHABLE or EXCUSE in bird:
        return False
    if not common_suits(bird):
        return False
    up, down = directions(bird)
    return up or down


def frontier(bird: list[str]) -> tuple[frozenset, int | None, int | None]:
    """What a new top card must meet: (common suits, lowest top going up, highest top going down).

    Filling the wilds greedily (as low as possible going up, as high as
    possible going down) leaves the most room above or below the top, so a
    card fits iff it fits one of these two ends. None: that direction is out.
    """
    suits = SUIT_SET[bird[0]]
    low, high = 0, 11
    for card in bird:
        suits = suits & SUIT_SET[card]
        rank = RANK[card]
        if rank is None:
            low = max(low + 1, WILD_LOW) if low is not None else None
            high = min(high - 1, WILD_HIGH) if high is not None else None
            if low is not None and low > WILD_HIGH:
                low = None
            if high is not None and high < WILD_LOW:
                high = None
        else:
            low = rank if low is not None and rank > low else None
            high = rank if high is not None and rank < high else None
    return suits, low, high


def fits(front: tuple[frozenset, int | None, int | None], card: str) -> bool:
    """Whether `card` may go on top of the bird whose `frontier` is `front`."""
    suits, low, high = front
    if not suits & SUIT_SET[card] or card == EXCUSE:
        return False
    rank = RANK[card]
    if rank is None:  # a wild needs one free value in WILD_LOW..WILD_HIGH
        return (low is not None and max(low + 1, WILD_LOW) <= WILD_HIGH) or (
            high is not None and min(high - 1, WILD_HIGH) >= WILD_LOW
        )
    return (low is not None and rank > low) or (high is not None and rank < high)


def cards_that_fit(front: tuple, cards: list[str]) -> list[str]:
    """The `cards` that may go on top of a bird whose `frontier` is `front`: `fits` in one
    loop (the bots' rollouts ask this millions of times; a call a card cost a third)."""
    suits, low, high = front
    wild_fits = (low is not None and max(low + 1, WILD_LOW) <= WILD_HIGH) or (
        high is not None and min(high - 1, WILD_HIGH) >= WILD_LOW
    )
    above = low if low is not None else 99  # no rank is above 99 or below -99: that end is shut
    below = high if high is not None else -99
    out = []
    for card in cards:
        if suits & SUIT_SET[card]:  # the Excuse has no suit
            rank = RANK[card]
            if wild_fits if rank is None else (rank > above or rank < below):
                out.append(card)
    return out


def grow_options(birds: list[list[str]], cards: list[str]) -> dict[str, list[int]]:
    """For each card, the indexes of the birds it may grow: `fits` unrolled for speed."""
    fronts = [frontier(bird) for bird in birds]
    options = {}
    for card in cards:
        card_suits, rank = SUIT_SET[card], RANK[card]
        if rank is None:
            if card == EXCUSE:
                options[card] = []
                continue
            # A wild fits wherever one value in WILD_LOW..WILD_HIGH is left.
            options[card] = [
                index
                for index, (suits, low, high) in enumerate(fronts)
                if suits & card_suits
                and ((low is not None and low < WILD_HIGH) or (high is not None and high > WILD_LOW))
            ]
        else:
            options[card] = [
                index
                for index, (suits, low, high) in enumerate(fronts)
                if suits & card_suits and ((low is not None and rank > low) or (high is not None and rank < high))
            ]
    return options


def can_grow(bird: list[str], card: str) -> bool:
    """Whether `card` may go on top of `bird` (the bird itself being valid)."""
    return fits(frontier(bird), card)


def _ascending_values(ranks: list[int | None], position: int, low: int) -> Iterator[list[int]]:
    """Every strictly ascending filling of the wilds in ranks[position:] above `low`."""
    if position == len(ranks):
        yield []
        return
    rank = ranks[position]
    if rank is not None:
        if rank > low:
            for rest in _ascending_values(ranks, position + 1, rank):
                yield [rank, *rest]
        return
    for value in range(max(low + 1, WILD_LOW), WILD_HIGH + 1):
        for rest in _ascending_values(ranks, position + 1, value):
            yield [value, *rest]


def value_assignments(bird: list[str]) -> Iterator[list[int]]:
    """Every rank the bird's cards may take, position by position (wilds filled in)."""
    ranks = [RANK[card] for card in bird]
    if None not in ranks:
        yield ranks
        return
    seen = set()
    for values in _ascending_values(ranks, 0, 0):
        seen.add(tuple(values))
        yield values
    for values in _ascending_values(ranks[::-1], 0, 0):
        values = values[::-1]
        if tuple(values) not in seen:
            yield values


def _cheapest_upkeep(numbers: list[tuple[int, int]]) -> tuple[int, list[int]]:
    """The number cards to pay upkeep with: total >= UPKEEP, no change.

    `numbers` is [(position, value)]. Returns (sum, positions): the smallest
    sum that reaches UPKEEP, then the fewest cards, then the earliest found.
    The rulebook's blue bird pays 4+6+8 rather than 3+4+5+6 this way.
    """
    reach: dict[int, list[int]] = {0: []}
    for position, value in numbers:
        for total, used in list(reach.items()):
            new_total = total + value
            known = reach.get(new_total)
            if known is None or len(used) + 1 < len(known):
                reach[new_total] = [*used, position]
    paying = min((total, len(used)) for total, used in reach.items() if total >= UPKEEP)
    return paying[0], reach[paying[0]]


def _score_values(kinds: list[str], values: list[int]) -> tuple[int, int, list[int]]:
    """(score, total, upkeep positions) of a bird whose cards take these ranks."""
    bonus = BONUS * (("ace" in kinds) + ("crown" in kinds))
    # Number cards and wilds count their rank; Aces and Crowns add 0.
    numbers = [(p, value) for p, value in enumerate(values) if kinds[p] in ("number", "pawn", "court")]
    total = sum(value for _, value in numbers)
    if total < UPKEEP:
        return total - UPKEEP - bonus, total, []
    paid, upkeep = _cheapest_upkeep(numbers)
    return total - paid + bonus, total, upkeep


@lru_cache(maxsize=1 << 16)
def _best(bird: tuple[str, ...]) -> tuple[int, tuple[int, ...], int, tuple[int, ...]]:
    """(score, ranks, total, upkeep positions) of the best valuation of the wilds."""
    kinds = [KIND[card] for card in bird]
    best = None
    for values in value_assignments(list(bird)):
        score, total, upkeep = _score_values(kinds, values)
        if best is None or score > best[0]:
            best = (score, tuple(values), total, tuple(upkeep))
    if best is None:  # not a valid pile; never reached from a legal game
        raise ValueError(f"no valid order for bird {list(bird)}")
    return best


def bird_score(bird: list[str]) -> int:
    """Just the score of `score_bird`, for the bot (cached: piles repeat a lot)."""
    return _best(tuple(bird))[0]


def score_bird(bird: list[str]) -> dict:
    """The bird's score at the year's end, wilds valued best for their owner.

    Under UPKEEP: lose the shortfall plus BONUS for an Ace or a Crown (twice
    for both). Otherwise the engine pays upkeep with the cheapest set of
    number cards reaching UPKEEP (RULES-NOTES: not a player decision) and
    scores the numbers left plus the bonus. Returns {"cards", "wild_values",
    "total", "upkeep" (card ids paid), "score"}; ties between valuations of
    the wilds go to the first found (lowest ranks, ascending order first).
    """
    score, values, total, upkeep = _best(tuple(bird))
    return {
        "cards": list(bird),
        "wild_values": {card: values[p] for p, card in enumerate(bird) if card in WILD},
        "total": total,
        "upkeep": [bird[position] for position in upkeep],
        "score": score,
    }
