"""Options, the new game, and the start of each year ("Setup" in the rulebook)."""

from __future__ import annotations

from games.engines.base import IllegalOptions, State, complete_options, gettext_noop, make_rng
from games.engines.emu_ranchers.cards import HAND_SIZE, RULES, deck_for

DEFAULT_OPTIONS = {
    "years": RULES["default_years"],
    "excuse": False,
    "pawns": False,
    "courts": False,
    "first_player": "random",
}


def validate_options(num_players: int, options: dict | None) -> dict:
    """The complete options, defaults filled in, or IllegalOptions.

    Pawns and Courts together are allowed: the rulebook only recommends the
    Excuse with one of them ("Consigliamo"), and the rules work with both.
    """
    if isinstance(num_players, bool) or num_players != 2:
        raise IllegalOptions(gettext_noop("Emu Ranchers is a game for exactly 2 players."))
    full = complete_options(options, DEFAULT_OPTIONS)
    years = full["years"]
    if isinstance(years, bool) or not isinstance(years, int) or not 1 <= years <= RULES["max_years"]:
        # Translators: years is the name of the option, as the API spells it.
        raise IllegalOptions(gettext_noop("years must be a whole number from 1 to %(max)s."), max=RULES["max_years"])
    for name in ("excuse", "pawns", "courts"):
        if not isinstance(full[name], bool):
            # Translators: %(option)s is the name of the option (excuse, pawns, courts), as the API spells it.
            raise IllegalOptions(gettext_noop("%(option)s must be true or false."), option=name)
    first = full["first_player"]
    if first != "random" and (isinstance(first, bool) or first not in (0, 1)):
        # Translators: first_player is the name of the option and "random" one of its values, as the API spells them.
        raise IllegalOptions(gettext_noop('first_player must be "random", 0 or 1.'))
    return full


def new_game(num_players: int, seed: int | str, options: dict | None = None) -> State:
    """The state before the first turn of year 1."""
    options = validate_options(num_players, options)
    first = options["first_player"]
    if first == "random":
        first = make_rng(seed, "first-player").randrange(2)
    state: State = {
        "num_players": 2,
        "seed": seed,
        "options": options,
        "year": 0,
        "first_player": 1 - first,  # start_year alternates it
        "scores": [0, 0],
        "history": [],
        # Rules 2: at the year's end a seat with cards left says "done" itself (rules.py).
        # Stored games without the key replay as before.
        "rules": 2,
    }
    start_year(state)
    return state


def start_year(state: State) -> None:
    """Shuffle every card, deal 6 each; the other seat starts (mutates `state`).

    The shuffled deck is stored in the state (top = last), so a year needs one
    generator, salted with the year number.
    """
    year = state["year"] + 1
    deck = deck_for(state["options"])
    make_rng(state["seed"], "deck", year).shuffle(deck)
    first = 1 - state["first_player"]
    hands: list[list[str]] = [[], []]
    for _ in range(HAND_SIZE):
        for seat in (first, 1 - first):
            hands[seat].append(deck.pop())
    state.update(
        {
            "year": year,
            "first_player": first,
            "phase": "play",
            "turn": first,
            "turn_number": 1,
            "deck": deck,
            "discard": [],
            "hands": hands,
            "taken": [[], []],
            "ranches": [[], []],
            "done": [False, False],
        }
    )
