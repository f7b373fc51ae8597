"""Wild Cards labels: card ids become the names printed on the cards."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.engines.wildcards import cards
from games.terms.wildcards import COPY_PLACES, HABITATS, REFILL_CARD, SPECIES


def habitat_card(card) -> str:
    if card in ("refill", cards.REFILL, "deck"):
        return str(REFILL_CARD) if card != "deck" else _("a card from the deck")
    if not isinstance(card, int) or not 0 <= card < cards.NUM_HABITAT_CARDS:
        return str(card)
    return f"{HABITATS.get(cards.HABITAT[card], cards.HABITAT[card])} {cards.VALUE[card]}"


def copy_place(display: list[int], animal_id: int) -> str:
    """'nearest the deck', 'farthest from the deck', 'in the middle', or '' for a species shown once."""
    if animal_id not in display:
        return ""
    species = cards.ANIMAL_SPECIES[animal_id]
    copies = [a for a in display if cards.ANIMAL_SPECIES[a] == species]
    if len(copies) < 2:
        return ""
    place = "nearest" if animal_id == copies[0] else "farthest" if animal_id == copies[-1] else "middle"
    return str(COPY_PLACES[place])


def display_ids(view: dict | None) -> list[int]:
    return [shown["id"] for shown in (view or {}).get("display") or []]


def animal(card, display: list[int] | None = None) -> str:
    """The species' name; with the display, which copy when it shows more than once."""
    if not isinstance(card, int) or not 0 <= card < cards.NUM_ANIMALS:
        return str(card)
    name = cards.SPECIES[cards.ANIMAL_SPECIES[card]]
    place = copy_place(display, card) if display else ""
    return f"{SPECIES.get(name, name)} {place}" if place else str(SPECIES.get(name, name))


def action_label(action: dict, view: dict | None = None) -> str:
    kind = action.get("type")
    card = action.get("card")
    display = display_ids(view)
    labels = {
        "bid": lambda: _("Bid %(card)s") % {"card": habitat_card(card)},
        "eagle_bid": lambda: (
            _("Bid two cards face down: %(cards)s")
            % {"cards": " + ".join(habitat_card(c) for c in action.get("cards", []))}
        ),
        "eagle_choose": lambda: _("Keep %(card)s as the bid") % {"card": habitat_card(card)},
        "swap": lambda: (
            _("Swap a %(give)s for the %(take)s")
            % {"give": SPECIES.get(action.get("give"), action.get("give")), "take": animal(action.get("take"), display)}
        ),
        "no_swap": lambda: _("No swap"),
        "discard": lambda: _("Discard %(card)s") % {"card": habitat_card(card)},
        "done": lambda: _("Done: draw back up"),
        "tie_pay": lambda: _("Lay %(card)s face down") % {"card": habitat_card(card)},
        "reveal": lambda: _("Reveal %(card)s") % {"card": habitat_card(card)},
        "take": lambda: _("Take the %(animal)s") % {"animal": animal(action.get("animal"), display)},
        "pass": lambda: _("Pass: take the bid back and draw 2"),
        "pay": lambda: _("Pay %(card)s") % {"card": habitat_card(card)},
    }
    return labels[kind]() if kind in labels else ""
