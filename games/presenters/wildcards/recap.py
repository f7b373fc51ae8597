"""Wild Cards: what a move did, as the viewer saw it: the move itself (a bid or a tie payment
laid face down, an animal chosen, the cards paid, a swap declined, a 2020 reveal chosen) and
every entry it added to the round's public log (bids revealed, animals taken, passes, refills,
ties settled, Leaders, the Talisman).

A move that ends a round is told through the states between (`ENGINE.apply_steps`): the round's
last turn, the round cleared away with its log complete, then the new round."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.bymail.render import name_of
from games.presenters.wildcards.log import event_line
from games.presenters.wildcards.mail import card, species
from games.presenters.wildcards.table import participants


def _own_move(before: dict, after: dict, actor: int, names: dict, logged: list[dict]) -> list[str]:
    """The actor's move as it showed at the table, beyond what the log says of it."""
    who = name_of(names, actor)
    was = participants(before).get(actor) or {}
    now = participants(after).get(actor) or {}
    phase = before.get("phase")
    if phase == "bid" and now.get("has_bid") and not was.get("has_bid") and now.get("bid") is None:
        # The bidder's own view holds the cards laid (a finished game's replay tells each move so).
        laid = after.get("sealed_bid") if after.get("seat") == actor else None
        if now.get("bid_cards_face_down") == 2:
            if laid and len(laid) == 2:
                return [
                    _("%(who)s placed %(first)s and %(second)s face down (the Eagle).")
                    % {"who": who, "first": card(laid[0]), "second": card(laid[1])}
                ]
            return [_("%(who)s placed two cards face down (the Eagle).") % {"who": who}]
        if laid and len(laid) == 1:
            if laid[0] == "refill" or (isinstance(laid[0], dict) and laid[0].get("id") == "refill"):
                return [_("%(who)s bid the Refill card face down.") % {"who": who}]
            return [_("%(who)s bid %(card)s face down.") % {"who": who, "card": card(laid[0])}]
        return [_("%(who)s placed a bid face down.") % {"who": who}]
    if phase == "swap" and not any(entry["event"] == "swap" for entry in logged):
        return [_("%(who)s chose not to swap.") % {"who": who}]
    if phase == "tie_pay":
        laid_before = was.get("payment_face_down") or 0
        if after.get("phase") == "tie_pay":
            laid = (now.get("payment_face_down") or 0) - laid_before
        else:  # the last card laid turned every payment face up: the bid says how many lie there
            laid = (was.get("bid") or {}).get("value", 1) - 1 - laid_before
        return [
            ngettext(
                "%(who)s laid a card face down to break the tie.",
                "%(who)s laid %(count)s cards face down to break the tie.",
                laid,
            )
            % {"who": who, "count": laid}
        ]
    if phase == "tie_reveal":
        # From hand or from the deck shows (RULES-NOTES); which card, only once all have chosen.
        # The hand shrinks by the card chosen from it, unless the move went on to pass for the actor.
        if any(entry.get("player") == actor and entry["event"] == "pass" for entry in logged):
            return []
        if (was.get("hand_size") or 0) > (now.get("hand_size") or 0):
            return [_("%(who)s chose a card from hand to reveal.") % {"who": who}]
        return [_("%(who)s chose to reveal the top card of the deck.") % {"who": who}]
    lines = []
    if phase in ("acquire", "pay"):
        if after.get("taking") and not before.get("taking"):
            animal = species(after["taking"]["species"])
            lines.append(_("%(who)s chose the %(animal)s and pays for it.") % {"who": who, "animal": animal})
        paid = (now.get("payment") or [])[len(was.get("payment") or []) :]
        if paid:
            lines.append(_("%(who)s paid %(card)s.") % {"who": who, "card": ", ".join(card(c) for c in paid)})
    return lines


def changes(before: dict, after: dict, actor: int, names: dict) -> list[str]:
    if before.get("round") != after.get("round"):  # a new round: its log starts afresh
        return [event_line(entry, names) for entry in after.get("log") or []]
    logged = (after.get("log") or [])[len(before.get("log") or []) :]
    lines = _own_move(before, after, actor, names, logged) if actor in (before.get("to_act") or []) else []
    return lines + [event_line(entry, names) for entry in logged]
