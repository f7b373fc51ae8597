"""Rating history charts as server-rendered SVG (pygal): drawn with JavaScript off too."""

from __future__ import annotations

from xml.etree import ElementTree

import pygal
from django.utils import formats, timezone
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import pgettext
from pygal.style import CleanStyle

from tournaments.ratings.models import RatingChange

# Drawn at about a phone's width, so its texts keep their size there (the SVG scales to the
# column it is in); the style's sizes are in the chart's own units.
STYLE = CleanStyle(title_font_size=17, label_font_size=14, major_label_font_size=14, value_font_size=14)


def history_svg(title: str, changes: list[RatingChange]) -> SafeString:
    """A line of the rating after each game, over the games' dates in the reader's language
    and time zone; the first point is the rating before the first game."""
    chart = pygal.Line(
        title=title,
        style=STYLE,
        show_legend=False,
        height=300,
        width=400,
        js=[],  # no script: the SVG is complete as sent, and nothing is loaded from a CDN
        disable_xml_declaration=True,
        show_minor_x_labels=False,
        x_labels_major_count=4,
        truncate_label=-1,
        explicit_size=False,
    )
    chart.x_labels = [""] + [_short_date(change.finished_at) for change in changes]
    start = changes[0].before if changes else 0
    chart.add(title, [round(start)] + [round(change.after) for change in changes])
    root = chart.render_tree()
    # pygal writes an inline <script> with its config even with js=[]; the Content-Security-
    # Policy refuses inline scripts, and the chart needs none (no tooltips without pygal's js).
    for parent in list(root.iter()):
        for child in [child for child in parent if child.tag == "script"]:
            parent.remove(child)
    return mark_safe(ElementTree.tostring(root, encoding="unicode"))  # noqa: S308 - pygal escapes its labels


def _short_date(moment) -> str:
    # The format is the translators': English writes "11 Jan", Italian, Spanish and Dutch "11 gen".
    return formats.date_format(timezone.localtime(moment), pgettext("rating chart date, Django's date format", "j M"))
