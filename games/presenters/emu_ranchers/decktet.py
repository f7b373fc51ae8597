"""The Decktet's suits and card names in the reader's language (Emu Ranchers pages and mail).

The engine keeps the English names as ids; reply commands read a card by its name in any language.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games.presenters.emu_ranchers.terms import CARD_NAMES, SUITS


def rank_mark(rank: int | None) -> str:
    """A rank as the card's corner shows it, on the table and in mail alike: A, 2..9, C (Crown)."""
    if rank is None:
        return "*"
    if rank == 1:
        return pgettext("Decktet rank mark", "A")
    if rank == 10:
        return pgettext("Decktet rank mark", "C")
    return str(rank)


def suit_name(suit: str) -> str:
    return str(SUITS.get(suit, suit))


def card_name(name: str) -> str:
    """`Ace of Waves` -> `Asso di Onde`; `The Mill` -> `Il Mulino`; unknown names stay."""
    if name.startswith("Ace of "):
        suit = name.removeprefix("Ace of ").lower()
        if suit in SUITS:
            return _("Ace of %(suit)s") % {"suit": suit_name(suit).capitalize()}
    return str(CARD_NAMES.get(name, name))
