"""The seven variants of the rulebook ("Varianti di Gioco") as options of a game.

Every option is a boolean, off by default:

1. `blind_bids` (Dichiarazione al Buio): all players bid at once, sealed; the
   bids are shown when the last one is in.
2. `hidden_bids` (Dichiarazione Rivelata a Fine Round): all players write their
   bid at once, sealed; the bids are shown only when the round ends.
3. `dark_wizard` (Stregone Oscuro): the last Wizard of a trick wins it.
4. `two_players` (Due Giocatori): exactly 2 players, 6 rounds from 2 cards.
   Turned on by itself for 2 players; it implies `hidden_bids`.
5. `bid_sum_restriction` (Somma Scoperta di Dichiarazioni): the last bidder may
   not make the bids add up to the tricks available when leading the scores
   alone. It needs open bids made in turn, so it excludes 1, 2 and 4.
6. `clairvoyance` (Chiaroveggenza): while bidding each player sees the others'
   hands but not its own.
7. `monocolor` (Monocolore): 3 or 4 players, each with a suit of its own.
"""

from __future__ import annotations

from games.engines.base import IllegalOptions, complete_options, gettext_noop
from games.engines.wizard.cards import DATA

OPTION_NAMES: tuple[str, ...] = (
    "blind_bids",
    "hidden_bids",
    "dark_wizard",
    "two_players",
    "bid_sum_restriction",
    "clairvoyance",
    "monocolor",
)
DEFAULT_OPTIONS: dict[str, bool] = dict.fromkeys(OPTION_NAMES, False)
MIN_PLAYERS = 2  # only with two_players
MAX_PLAYERS: int = DATA["max_players"]


def validate_options(num_players: int, options: dict | None) -> dict:
    """The complete options for `num_players`, or IllegalOptions naming what is wrong."""
    if not isinstance(num_players, int) or isinstance(num_players, bool):
        raise IllegalOptions(gettext_noop("The number of players must be a whole number."))
    full = complete_options(options, DEFAULT_OPTIONS)
    # What the creator set explicitly matters below: a 2-player game turns the variant on itself.
    options = options or {}
    for name, value in full.items():
        if not isinstance(value, bool):
            raise IllegalOptions(gettext_noop("Option %(option)s must be true or false."), option=name)

    if num_players == 2 and "two_players" not in options:
        full["two_players"] = True
    if full["two_players"]:
        if num_players != 2:
            raise IllegalOptions(gettext_noop("The two-player variant is for exactly 2 players."))
        if options.get("hidden_bids") is False:
            raise IllegalOptions(gettext_noop("In the two-player variant bids are revealed at the end of the round."))
        full["hidden_bids"] = True
    elif not DATA["min_players"] <= num_players <= DATA["max_players"]:
        raise IllegalOptions(
            gettext_noop("Wizard is for %(min)s to %(max)s players, or 2 with the two-player variant."),
            min=DATA["min_players"],
            max=DATA["max_players"],
        )

    mono = DATA["monocolor"]
    if full["monocolor"] and not mono["min_players"] <= num_players <= mono["max_players"]:
        raise IllegalOptions(
            gettext_noop("Monocolor is for %(min)s or %(max)s players."),
            min=mono["min_players"],
            max=mono["max_players"],
        )
    if full["bid_sum_restriction"] and (full["blind_bids"] or full["hidden_bids"]):
        raise IllegalOptions(
            gettext_noop(
                "The bid-sum restriction needs open bids made in turn: it cannot be combined with "
                "blind bids, hidden bids or the two-player variant."
            )
        )
    return full


def sealed_bids(options: dict) -> bool:
    """All players bid at once, unseen, in variants 1, 2 and 4."""
    return options["blind_bids"] or options["hidden_bids"]
