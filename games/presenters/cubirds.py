"""CuBirds labels: "Lay your robins at the left of row 2"."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.terms.cubirds import BIRDS


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
