"""Options and the set-up of a game ("Spelvoorbereiding" in the rulebook)."""

from __future__ import annotations

from typing import Any

from games.engines.base import IllegalOptions, State, complete_options, gettext_noop, shuffle_seeded
from games.engines.cubirds.cards import ALL_CARDS, CARD_SPECIES, HAND_SIZE, ROW_START_SIZE, ROWS

MIN_PLAYERS = 2
MAX_PLAYERS = 5
# CuBirds has no variants in the rulebook (the solo variant is a separate download).
DEFAULT_OPTIONS: dict[str, Any] = {}


def validate_options(num_players: int, options: dict | None) -> dict:
    """The complete options, or IllegalOptions for a bad player count or option."""
    if isinstance(num_players, bool) or not isinstance(num_players, int):
        raise IllegalOptions(gettext_noop("The number of players must be a whole number."))
    if not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
        raise IllegalOptions(
            gettext_noop("CuBirds is played by %(min)s to %(max)s players."), min=MIN_PLAYERS, max=MAX_PLAYERS
        )
    return complete_options(options, DEFAULT_OPTIONS)


def new_game(num_players: int, seed: int | str, options: dict | None = None) -> State:
    """Shuffle, lay 4 rows of 3 different species, deal 8 cards and 1 collection bird each.

    The deck is drawn from its end (`deck.pop()`). Duplicates met while laying
    the rows go to the discard pile, as the English rulebook says ("discard the
    extra Birds"); the Dutch "leg je weg" only says they are put away.
    Seat 0 starts: the site seats players at random, which stands in for
    "whoever last heard a parrot".
    """
    options = validate_options(num_players, options)
    deck = list(ALL_CARDS)
    shuffle_seeded(deck, seed, "setup")
    discard: list[str] = []
    rows: list[list[str]] = []
    for _ in range(ROWS):
        row: list[str] = []
        seen: set[str] = set()
        while len(row) < ROW_START_SIZE:
            card = deck.pop()
            if CARD_SPECIES[card] in seen:
                discard.append(card)
            else:
                seen.add(CARD_SPECIES[card])
                row.append(card)
        rows.append(row)
    hands = [[deck.pop() for _ in range(HAND_SIZE)] for _ in range(num_players)]
    collections = [[deck.pop()] for _ in range(num_players)]
    return {
        "num_players": num_players,
        "seed": seed,
        "options": options,
        "deck": deck,
        "discard": discard,
        "rows": rows,
        "hands": hands,
        "collections": collections,
        "player": 0,
        "turn": 1,
        "step": "lay",
        "enclosed": False,
        "shuffles": 0,
        "deals": 1,
        "over": False,
        "winner": None,
        "end": None,
        "events": [],
        # Rules 2: the family step is always offered, and a row that cannot be refilled
        # ends the game after the turn (see rules.py). Stored games without it replay as before.
        "rules": 2,
        "ending": None,
    }
