"""Emu Ranchers on the table: labels ("Hatch a bird with The Merchant, then draw from the deck"),
moves by pointing (see `games.presenters.pointing`) and the ranches as the fragment draws them.

The draw that a hatch or a grow carries is part of the target, not a second click: each bird
(and the new-bird slot) shows one small zone per place the next card may come from, keyed
`bird:<i>:deck` / `bird:<i>:discard` (`ranch:new:deck` / `ranch:new:discard`). So a move is
still a card, then a zone, then Confirm, and the preview names the draw.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.engines.emu_ranchers.birds import bird_score, score_bird
from games.engines.emu_ranchers.cards import CARDS
from games.presenters.emu_ranchers import decktet


def card_name(card: str) -> str:
    """A card id in the reader's language (`sailor` -> "Il Marinaio")."""
    return decktet.card_name(CARDS[card]["name"]) if card in CARDS else str(card)


def _draw_text(action: dict, view: dict | None) -> str:
    """Where the card drawn after a hatch or a grow comes from, naming the discard's top card."""
    if action.get("draw") == "deck":
        return _("then draw from the deck")
    if action.get("draw") == "discard":
        top = (view or {}).get("discard_top")
        if top:
            return _("then take %(card)s from the discard pile") % {"card": decktet.card_name(top["name"])}
        return _("then take the discard")
    return ""


def action_label(action: dict, view: dict | None = None) -> str:
    kind, card = action.get("type"), card_name(action.get("card"))
    draw = _draw_text(action, view)
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


def target_of(action: dict) -> str | None:
    """Where a move goes on the table: a new bird, a bird (with where the card drawn then comes
    from), or the discard pile. The fragment's zones carry the same keys."""
    kind, draw = action.get("type"), action.get("draw")
    if kind == "hatch":
        return f"ranch:new:{draw}"
    if kind == "grow":
        return f"bird:{action['bird']}:{draw}" if draw else f"bird:{action['bird']}"
    if kind == "discard":
        return "discard"
    return None


def _sentence(text: str) -> str:
    return f"{text[0].upper()}{text[1:]}." if text else ""


def preview(action: dict, view: dict) -> str:
    """What the move does and what the bird would then score, from the seat's own ranch only."""
    card = action["card"]
    name = card_name(card)
    if action["type"] == "hatch":
        text = _("Hatch a bird with %(card)s: it would score %(worth)+d now.") % {
            "card": name,
            "worth": bird_score([card]),
        }
    elif action["type"] == "grow":
        bird = view["ranches"][view["seat"]][action["bird"]]
        text = _("Grow bird %(bird)s with %(card)s: it would score %(after)+d now (%(before)+d before).") % {
            "bird": action["bird"] + 1,
            "card": name,
            "after": bird_score([c["id"] for c in bird["cards"]] + [card]),
            "before": bird_worth(bird),
        }
    else:
        return _("Discard %(card)s, then draw from the deck.") % {"card": name}
    draw = _sentence(_draw_text(action, view))
    return f"{text} {draw}" if draw else text


def pointing(view: dict, legal: list[dict]) -> list[dict]:
    """A card in the hand (`hand:<card>`), then a new bird, a bird or the discard pile."""
    if view.get("seat") is None:
        return []
    entries = []
    for action in legal:
        target = target_of(action)
        if target is None:  # "done" at the year's end stays a button of its own
            continue
        entries.append(
            {"payload": action, "pick": f"hand:{action['card']}", "target": target, "preview": preview(action, view)}
        )
    return entries


def _zones(keys: set[str], prefix: str, view: dict) -> list[dict]:
    """The zones at one bird (or the new-bird slot) that some legal move targets, deck first."""
    top = view.get("discard_top")
    zones = []
    for suffix, short, long in (
        (":deck", _("deck"), _("then draw from the deck")),
        (":discard", _("discard pile"), _draw_text({"draw": "discard"}, view) if top else ""),
        ("", _("grow"), ""),
    ):
        if prefix + suffix in keys:
            zones.append({"key": prefix + suffix, "short": short, "long": long})
    return zones


def grown_birds(before: dict, after: dict, actor: int) -> list[int]:
    """The indexes of the actor's birds that a move hatched or grew, between two views of the
    same year (none across a year's end: the ranches are cleared)."""
    if before.get("year") != after.get("year"):
        return []
    old = (before.get("ranches") or [[], []])[actor]
    new = (after.get("ranches") or [[], []])[actor]
    return [
        index for index, bird in enumerate(new) if index >= len(old) or len(bird["cards"]) > len(old[index]["cards"])
    ]


def last_move(before: dict, after: dict, actor: int) -> set[str]:
    """The bird the last move hatched or grew ("bird:<seat>:<index>"), and the discard pile
    when a card went onto it."""
    marks = {f"bird:{actor}:{index}" for index in grown_birds(before, after, actor)}
    if before.get("year") == after.get("year") and after.get("discard_size", 0) > before.get("discard_size", 0):
        marks.add("discard")
    return marks


def table(view: dict, actions: list[dict] | None, marks: set[str] | None = None) -> dict:
    """Both ranches as the table draws them, the seat's own last (nearest its hand): each bird's
    cards in order, its suits, direction, total and what it would score now, and the zones the
    seat's legal moves may point at; whether the discard pile is a target now."""
    keys = {action.get("target") for action in actions or [] if action.get("target")}
    me = view.get("seat")
    result = []
    for seat, birds in enumerate(view.get("ranches") or []):
        mine = seat == me
        shown = []
        for index, bird in enumerate(birds):
            scored = score_bird([card["id"] for card in bird["cards"]])
            shown.append(
                {
                    "number": index + 1,
                    "cards": bird["cards"],
                    "suits": bird["suits"],
                    "direction": bird["direction"],
                    "total": scored["total"],
                    "worth": scored["score"],
                    "zones": _zones(keys, f"bird:{index}", view) if mine else [],
                    "last": f"bird:{seat}:{index}" in (marks or ()),
                }
            )
        result.append(
            {
                "seat": seat,
                "mine": mine,
                "birds": shown,
                "worth": sum(bird["worth"] for bird in shown),
                "new_zones": _zones(keys, "ranch:new", view) if mine else [],
                # Cards the other seat took from the discard pile: everyone saw them taken.
                "taken": [] if mine else (view.get("taken") or [[], []])[seat],
            }
        )
    result.sort(key=lambda ranch: ranch["mine"])
    return {"ranches": result, "discard_target": "discard" in keys, "discard_last": "discard" in (marks or ())}
