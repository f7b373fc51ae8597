"""Emu Ranchers labels: "Hatch The Merchant, then draw from the deck"."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.engines.emu_ranchers.cards import CARDS


def card_name(card: str) -> str:
    return CARDS[card]["name"] if card in CARDS else str(card)


def action_label(action: dict, view: dict | None = None) -> str:
    kind, card = action.get("type"), card_name(action.get("card"))
    draw = {"deck": _("then draw from the deck"), "discard": _("then take the discard")}.get(action.get("draw"), "")
    bird = action.get("bird")
    bird = bird + 1 if isinstance(bird, int) else bird
    if kind == "hatch":
        return _("Hatch a bird with %(card)s, %(draw)s") % {"card": card, "draw": draw}
    if kind == "grow":
        text = _("Grow bird %(bird)s with %(card)s") % {"bird": bird, "card": card}
        return f"{text}, {draw}" if draw else text
    if kind == "discard":
        return _("Discard %(card)s, then draw from the deck") % {"card": card}
    if kind == "done":
        return _("Done growing")
    return ""
