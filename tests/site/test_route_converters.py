"""Every route's numbers go through the project's `<id:…>` converter (at most 18 digits), never
Django's `<int:…>`: a number past 2**63 in an `<int:>` route would reach the database and answer
500 on SQLite (POST /tournaments/<t>/tables/9223372036854775808/adjudicate/, say)."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.converters import IntConverter


def _patterns(resolver, prefix=""):
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            yield from _patterns(entry, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern):
            yield prefix + str(entry.pattern), entry.pattern


def _converters(pattern) -> dict:
    return getattr(pattern, "converters", {}) or {}


def test_no_route_takes_a_number_without_a_bound():
    unbounded = []
    for route, pattern in _patterns(get_resolver()):
        for name, converter in _converters(pattern).items():
            if isinstance(converter, IntConverter):
                unbounded.append(f"{route} ({name})")
    assert unbounded == []


def test_the_walk_sees_the_routes_with_numbers():
    routes = [route for route, pattern in _patterns(get_resolver()) if _converters(pattern)]
    assert any("adjudicate" in route for route in routes) and any("api/v1/games" in route for route in routes)
