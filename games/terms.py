"""Each game's words in one place: pages, mail, reply commands, the create form and the rules
pages take them from `games/presenters/<engine>/terms.py`, so a term changed there changes everywhere.

A terms module defines
- `COMMANDS`: the verbs and nouns of reply commands ({key: lazy text});
- `OPTIONS`: the create form's label of each engine option ({key: lazy text});
- `CHOICES`: for options with a fixed set of values, [(value, lazy text)];
- `GLOSSARY`: [(lazy heading, {key: lazy term})], the groups the rules page lists;
- optionally `RESULT_WORDS`: ngettext_lazy(..., "count") for a final result in a game without
  points ("2nd, 3 birds collected"), and `SCORE_WORDS` for the count alone ("3 birds collected");
  a game without them scores points ("2nd, 3 points");
- optionally `OPTION_HELP`: {key: lazy text} said under an option on the create form;
- optionally `OPTION_PLAYERS`: {key: (player counts)} for an option that matters only at those
  table sizes (the table lists a game's settings, `games/presenters/game_settings.py`), and
  `set_up_players(num_seats, options)` where the game is set up for more players than its seats.

Words that mean different things in different games (a Wild Cards bid is a "puja" in Spanish,
a Wizard bid an "apuesta") carry the game as their gettext context.
"""

from __future__ import annotations

from types import ModuleType

from django.utils.translation import ngettext

from games import registry


def of(engine: str) -> ModuleType | None:
    """The terms module of a game, or None for a game without one."""
    return registry.part(engine, "terms")


def result_words(engine: str, place: str, score: int) -> str:
    """A final result in the game's words: "2nd, 3 points", or, in a game without points, what
    it counts ("2nd, 3 birds collected")."""
    module = of(engine)
    words = getattr(module, "RESULT_WORDS", None) if module else None
    if words is None:
        return ngettext("%(place)s, %(points)s point", "%(place)s, %(points)s points", score) % {
            "place": place,
            "points": score,
        }
    return words % {"place": place, "count": score}


def score_words(engine: str, score: int) -> str:
    """A final score in the game's words, without the place: "3 points", "3 birds collected"."""
    module = of(engine)
    words = getattr(module, "SCORE_WORDS", None) if module else None
    if words is None:
        return ngettext("%(points)s point", "%(points)s points", score) % {"points": score}
    return words % {"count": score}


def option_label(engine: str, key: str) -> str:
    module = of(engine)
    label = (module.OPTIONS.get(key) if module else None) or key.replace("_", " ").capitalize()
    return str(label)


def option_help(engine: str, key: str) -> str:
    """What the create form says under an option ("" for none)."""
    module = of(engine)
    return str(getattr(module, "OPTION_HELP", {}).get(key, "")) if module else ""


def option_choices(engine: str, key: str) -> list[tuple[str, str]] | None:
    """The allowed values of an option with their labels, or None for a free or yes/no option."""
    module = of(engine)
    choices = module.CHOICES.get(key) if module else None
    return [(value, str(label)) for value, label in choices] if choices else None


def option_value(engine: str, key: str, text: str):
    """A choice as posted (text) back to the engine's value: Emu Ranchers' first seat is 0."""
    module = of(engine)
    for value, _label in module.CHOICES.get(key, []) if module else []:
        if str(value) == text:
            return value
    return text


def glossary(engine: str) -> list[dict]:
    """The game's words in the active language, grouped: [{"heading", "terms": [str]}]."""
    module = of(engine)
    if module is None:
        return []
    return [
        {"heading": str(heading), "terms": [str(term) for term in group.values()]} for heading, group in module.GLOSSARY
    ]
