"""Filters for how words are set out.

- `{{ moment|when:"D j M H:i" }}`: Django's `date` filter, with day and month names in the case
  the active language writes them (`wildcards_site.wording.format_date`).
- `{{ text|continued }}`: a quoted text of several lines in a plain-text mail, every line after
  the first indented, so none of them can pass for a line of its own (another player's).
"""

from __future__ import annotations

from django import template
from django.utils.formats import number_format

from wildcards_site.wording import format_date

register = template.Library()


@register.filter(expects_localtime=True)
def when(value, pattern: str = "DATE_FORMAT") -> str:
    if value in (None, ""):
        return ""
    try:
        return format_date(value, pattern)
    except AttributeError:  # not a date: as `date`, nothing rather than an error page
        return ""


@register.filter
def continued(text: str) -> str:
    return "\n  ".join(str(text).splitlines())


@register.filter
def box_label(field) -> str:
    """A checkbox's label, which stands after the box: without the colon a label before its
    field ends with ("Clocks stop at weekends", not "Clocks stop at weekends:")."""
    return field.label_tag(label_suffix="")


@register.filter
def signed(value, places: int = 1) -> str:
    """A change with its sign, to `places` decimals in the reader's format: "+24.7", "-3.0", and
    "0.0" for what rounds to nothing (it read "+0.0" for a gain of 0.04 and "0.0" for a loss)."""
    rounded = round(float(value), places)
    if rounded == 0:
        return number_format(0, places)
    return ("+" if rounded > 0 else "-") + number_format(abs(rounded), places)
