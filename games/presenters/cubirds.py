"""CuBirds labels: "Lay your robins at the left of row 2"."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.engines.cubirds.cards import LARGE
from games.terms.cubirds import BIRD, BIRDS


def action_label(action: dict, view: dict | None = None) -> str:
    kind = action.get("type")
    birds = BIRDS.get(action.get("species"), action.get("species"))
    if kind == "lay":
        row = action.get("row")
        row = row + 1 if isinstance(row, int) else row
        if action.get("side") == "left":
            return _("Lay your %(birds)s at the left of row %(row)s") % {"birds": birds, "row": row}
        return _("Lay your %(birds)s at the right of row %(row)s") % {"birds": birds, "row": row}
    labels = {
        "draw": _("Draw 2 cards"),
        "no_draw": _("Do not draw"),
        "no_family": _("Form no family"),
    }
    if kind == "family":
        return _("Form a family of %(birds)s") % {"birds": birds}
    return labels.get(kind, "")


def _enclosed(row: list[dict], species: str, side: str) -> tuple[list[str], list[str]]:
    """What laying `species` at `side` of `row` encloses, and the row's species after (the
    engine's rule: the birds between the new cards and the nearest bird of the same species)."""
    same = [index for index, card in enumerate(row) if card["species"] == species]
    if not same:
        return [], [card["species"] for card in row] + [species]
    if side == "left":
        return [card["species"] for card in row[: same[0]]], [card["species"] for card in row[same[0] :]] + [species]
    cut = same[-1] + 1
    return [card["species"] for card in row[cut:]], [card["species"] for card in row[:cut]] + [species]


def _counted(species: list[str]) -> str:
    tally: dict[str, int] = {}
    for name in species:
        tally[name] = tally.get(name, 0) + 1
    return ", ".join(f"{count} {BIRDS[name] if count > 1 else BIRD[name]}" for name, count in sorted(tally.items()))


def _wins(counts: dict) -> bool:
    return len([n for n in counts.values() if n]) >= 7 or len([n for n in counts.values() if n >= 3]) >= 2


def pointing(view: dict, legal: list[dict]) -> list[dict]:
    """A species in the hand is picked as one group; a lay goes to a row end, a family to the
    collection. Previews are worked out from the seat's own view: the rows lie face up."""
    hand = view.get("hand_counts") or {}
    me = view.get("seat")
    entries = []
    for action in legal:
        kind = action.get("type")
        if kind == "lay":
            name, row, side = action["species"], action["row"], action["side"]
            count = hand.get(name, 0)
            taken, after = _enclosed(view["rows"][row], name, side)
            laid = _("Lay %(count)s %(birds)s at the %(side)s of row %(row)s") % {
                "count": count,
                "birds": (BIRDS if count > 1 else BIRD)[name],
                "side": _("left") if side == "left" else _("right"),
                "row": row + 1,
            }
            if taken:
                preview = _("%(laid)s: you take %(birds)s into your hand.") % {"laid": laid, "birds": _counted(taken)}
                if len(set(after)) < 2:
                    preview += " " + _("The row is then refilled from the deck.")
            else:
                preview = _("%(laid)s: it encloses no bird; you may then draw 2 cards.") % {"laid": laid}
            entries.append(
                {"payload": action, "pick": f"hand:{name}", "target": f"row:{row}:{side}", "preview": preview}
            )
        elif kind == "family":
            name = action["species"]
            count = hand.get(name, 0)
            kept = 2 if count >= LARGE[name] else 1
            preview = _(
                "Form a family of %(count)s %(birds)s: %(kept)s to your collection, %(rest)s to the discard pile."
            ) % {
                "count": count,
                "birds": BIRDS[name],
                "kept": kept,
                "rest": count - kept,
            }
            if me is not None:
                counts = dict((view.get("collection_counts") or [{}])[me])
                counts[name] = counts.get(name, 0) + kept
                if _wins(counts):
                    preview += " " + _("Your collection then wins the game.")
            entries.append({"payload": action, "pick": f"hand:{name}", "target": "collection", "preview": preview})
        elif kind == "draw":
            entries.append(
                {"payload": action, "pick": "deck", "target": None, "preview": _("Draw 2 cards from the deck.")}
            )
    return entries
