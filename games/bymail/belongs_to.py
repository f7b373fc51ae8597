"""Where a game mail's game belongs, in the mail's footer: "Round 2, table 3 of Spring Cup"."""

from __future__ import annotations

from django.conf import settings
from django.utils import translation

from games.models import Game
from games.sections import game_links


def belongs_to(game: Game) -> list[dict]:
    """Where the game belongs ("Round 2, table 3 of Spring Cup"), as its table says it at the top,
    so a tournament's turn mails name the tournament: asked once per language for
    the mails of one batch, which share the game."""
    cache = game.__dict__.setdefault("_belongs_to", {})
    language = translation.get_language()
    if language not in cache:
        links = game_links([game]).get(game.pk, [])
        cache[language] = [{"text": link.text, "url": settings.SITE_URL + link.url} for link in links]
    return cache[language]
