"""An event's standings, or a knock-out's final places, as CSV for an organiser's spreadsheet.

The rows and their order are the page's (`presenters.tournament_data`); numbers are written with
a point and up to two decimals, as spreadsheets read them in any language. A cell that a
spreadsheet would run as a formula (a display name starting with "=", "+", "-" or "@") is
written as text, with a leading apostrophe (OWASP's advice on CSV injection).
"""

from __future__ import annotations

import csv
import io
from decimal import Decimal

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournaments.numbers import hundredths
from tournaments.pages.presenters import leaving_mark
from wildcards_site.accounts.marks import text_mark

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def standings_csv(data: dict, knock_out: bool, sonneborn_berger: bool) -> str | None:
    """The file's text, or None when the event has neither standings nor final places yet."""
    users = {entry.pk: entry.user for entry in data["entries"]}
    placed = sorted((entry for entry in data["entries"] if entry.final_place), key=lambda entry: entry.final_place)
    out = io.StringIO()
    writer = csv.writer(out)
    if data["standings"] and data["rounds"] and not knock_out:
        writer.writerow(
            [
                _("Place"),
                _("Player"),
                _("Username"),
                pgettext("standings column: how a player left the event", "Left"),
                _("Points"),
            ]
            + (["Sonneborn-Berger"] if sonneborn_berger else [])
            + [_("Buchholz"), _("Opponents' average"), _("Rating at the start")]
        )
        for row in data["standings"]:
            tie_breaks = [row["sonneborn_berger"]] if sonneborn_berger else []
            numbers = [_number(value) for value in [row["points"], *tie_breaks, row["buchholz"]]]
            writer.writerow(
                [
                    row["final_place"] or row["position"],
                    _text(row["name"] + text_mark(users[row["entry"]])),
                    _text(users[row["entry"]].username),
                ]
                + [row["mark"], *numbers, _number(row["opponents_average"]), round(row["rating"])]
            )
    elif placed:
        writer.writerow(
            [_("Place"), _("Player"), _("Username"), pgettext("standings column: how a player left the event", "Left")]
        )
        for entry in placed:
            user = entry.user
            name = _text(user.profile.name + text_mark(user))
            writer.writerow([entry.final_place, name, _text(user.username), leaving_mark(entry)])
    else:
        return None
    return out.getvalue()


def _number(value: float) -> str:
    """Rounded as the page rounds it (`hundredths`), without trailing zeros: "1.5", "3"."""
    return f"{Decimal(repr(hundredths(value))).normalize():f}"


def _text(value: str) -> str:
    return f"'{value}" if value.startswith(FORMULA_STARTS) else value
