"""CuBirds: the engine's public events (lays with what they enclosed, draws, families, re-deals)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.bymail.render import name_of
from games.presenters.cubirds.terms import BIRD, BIRDS


def _new_events(before: list[dict], after: list[dict]) -> list[dict]:
    """The events `after` adds to `before`; the engine keeps only the last few, so they overlap."""
    for overlap in range(min(len(before), len(after)), -1, -1):
        if before[len(before) - overlap :] == after[:overlap]:
            return after[overlap:]
    return after


def _birds(counts: dict) -> str:
    return ", ".join(f"{count} {BIRDS[name] if count > 1 else BIRD[name]}" for name, count in sorted(counts.items()))


def event_line(event: dict, names: dict) -> str | None:
    who = name_of(names, event.get("seat"))
    kind = event.get("type")
    if kind == "lay":
        birds = BIRDS if event["count"] > 1 else BIRD
        laid = {
            "who": who,
            "count": event["count"],
            "birds": birds[event["species"]],
            "row": event["row"] + 1,
        }
        if event["side"] == "left":
            text = _("%(who)s laid %(count)s %(birds)s at the left of row %(row)s") % laid
        else:
            text = _("%(who)s laid %(count)s %(birds)s at the right of row %(row)s") % laid
        enclosed = event.get("enclosed") or {}
        if enclosed:
            text += _(", enclosing %(birds)s") % {"birds": _birds(enclosed)}
        return text + "."
    if kind == "draw":
        return ngettext("%(who)s drew %(count)s card.", "%(who)s drew %(count)s cards.", event["count"]) % {
            "who": who,
            "count": event["count"],
        }
    if kind == "family":
        # Counted on the birds kept (1 or 2): Italian agrees "aggiunto 1" / "aggiunti 2".
        return ngettext(
            "%(who)s formed a family of %(count)s %(birds)s and added %(kept)s to the collection.",
            "%(who)s formed a family of %(count)s %(birds)s and added %(kept)s to the collection.",
            event["collected"],
        ) % {"who": who, "count": event["count"], "birds": BIRDS[event["species"]], "kept": event["collected"]}
    if kind == "no_draw":
        return _("%(who)s did not draw.") % {"who": who}
    if kind == "no_family":
        return _("%(who)s formed no family.") % {"who": who}
    if kind == "redeal":
        return _("%(who)s ended the turn with an empty hand: everyone got 8 new cards.") % {"who": who}
    if kind == "end":
        return _("The game is over.")
    return None


def changes(before: dict, after: dict, actor: int, names: dict) -> list[str]:
    events = _new_events(before.get("events") or [], after.get("events") or [])
    return [line for event in events if (line := event_line(event, names))]
