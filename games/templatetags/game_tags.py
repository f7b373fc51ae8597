"""Template helpers shared by every game's table."""

from __future__ import annotations

from django import template

register = template.Library()


@register.filter
def seat_name(seat, names: list) -> str:
    """The name at a seat: `{{ player.seat|seat_name:seat_names }}`; Leo is no seat."""
    try:
        return names[int(seat)]
    except (TypeError, ValueError, IndexError):
        return "Leo" if seat == "leo" else str(seat)


@register.simple_tag(takes_context=True)
def page_section(context, section) -> str:
    """A block another app added to this page (`games.sections`), rendered with its own context."""
    from django.template.loader import render_to_string

    return render_to_string(section.template, section.context, request=context.get("request"))


@register.filter
def rules_path(engine: str) -> str:
    """The game's rules page, or "" for a game without one."""
    from games.rules import rules_path as path

    return path(engine) or ""
