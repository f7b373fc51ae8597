"""Wizard labels: "Bid 2", "Play red 7", "Trump: green"."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.engines.wizard.rules import trick_winner
from games.terms.wizard import JESTER, SUITS, WIZARD


def card_name(card: str) -> str:
    kind, _sep, number = str(card).partition("-")
    if kind == "wizard":
        return str(WIZARD)
    if kind == "jester":
        return str(JESTER)
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


def pointing(view: dict, legal: list[dict]) -> list[dict]:
    """Cards in the hand are played by pointing at them (see `games.play.pointing`); the preview says,
    from the seat's own view only, whether the card would win the trick as it stands now."""
    me = view.get("seat")
    options = view.get("options") or {}
    trick = [(play["seat"], play["card"]) for play in view.get("trick") or []]
    entries = []
    for action in legal:
        if action.get("type") == "bid":
            entries.append(
                {"payload": action, "pick": f"bid:{action['bid']}", "target": None, "preview": action_label(action)}
            )
            continue
        if action.get("type") != "play" or me is None:
            continue
        card = action["card"]
        wins = trick_winner(
            [*trick, (me, card)], view.get("trump"), options.get("dark_wizard", False), options.get("monocolor", False)
        )
        if wins == me:
            preview = _("Play %(card)s: it would win the trick now.") % {"card": card_name(card)}
        else:
            preview = _("Play %(card)s: it would not win the trick now.") % {"card": card_name(card)}
        entries.append({"payload": action, "pick": f"hand:{card}", "target": None, "preview": preview})
    return entries
