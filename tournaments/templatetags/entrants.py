"""An entrant as the event's pages name them: how they left, and a name an organiser can tell apart."""

from __future__ import annotations

from django import template

from tournaments.pages.presenters import leaving_mark as mark_of

register = template.Library()


@register.filter
def leaving_mark(entry) -> str:
    """`{{ entry|leaving_mark }}`: "dropped out", "disqualified"... or ""."""
    return mark_of(entry)


@register.filter
def told_apart(user) -> str:
    """The display name, and the username after it where the two differ: "Ana (ana72)", "jon"."""
    name = user.profile.name
    return name if name == user.username else f"{name} ({user.username})"
