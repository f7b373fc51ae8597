"""Building Emu Ranchers states by hand for the rule tests."""

from __future__ import annotations

from games.engines.emu_ranchers import ENGINE
from games.engines.emu_ranchers.cards import deck_for


def table(
    hands: list[list[str]],
    ranches: list[list[list[str]]] | None = None,
    discard: list[str] | None = None,
    deck: list[str] | None = None,
    phase: str = "play",
    turn: int = 0,
    **options,
) -> dict:
    """A state with the given cards on the table; the rest of the deck (or `deck`) face down.

    Every card of the options' deck is somewhere, so card conservation holds.
    """
    options = {"first_player": 0, **options}
    state = ENGINE.new_game(2, 1, options)
    ranches = ranches or [[], []]
    discard = discard or []
    placed = [*hands[0], *hands[1], *discard, *(card for ranch in ranches for bird in ranch for card in bird)]
    if deck is None:
        deck = [card for card in deck_for(state["options"]) if card not in placed]
    state.update(
        {
            "hands": [list(hand) for hand in hands],
            "ranches": [[list(bird) for bird in ranch] for ranch in ranches],
            "discard": list(discard),
            "deck": list(deck),
            "phase": phase,
            "turn": turn if phase == "play" else None,
            "done": [False, False],
        }
    )
    return state


def card_ids(value) -> set[str]:
    """Every string in a view (or part of one): card ids are strings."""
    if isinstance(value, dict):
        return set().union(*(card_ids(item) for item in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(card_ids(item) for item in value)) if value else set()
    return {value} if isinstance(value, str) else set()


def after_a_take_from_the_discard_pile() -> dict:
    """Seat 1 hatches the Journey and takes the Market, the discard pile's top (the Castle is left)."""
    state = table(
        [["ace-waves", "sailor", "discovery"], ["journey", "painter", "savage"]],
        ranches=[[["mill"]], [["cave"]]],
        discard=["castle", "market"],
        turn=1,
    )
    return ENGINE.apply(state, 1, {"type": "hatch", "card": "journey", "draw": "discard"})
