"""Rating history charts as server-rendered SVG (pygal): drawn with JavaScript off too."""

from __future__ import annotations

from xml.etree import ElementTree

import pygal
from django.utils.safestring import SafeString, mark_safe
from pygal.style import CleanStyle

from tournaments.ratings.models import RatingChange


def history_svg(title: str, changes: list[RatingChange]) -> SafeString:
    """A line of the rating after each game; x is the game's number in the pool."""
    chart = pygal.Line(
        title=title,
        style=CleanStyle,
        show_legend=False,
        height=260,
        width=720,
        js=[],  # no script: the SVG is complete as sent, and nothing is loaded from a CDN
        disable_xml_declaration=True,
        show_minor_x_labels=False,
        x_labels_major_count=8,
        explicit_size=False,
    )
    chart.x_labels = [str(i) for i in range(len(changes) + 1)]
    start = changes[0].before if changes else 0
    chart.add(title, [round(start)] + [round(change.after) for change in changes])
    root = chart.render_tree()
    # pygal writes an inline <script> with its config even with js=[]; the Content-Security-
    # Policy refuses inline scripts, and the chart needs none (no tooltips without pygal's js).
    for parent in list(root.iter()):
        for child in [child for child in parent if child.tag == "script"]:
            parent.remove(child)
    return mark_safe(ElementTree.tostring(root, encoding="unicode"))  # noqa: S308 - pygal escapes its labels
