"""Emu Ranchers labels: "Hatch The Merchant, then draw from the deck"."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.engines.emu_ranchers.birds import bird_score
from games.engines.emu_ranchers.cards import CARDS
from games.presenters import decktet


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


def bird_worth(bird: dict) -> int:
    """What a bird (as the view shows it) would score if the year ended now."""
    return bird_score([card["id"] for card in bird["cards"]])


def _names_in(view: dict) -> dict[str, str]:
    cards = (view.get("hand") or []) + ([view["discard_top"]] if view.get("discard_top") else [])
    return {card["id"]: decktet.card_name(card["name"]) for card in cards}


def target_of(action: dict) -> str | None:
    """Where a move goes on the table: a new bird, a bird (and where the card drawn then comes
    from), or the discard pile. The table's zones carry the same keys."""
    kind, draw = action.get("type"), action.get("draw")
    if kind == "hatch":
        return f"ranch:new:{draw}"
    if kind == "grow":
        return f"bird:{action['bird']}:{draw}" if draw else f"bird:{action['bird']}"
    if kind == "discard":
        return "discard"
    return None


def pointing(view: dict, legal: list[dict]) -> list[dict]:
    """A card in the hand, then a new bird, a bird or the discard pile; the preview gives the
    bird's worth now and after, by the rulebook's scoring, from the seat's own ranch (public)."""
    me = view.get("seat")
    if me is None:
        return []
    names = _names_in(view)
    birds = (view.get("ranches") or [[], []])[me]
    entries = []
    for action in legal:
        target = target_of(action)
        if target is None:
            continue
        card = action["card"]
        name = names.get(card, card)
        draw = {"deck": _("then draw from the deck"), "discard": _("then take the discard")}.get(action.get("draw"), "")
        if action["type"] == "hatch":
            worth = bird_score([card])
            preview = _("Hatch a bird with %(card)s: it would score %(worth)+d now.") % {"card": name, "worth": worth}
        elif action["type"] == "grow":
            bird = birds[action["bird"]]
            before = bird_worth(bird)
            after = bird_score([c["id"] for c in bird["cards"]] + [card])
            preview = _("Grow bird %(bird)s with %(card)s: it would score %(after)+d now (%(before)+d before).") % {
                "bird": action["bird"] + 1,
                "card": name,
                "after": after,
                "before": before,
            }
        else:
            preview = _("Discard %(card)s, then draw from the deck.") % {"card": name}
        if draw:
            preview = f"{preview} {draw[0].upper()}{draw[1:]}."
        entries.append({"payload": action, "pick": f"hand:{card}", "target": target, "preview": preview})
    return entries
