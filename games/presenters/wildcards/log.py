"""Wild Cards' public log as sentences, for the table, the recap and the mails alike: each
entry the engine writes (`view["log"]`) told with the names printed on the cards."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.engines.wildcards import cards
from games.presenters.wildcards.table import habitat_card
from games.presenters.wildcards.terms import HABITATS, PIECES, REFILL_CARD, SPECIES


def _species(name: str) -> str:
    return str(SPECIES.get(name, name))


def card_label(label) -> str:
    """A card as the engine's log writes it ("forest 3", "refill") as printed: "Foresta 3"."""
    if label is None:
        return ""
    if label == cards.REFILL_NAME:
        return str(REFILL_CARD)
    habitat, _space, value = str(label).partition(" ")
    name = HABITATS.get(habitat)
    return f"{name} {value}" if name is not None else _("a card")


def bid_label(label) -> str:
    """A bid as a list of bids names it: "Forest 3", or "Refill"."""
    return str(PIECES["refill"]) if label == cards.REFILL_NAME else card_label(label)


def _name(names: dict, who) -> str:
    """A participant as the log names it (a seat, its number as a string, or "leo")."""
    from games.bymail.render import name_of

    if isinstance(who, str) and who.isdigit():
        who = int(who)
    return name_of(names, who)


def _names(names: dict, seats) -> str:
    return ", ".join(_name(names, seat) for seat in seats)


def event_line(entry: dict, names: dict) -> str:
    """One entry of the round's public log as a sentence, for the table and the mails alike.

    `names`: seat -> name. Every kind of entry the engine writes has its words here; what the
    log says was public at the table when it was written (bids and tie payments once revealed).
    """
    kind = entry.get("event")
    who = _name(names, entry["player"]) if entry.get("player") not in (None, "supply") else ""
    if kind == "round":
        return _("Round %(round)s begins.") % {"round": entry["round"]}
    if kind == "bids":
        # The bid in brackets: a bot seat's name ends with its level ("… · Good bot"), and a card
        # after it would read as part of the name.
        shown = ", ".join(f"{_name(names, p)} ({bid_label(label)})" for p, label in entry["bids"].items())
        return _("Bids revealed: %(bids)s") % {"bids": shown} + "."
    if kind == "eagle":
        return _("%(seat)s keeps %(card)s of the two (the Eagle).") % {"seat": who, "card": card_label(entry["bid"])}
    if kind == "refill":
        return _("%(seat)s refills, drawing %(drawn)s.") % {"seat": who, "drawn": entry["drawn"]}
    if kind == "discard":
        return _("%(seat)s discards %(card)s.") % {"seat": who, "card": habitat_card(entry["card"])}
    if kind == "swap":
        return _("%(seat)s swaps a %(gave)s for the %(took)s (the Meerkat).") % {
            "seat": who,
            "gave": _species(entry["gave"]),
            "took": _species(entry["took"]),
        }
    if kind == "tie_payment":
        totals = ", ".join(f"{_name(names, p)} ({total})" for p, total in entry["totals"].items())
        revealed = _("Tie payments revealed")  # (a call of its own: xgettext reads no f-string)
        return f"{revealed}: {totals}."
    if kind == "talisman_decides":
        return _("The Talisman, held by %(seat)s, breaks the tie: %(order)s, in that order.") % {
            "seat": _name(names, entry["holder"]),
            "order": _names(names, entry["order"]),
        }
    if kind == "tie_reveal":
        if entry.get("card") is None:
            return _("%(seat)s has no card left to reveal.") % {"seat": who}
        return _("%(seat)s reveals %(card)s to break the tie.") % {"seat": who, "card": card_label(entry["card"])}
    if kind == "order":
        if not entry["order"]:
            return _("Nobody takes an animal this round.")
        return _("Order of taking: %(order)s") % {"order": _names(names, entry["order"])} + "."
    if kind == "take":
        animal = _species(entry["species"])
        # Logs written before the payment was recorded have no "paid": the sentence then names none.
        paid = ", ".join(card_label(label) for label in entry.get("paid") or ())
        words = {"seat": who, "animal": animal, "bonus": entry.get("bonus"), "cards": paid}
        if paid and entry.get("bonus"):
            return _("%(seat)s takes the %(animal)s, paying %(cards)s (bonus %(bonus)s).") % words
        if paid:
            return _("%(seat)s takes the %(animal)s, paying %(cards)s.") % words
        if entry.get("bonus"):
            return _("%(seat)s takes the %(animal)s (bonus %(bonus)s).") % words
        return _("%(seat)s takes the %(animal)s.") % words
    if kind == "pass":
        if entry["player"] == "leo":
            return _("Leo finds the display empty: his bid goes under his pile.")
        return _("%(seat)s passes and draws %(drawn)s.") % {"seat": who, "drawn": entry["drawn"]}
    if kind == "leader":
        leader = _species(entry["species"])
        if entry["player"] == "supply":  # nobody holds it now
            return _("The %(leader)s leader goes back to the supply.") % {"leader": leader}
        return _("%(seat)s takes the %(leader)s leader.") % {"seat": who, "leader": leader}
    if kind == "ibex":
        return _("%(seat)s takes the bid %(card)s back to hand (the Ibex).") % {
            "seat": who,
            "card": card_label(entry["card"]),
        }
    if kind == "talisman":
        return _("%(seat)s now holds the Talisman.") % {"seat": who}
    if kind == "reshuffle":
        count = entry["cards"]
        return ngettext(
            "The discard pile is shuffled into a new deck of one card.",
            "The discard pile is shuffled into a new deck of %(cards)s cards.",
            count,
        ) % {"cards": count}
    if kind == "end":
        return _("The display cannot be refilled: the game ends.")
    if kind == "timeout":  # written by no engine today; kept for logs that have it
        return _("%(seat)s ran out of time.") % {"seat": who}
    return _("The table changed.")
