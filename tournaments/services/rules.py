"""The one check of a tournament's settings, for its creation and for every edit before the start.

`checked_settings` takes everything the organiser chose and answers the complete, checked
settings (the model's fields), or refuses with a sentence for the organiser. Creating and
editing share it so an edit can never reach a state that creation would have refused.
"""

from __future__ import annotations

from django.utils.text import get_text_list
from django.utils.translation import gettext as _

from games import registry
from games.engines import IllegalOptions, get_engine
from games.models import Game
from games.services.errors import ActionRejected
from games.services.refusals import refusal_text
from tournaments.formats import FORMATS, Format, get_format
from tournaments.formats.elimination import fitting_cuts
from tournaments.formats.tables import TableSizeError, split
from tournaments.models import Tournament
from tournaments.organiser_settings import BLANK_IS_NONE, NAMES

HOUR, DAY = 3600, 86400
# A place is worth at most this many points: far above any real scale, and a float stays exact.
MAX_POINTS = 1000
MAX_RATING = 4000


def _refuse(message: str) -> ActionRejected:
    return ActionRejected("bad_options", message)


TIMES = ("registration_opens_at", "registration_closes_at", "starts_at")


def settings_of(tournament: Tournament) -> dict:
    """The tournament's current settings, as `checked_settings` takes them (times to the minute,
    as it keeps them)."""
    settings = {key: getattr(tournament, key) for key in NAMES}
    return settings | {key: _to_the_minute(settings[key]) for key in TIMES}


def _to_the_minute(moment):
    """Times are kept to the minute, as the settings form shows and sends them: a start stored with
    seconds (the admin's time field has them) counted as changed by every save of the form, and a change of
    the start changes the rules (the entrants are mailed)."""
    return moment.replace(second=0, microsecond=0) if moment is not None else None


# What a top cut's fit depends on (`_check_cut`).
CUT_SETTINGS = ("top_cut", "seats_min", "seats_preferred", "seats_max", "advance_per_table")


def checked_settings(chosen: dict, before: dict | None = None) -> dict:
    """The complete settings from what the organiser chose; ActionRejected when any is wrong.

    `before`: the settings as they stand, for a change; a top cut is checked against the tables
    only when one of them changes (an event made before the rule keeps its cut through a save)."""
    unknown = set(chosen) - set(NAMES)
    if unknown:
        raise _refuse(_("Unknown settings: %(names)s.") % {"names": ", ".join(sorted(unknown))})
    fields = {key: value for key, value in chosen.items() if value is not None or key in BLANK_IS_NONE}
    for key in TIMES:
        if fields.get(key) is not None:
            fields[key] = _to_the_minute(fields[key])
    # One line, as pages and mails head with it: a name must not write lines into a mail.
    name = " ".join(str(fields.get("name", "")).split())
    if any(not char.isprintable() for char in name):
        raise _refuse(_("Please use only printable characters."))
    if not name or len(name) > 100:
        raise _refuse(_("A tournament needs a name of at most 100 characters."))
    fields["name"] = name
    try:
        engine = get_engine(fields.get("engine", ""))
    except KeyError:
        raise _refuse(_("There is no such game.")) from None
    if not isinstance(fields.get("format"), str) or fields["format"] not in FORMATS:
        raise _refuse(_("There is no such tournament format."))
    _check_tables(engine, get_format(fields["format"]), fields, before)
    _check_scoring(fields)
    _check_clock(fields)
    _check_entry(fields)
    return fields


def _check_tables(engine, format: Format, fields: dict, before: dict | None = None) -> None:
    two_player = format.two_player_only
    preferred = fields.setdefault("seats_preferred", 2 if two_player else engine.min_players)
    minimum = fields.setdefault("seats_min", max(engine.min_players, 2 if two_player else engine.min_players))
    maximum = fields.setdefault("seats_max", preferred)
    if two_player and not (preferred == minimum == maximum == 2):
        raise _refuse(_("Double elimination is for 2-player tables."))
    if not engine.min_players <= minimum <= maximum <= engine.max_players:
        if engine.min_players == engine.max_players:
            raise _refuse(_("Tables of this game seat exactly %(count)s players.") % {"count": engine.min_players})
        raise _refuse(
            _("Tables must seat %(min)s to %(max)s players.") % {"min": engine.min_players, "max": engine.max_players}
        )
    if not minimum <= preferred <= maximum:
        # Each size within the game's range, but not in order: said as such, not
        # "2 to 5 players" for 4 preferred with 3 at most.
        raise _refuse(
            _("The players per table (%(preferred)s) must lie between the fewest (%(fewest)s) and the most (%(most)s).")
            % {"preferred": preferred, "fewest": minimum, "most": maximum}
        )
    try:
        split(minimum, preferred, minimum, maximum)
    except TableSizeError as error:
        raise _refuse(str(error)) from None
    # The organiser's choices are kept as chosen: each table's own size completes them
    # (`table_options`), so what a game sets by itself for a size (Wizard's two-player variant,
    # Wild Cards' Leo) is set table by table. Every size from the fewest to the most can be
    # seated (drops, byes and uneven fields make them all), so each must be playable.
    options = fields.get("options") or {}
    unplayable = unplayable_sizes(engine.name, options, minimum, maximum)
    if unplayable:
        size, reason = unplayable[0]
        raise _refuse(
            _(
                "%(game)s cannot be played by %(size)s with these options: %(reason)s "
                "Change the fewest or most players at a table, or the options."
            )
            % {"game": registry.title(engine.name), "size": size, "reason": reason}
        )
    fields["options"] = dict(options)
    rounds = fields.get("rounds")
    if format.rounds_required and not rounds:
        raise _refuse(_("A Swiss tournament needs a number of rounds."))
    if rounds is not None and not 1 <= rounds <= 50:
        raise _refuse(_("A tournament has 1 to 50 rounds."))
    top_cut = fields.setdefault("top_cut", 0)
    if top_cut and (not format.has_top_cut or top_cut < 2):
        raise _refuse(_("Only a Swiss tournament has a top cut, of at least 2 players."))
    advance = fields.setdefault("advance_per_table", 1)
    knock_out = format.knock_out or (format.has_top_cut and top_cut)
    if knock_out and maximum > 2:
        if not 1 <= advance < minimum:
            raise _refuse(_("Fewer players must go on from a table than sit at it."))
    elif advance != 1:
        raise _refuse(
            _(
                "Several players go on from a table only in a knock-out at tables of more than two: "
                "a knock-out tournament, or a Swiss tournament's top cut."
            )
        )
    changed = before is None or any(before.get(key) != fields.get(key) for key in CUT_SETTINGS)
    if top_cut and maximum > 2 and changed:
        _check_cut(top_cut, fields["seats_preferred"], minimum, maximum, advance)
    late = fields.setdefault("late_join_before_round", 0)
    if late and (not format.takes_late_entries or late > (rounds or 0)):
        raise _refuse(_("Only a Swiss tournament takes late entries, and only before one of its rounds."))


def _check_cut(cut: int, preferred: int, minimum: int, maximum: int, advance: int) -> None:
    fits = fitting_cuts(preferred, minimum, maximum, advance)
    if cut in fits:
        return
    if minimum == maximum:
        tables = str(minimum)
    else:
        tables = _("%(fewest)s to %(most)s") % {"fewest": minimum, "most": maximum}
    raise _refuse(
        _(
            "At tables of %(tables)s players, a top cut of %(cut)s would give byes in the knock-out "
            "(a bye can carry a player straight to the final). Top cuts that seat every round: %(fits)s."
        )
        % {"tables": tables, "cut": cut, "fits": get_text_list(_runs(fits))}  # Django says "or" in each language
    )


def _runs(numbers: list[int]) -> list[str]:
    """[3, 4, 9, 10, 11, 12] -> ["3", "4", "9–12"]: three or more in a row as a range."""
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    words: list[str] = []
    for run in runs:
        words.extend([f"{run[0]}–{run[-1]}"] if len(run) > 2 else [str(number) for number in run])
    return words


def table_options(engine_name: str, options: dict, size: int) -> dict:
    """A table's complete options: the tournament's (the organiser's choices) for its size, as
    the game completes them; IllegalOptions when the game cannot be played so."""
    return get_engine(engine_name).validate_options(size, options or {})


def unplayable_sizes(engine_name: str, options: dict, fewest: int, most: int) -> list[tuple[int, str]]:
    """(size, the game's reason) for each table size from `fewest` to `most` that these options
    cannot seat."""
    refused = []
    for size in range(fewest, most + 1):
        try:
            table_options(engine_name, options, size)
        except IllegalOptions as error:
            refused.append((size, refusal_text(error)))
    return refused


def default_place_points(seats_max: int) -> list[int]:
    """Points per place when the organiser gives none: 4, 2, 1, 0 (1, 0 at tables of two)."""
    return [4, 2, 1, 0][:seats_max] if seats_max > 2 else [1, 0]


def _check_scoring(fields: dict) -> None:
    maximum = fields["seats_max"]
    points = fields.get("place_points")
    if not points:
        points = default_place_points(maximum)
    try:
        points = [float(value) for value in points]
    except (TypeError, ValueError):
        raise _refuse(_("Points per place must be numbers.")) from None
    if len(points) > maximum or any(not 0 <= value <= MAX_POINTS for value in points):
        raise _refuse(
            _("Give at most %(count)s points per place, each from 0 to %(max)s.")
            % {"count": maximum, "max": MAX_POINTS}
        )
    if points != sorted(points, reverse=True):
        raise _refuse(_("A better place cannot score fewer points than a worse one."))
    fields["place_points"] = [int(value) if value.is_integer() else value for value in points]
    # None (blank): a bye is one win, the first place's points (formats.swiss.standings).
    bye = fields.setdefault("bye_points", None)
    if bye is not None and not 0 <= bye <= MAX_POINTS:
        raise _refuse(_("A bye scores from 0 to %(max)s points.") % {"max": MAX_POINTS})


def _check_clock(fields: dict) -> None:
    clock = fields.setdefault("clock", Game.Clock.PHASE)
    if clock not in Game.Clock.values:
        raise _refuse(_("There is no such time control."))
    phase = fields.setdefault("phase_seconds", 2 * DAY)
    if not HOUR <= phase <= 14 * DAY:
        raise _refuse(_("A phase lasts from 1 hour to 14 days."))
    start = fields.setdefault("bank_start_seconds", 10 * DAY)
    increment = fields.setdefault("bank_increment_seconds", 36 * HOUR)
    cap = fields.setdefault("bank_cap_seconds", 10 * DAY)
    if not (HOUR <= start <= cap <= 60 * DAY and 0 <= increment <= cap):
        raise _refuse(_("A time bank starts with at least an hour and holds at most 60 days."))
    if not 1 <= fields.setdefault("timeouts_before_bot", 2) <= 10:
        raise _refuse(_("A bot takes a seat after 1 to 10 missed deadlines."))


def _check_entry(fields: dict) -> None:
    capacity = fields.get("capacity")
    if capacity is not None and capacity < 2:
        raise _refuse(_("A tournament takes at least 2 players."))
    rating = fields.get("min_rating")
    if rating is not None and not 0 <= rating <= MAX_RATING:
        raise _refuse(_("A minimum rating is from 0 to %(max)s.") % {"max": MAX_RATING})
    reliability = fields.get("min_reliability")
    if reliability is not None and not 0 <= reliability <= 1:
        raise _refuse(_("A minimum reliability is a share of finished games, from 0 to 1."))
    opens, closes, starts = (fields.get(key) for key in TIMES)
    if opens and closes and opens >= closes:
        raise _refuse(_("Registration must open before it closes."))
    if starts and (closes and closes > starts or opens and opens >= starts):
        raise _refuse(_("Registration must close by the start."))
