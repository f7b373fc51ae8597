"""The rules pages: an index of the games and one page per game, in the reader's language."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from games import registry, terms
from games.rules_pages import rules


def rules_index(request: HttpRequest) -> HttpResponse:
    games = [(engine, registry.title(engine)) for engine in registry.names()]
    return render(request, "rules/index.html", {"games": games})


def rules_page(request: HttpRequest, engine: str) -> HttpResponse:
    if not rules.has_rules(engine):
        raise Http404("no rules for this game")
    context = {
        "engine": engine,
        "title": registry.title(engine),
        "content_template": rules.content_template(engine),
        "sections": rules.SECTIONS,
        "glossary": terms.glossary(engine),
        "examples": rules.example_commands(engine),
        "options": [(key, terms.option_label(engine, key)) for key in terms.of(engine).OPTIONS],
    }
    return render(request, "rules/page.html", context)
