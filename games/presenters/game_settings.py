"""A game's settings in words, for its table and the Games page's lists: the game's own options
(labelled as the create form labels them, `games/presenters/<game>/terms.py`), whether it is rated, and its clock."""

from __future__ import annotations

from django.utils.timesince import TIME_STRINGS
from django.utils.translation import gettext as _

from games import terms
from games.engines import get_engine
from games.models import Game

HOUR, DAY = 3600, 86400


def duration(seconds: int) -> str:
    """ "2 days", "36 hours", "90 minutes": the largest whole unit (Django's own words for them)."""
    for unit, size in (("day", DAY), ("hour", HOUR)):
        if seconds >= size and seconds % size == 0:
            return TIME_STRINGS[unit] % {"num": seconds // size}
    return TIME_STRINGS["minute"] % {"num": max(1, round(seconds / 60))}


def option_words(game: Game) -> list[str]:
    """The game's options as the create form names them: "Edition: 2020: …", "Years: 2", and a
    yes/no option by its name when it is on (off, it is not listed). An option that matters only
    at some table sizes (`OPTION_PLAYERS` in the terms) is listed only at those."""
    try:
        defaults = get_engine(game.engine).default_options
    except KeyError:
        return []
    module = terms.of(game.engine)
    only_at = getattr(module, "OPTION_PLAYERS", {}) if module else {}
    chosen = {**defaults, **(game.options or {})}
    # The players the game is set up for (Wild Cards' Leo is one more): what `OPTION_PLAYERS` counts.
    players = getattr(module, "set_up_players", lambda seats, options: seats)(game.num_seats, chosen)
    words = []
    for key in defaults:
        value = chosen[key]
        if key in only_at and players not in only_at[key]:
            continue
        label = terms.option_label(game.engine, key)
        if isinstance(value, bool):
            if value:
                words.append(label)
            continue
        choices = {str(choice): text for choice, text in terms.option_choices(game.engine, key) or []}
        shown = choices.get(str(value), value)
        if shown not in (None, ""):
            words.append(f"{label}: {shown}")
    return words


def rated_words(game: Game) -> str:
    if game.unrated_for_bot_accounts:
        return _("not rated: it seats a bot account and a person")
    return _("rated") if game.rated else _("not rated")


def clock_words(game: Game) -> str:
    """ "Deadline per phase: 2 days" or "Time bank: 10 days, +36 hours a move, at most 10 days"."""
    if game.clock == Game.Clock.BANK:
        return _("Time bank: %(start)s, +%(increment)s a move, at most %(cap)s") % {
            "start": duration(game.bank_start_seconds),
            "increment": duration(game.bank_increment_seconds),
            "cap": duration(game.bank_cap_seconds),
        }
    return f"{_('Deadline per phase')}: {duration(game.phase_seconds)}"


def timing_words(game: Game) -> list[str]:
    """The clock, whether it stops at weekends, and how many missed deadlines hand the seat to a bot."""
    words = [clock_words(game)]
    if game.weekend_pause:
        words.append(_("Clocks stop at weekends"))
    words.append(f"{_('Missed deadlines in a row before a bot takes the seat')}: {game.timeouts_before_bot}")
    return words


def settings_words(game: Game) -> list[str]:
    """Everything the table lists, in order: options, rating, clock."""
    return [*option_words(game), rated_words(game), *timing_words(game)]


def summary_words(game: Game) -> list[str]:
    """What a list of games says of each beside its name: rated or not, and its clock."""
    return [rated_words(game), clock_words(game)]
