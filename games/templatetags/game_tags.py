"""Template helpers shared by every game's table."""

from __future__ import annotations

from django import template
from django.utils.safestring import mark_safe
from django.utils.translation import gettext

from wildcards_site.wording import names_list

register = template.Library()


@register.filter
def seat_name(seat, names: list) -> str:
    """The name at a seat: `{{ player.seat|seat_name:seat_names }}`; Leo is no seat."""
    if seat == "leo":
        return gettext("Leo")
    try:
        return names[int(seat)]
    except (TypeError, ValueError, IndexError):
        return str(seat)


@register.filter
def seats_named(seats, names: list) -> str:
    """One seat's name, or several joined ("Ana, Bruno and Carla"): `{{ seats|seats_named:seat_names }}`."""
    if isinstance(seats, list | tuple):
        return names_list([seat_name(seat, names) for seat in seats])
    return seat_name(seats, names)


@register.simple_tag(takes_context=True)
def page_section(context, section) -> str:
    """A block another app added to this page (`games.sections`), rendered with its own context."""
    from django.template.loader import render_to_string

    return render_to_string(section.template, section.context, request=context.get("request"))


@register.filter
def rules_path(engine: str) -> str:
    """The game's rules page, or "" for a game without one."""
    from games.rules_pages.rules import rules_path as path

    return path(engine) or ""


@register.filter
def get_item(sequence, index):
    """`{{ view.hand_sizes|get_item:seat }}`: one entry of a list (or dict) by position (or key)."""
    try:
        return sequence[index]
    except (IndexError, KeyError, TypeError):
        return ""


@register.filter
def pointed_moves(actions: list[dict]) -> list[dict]:
    """The legal moves a player can also make by pointing at the table."""
    return [action for action in actions or [] if action.get("pick")]


@register.filter
def moves_with_targets(actions: list[dict]) -> bool:
    """Whether a pointed move goes somewhere once picked (a row, a pile): the hint says so only then."""
    return any(action.get("target") for action in actions or [])


@register.filter
def unpointed_moves(actions: list[dict]) -> list[dict]:
    return [action for action in actions or [] if not action.get("pick")]


@register.filter
def channel_label(channel: str) -> str:
    """How a move came in ("web", "mail", "timeout"…), in the reader's language."""
    from games.models import Action

    try:
        return str(Action.Channel(channel).label)
    except ValueError:
        return channel


# A glyph's width for its font size, as the site's serif draws an average name: past it, a name is squeezed.
GLYPH_WIDTH = 0.5


@register.filter
def fits(text, spec: str) -> str:
    """SVG attributes that squeeze `text` into a card's width when it would not fit:
    `<text{{ name|fits:"9,50" }}>` (font size, width). Names run longer in other languages
    ("Stokstaartje", "Reabastecimiento") and would run off the card."""
    size, width = (float(part) for part in spec.split(","))
    if len(str(text)) * size * GLYPH_WIDTH <= width:
        return ""
    return mark_safe(f' textLength="{width:g}" lengthAdjust="spacingAndGlyphs"')
