"""The rules pages: one per game and language, written by the team in its own words from the
rulebooks (`templates/rules/<language>/<engine>.html`), framed by `templates/rules/page.html`
with the game's words (`games.terms`) and how to play it here, by mail included."""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from games import registry
from games.bymail import render
from games.engines import Engine, IllegalOptions, get_engine

# The sections every rules page has, in this order (their ids are the page's anchors).
SECTIONS = [
    ("overview", _("The game")),
    ("setup", _("Set-up")),
    ("turn", _("A turn")),
    ("scoring", _("Scoring")),
    ("end", _("End of the game")),
    ("options", _("Options and variants")),
]


def has_rules(engine: str) -> bool:
    return registry.is_game(engine)


def rules_path(engine: str) -> str | None:
    """The rules page's path, or None for an engine without one (the tests' toy game)."""
    return reverse("games:rules", args=[engine]) if has_rules(engine) else None


def rules_url(engine: str) -> str | None:
    """The rules page as a full address, for mail."""
    path = rules_path(engine)
    return settings.SITE_URL + path if path else None


def content_template(engine: str, language: str | None = None) -> str:
    """The page text in the language asked for; every game has all four languages (a test says so)."""
    codes = [code for code, _name in settings.LANGUAGES]
    language = (language or get_language() or "en").split("-")[0]
    return f"rules/{language if language in codes else 'en'}/{engine}.html"


def _fewest_players(game: Engine) -> int:
    """The smallest table that plays the game as it comes, no variant switched on by the table's
    size (two players turn on Wizard's two-player variant)."""
    for players in range(game.min_players, game.max_players + 1):
        try:
            if game.validate_options(players, None) == dict(game.default_options):
                return players
        except IllegalOptions:
            continue
    return game.max_players


def example_commands(engine: str, count: int = 3) -> list[str]:
    """Reply lines a player could write at the start of a game, in the active language, made
    from a sample game by the same code that reads replies (so the page never drifts from it)."""
    game = get_engine(engine)
    state = game.new_game(_fewest_players(game), "rules-page")
    seat = game.to_act(state)[0]
    view = game.view(state, seat)
    lines: list[str] = []
    for action in game.legal_actions(state, seat):
        line = render.phrase(engine, action, view)
        if line not in lines:
            lines.append(line)
        if len(lines) == count:
            break
    return lines
