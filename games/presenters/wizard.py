"""Wizard labels: "Bid 2", "Play red 7", "Trump: green"."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

SUITS = {
    "blue": gettext_lazy("blue"),
    "green": gettext_lazy("green"),
    "red": gettext_lazy("red"),
    "yellow": gettext_lazy("yellow"),
}


def card_name(card: str) -> str:
    kind, _sep, number = str(card).partition("-")
    if kind == "wizard":
        return _("Wizard")
    if kind == "jester":
        return _("Jester")
    return f"{SUITS.get(kind, kind)} {number}"


def action_label(action: dict, view: dict | None = None) -> str:
    kind = action.get("type")
    if kind == "bid":
        return _("Bid %(bid)s") % {"bid": action.get("bid")}
    if kind == "play":
        return _("Play %(card)s") % {"card": card_name(action.get("card"))}
    if kind == "choose_trump":
        return _("Trump: %(suit)s") % {"suit": SUITS.get(action.get("suit"), action.get("suit"))}
    return ""
