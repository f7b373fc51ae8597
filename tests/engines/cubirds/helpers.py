"""Build CuBirds states from species names, with real card ids, for rule tests."""

from __future__ import annotations

from games.engines.cubirds import ENGINE
from games.engines.cubirds.cards import ALL_CARDS, CARD_SPECIES


def arrange(
    rows: list[list[str]],
    hands: list[list[str]],
    collections: list[list[str]] | None = None,
    deck_top: list[str] = (),
    discard: list[str] = (),
    deck: list[str] | None = None,
    player: int = 0,
    rest_to_row: int | None = None,
) -> dict:
    """A state with these species in place; every other card in the deck.

    `deck_top` lists the next cards drawn, first drawn first. `deck`, when
    given, is the whole deck (the remaining cards then go to the discard pile,
    or to the right end of row `rest_to_row`).
    """
    num_players = len(hands)
    state = ENGINE.new_game(num_players, seed=1)
    free = list(ALL_CARDS)

    def take(names: list[str]) -> list[str]:
        cards = []
        for name in names:
            card = next(card for card in free if CARD_SPECIES[card] == name)
            free.remove(card)
            cards.append(card)
        return cards

    state["rows"] = [take(row) for row in rows]
    state["hands"] = [take(hand) for hand in hands]
    state["collections"] = [take(collection) for collection in collections or [[] for _ in hands]]
    top = take(list(deck_top))
    state["discard"] = take(list(discard))
    if deck is None:
        state["deck"] = free + top[::-1]
    else:
        state["deck"] = take(list(deck))[::-1] + top[::-1]
        if rest_to_row is None:
            state["discard"] += free
        else:
            state["rows"][rest_to_row] += free
    state["player"] = player
    return state


def species(cards: list[str]) -> list[str]:
    return [CARD_SPECIES[card] for card in cards]


def all_cards(state: dict) -> list[str]:
    cards = state["deck"] + state["discard"]
    for group in ("rows", "hands", "collections"):
        for cards_of in state[group]:
            cards = cards + cards_of
    return cards
