"""Places in words: "1st", "2nd" ("1º" in Italian, "1.º" in Spanish, "1e" in Dutch).

Django's humanize has an `ordinal` filter, but its Italian ("1esimo") is not what Italians
write, so the endings live in our own catalogs, with a context per ending as humanize does.
"""

from __future__ import annotations

from django import template
from django.utils.translation import pgettext

register = template.Library()


def ordinal(value: int) -> str:
    """A place as an ordinal in the active language; anything not a whole number as it is."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        return str(value)
    if number % 100 in (11, 12, 13):
        ending = pgettext("place 11, 12, 13", "{}th")
    else:
        ending = {
            1: pgettext("place ending in 1", "{}st"),
            2: pgettext("place ending in 2", "{}nd"),
            3: pgettext("place ending in 3", "{}rd"),
        }.get(number % 10) or pgettext("place ending in 0 or 4-9", "{}th")
    return ending.format(number)


@register.filter
def place(value) -> str:
    """`{{ seat.rank|place }}`: "1st"."""
    return ordinal(value)


@register.filter
def result(seat, engine: str) -> str:
    """`{{ seat|result:game.engine }}`: a finished seat's place and score in the game's words,
    "2nd, 3 points" ("2nd, 3 birds collected" in CuBirds, which has no points); "2nd" alone
    without a score."""
    from games import terms

    if seat.score is None:
        return ordinal(seat.rank)
    return terms.result_words(engine, ordinal(seat.rank), seat.score)
