"""Wizard labels: "Bid 2", "Play red 7", "Trump: green"."""

from __future__ import annotations

from django.utils.text import capfirst
from django.utils.translation import gettext as _

from games.engines.wizard.rules import led_suit, trick_winner
from games.presenters.wizard.terms import JESTER, SUITS, WIZARD


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
    """Cards in the hand are played by pointing at them (see `games.presenters.pointing`); the preview says,
    from the seat's own view only, what the card does to the trick as it stands now."""
    me = view.get("seat")
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
        entries.append({"payload": action, "pick": f"hand:{card}", "target": None, "preview": _preview(view, card)})
    return entries


def _preview(view: dict, card: str) -> str:
    """What playing `card` does: a card led starts the trick (it wins nothing yet, and a Jester led
    wins only a trick of Jesters); a card played after others would win the trick now, or not."""
    me, name = view.get("seat"), card_name(card)
    options = view.get("options") or {}
    trick = [(play["seat"], play["card"]) for play in view.get("trick") or []]
    if not trick:
        if card.startswith("jester"):
            return _("Play %(card)s: you lead, but a Jester wins the trick only if every card in it is a Jester.") % {
                "card": name
            }
        if card.startswith("wizard") and not options.get("dark_wizard", False):
            return _("Play %(card)s: it wins the trick, as the first Wizard always does.") % {"card": name}
        return _("Play %(card)s: you lead the trick.") % {"card": name}
    wins = trick_winner(
        [*trick, (me, card)], view.get("trump"), options.get("dark_wizard", False), options.get("monocolor", False)
    )
    if wins == me:
        return _("Play %(card)s: it would win the trick now.") % {"card": name}
    return _("Play %(card)s: it would not win the trick now.") % {"card": name}


def refusals(view: dict, legal: list[dict]) -> dict[str, str]:
    """The cards of the hand the seat may not play now, each with why (see `games.presenters.pointing`):
    only while it must play a card, and only for a suit it may not play while it can follow."""
    return {f"hand:{action['card']}": why for action, why in refused_actions(view, legal)}


def refused_actions(view: dict, legal: list[dict]) -> list[tuple[dict, str]]:
    """The plays of cards in the hand that the rules forbid now, each with why, read from the
    seat's own view (a mail reply naming one is refused with the rule: `games.bymail.commands`)."""
    playable = {action["card"] for action in legal if action.get("type") == "play"}
    if not playable or view.get("hand") is None:
        return []
    suit = led_suit([(play["seat"], play["card"]) for play in view.get("trick") or []])
    if suit is None:  # nothing to follow: every card may be played
        return []
    suit_name = SUITS.get(suit, suit)
    return [
        (
            {"type": "play", "card": card},
            capfirst(
                _(
                    "%(card)s cannot be played: you hold %(suit)s, the suit led, and must follow it "
                    "(a Wizard or a Jester may always be played)."
                )
                % {"card": card_name(card), "suit": suit_name}
            ),
        )
        for card in view["hand"]
        if card not in playable
    ]
