"""The organiser's form for a tournament's settings, for its creation and its edits before the start.

The form checks each field's shape; the service (`services/rules.py`) checks the settings
against the game and the format. Each game's options have their own fieldset, with the same
widgets as the game creation form; only the chosen game's are read.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games import registry
from games.engines import available_engines
from games.lobby.forms import BANK_PRESETS, CLOCK_CHOICES, MIN_PHASE_SECONDS, chosen_options, option_fields
from games.models import Game
from tournaments.formats.round_robin import blank_rounds
from tournaments.models import Tournament
from tournaments.organiser_settings import BLANK_IS_NONE, FORM_FIELDS, WHAT_AND_HOW
from tournaments.services.rules import default_place_points

# Far above any real field, and far below the database column's limit.
MAX_CAPACITY = 100_000
HOUR = 3600
DATETIME = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")


class TournamentForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=100)
    engine = forms.ChoiceField(
        label=_("Game"),
        choices=registry.choices,
        widget=forms.Select(attrs={"data-engine-choice": ""}),
    )
    format = forms.ChoiceField(label=_("Format"), choices=Tournament.Format.choices)
    seats_preferred = forms.IntegerField(label=_("Players per table"), min_value=2, max_value=6, initial=2)
    seats_min = forms.IntegerField(label=_("Fewest players at a table"), min_value=2, max_value=6, initial=2)
    seats_max = forms.IntegerField(label=_("Most players at a table"), min_value=2, max_value=6, initial=2)
    rounds = forms.IntegerField(
        label=_("Rounds (Swiss, round robin)"),
        min_value=1,
        max_value=50,
        required=False,
        help_text=_(
            "A round robin left blank plays as many rounds as it takes for every pair of players to meet: "
            "n - 1 rounds for n players at 2-player tables, at least (n - 1) / (k - 1) at tables of k."
        ),
    )
    top_cut = forms.IntegerField(
        label=_("Top cut (Swiss)"),
        min_value=0,
        max_value=64,
        initial=0,
        help_text=_(
            "The best players after the Swiss rounds play a knock-out. At tables of more than two the "
            "cut must seat every knock-out round without byes: 3, 9 or 27 at tables of 3, for example."
        ),
    )
    advance_per_table = forms.IntegerField(
        label=_("Players going on from each table (knock-out or top cut, tables above two)"),
        min_value=1,
        max_value=5,
        initial=1,
        required=False,
        help_text=_("The top cuts that fit depend on it: with two going on from tables of 4, a cut of 8 or 16."),
    )
    place_points = forms.CharField(
        label=_("Points per place, best first"),
        required=False,
        max_length=60,
        help_text=_("For example 4, 2, 1, 0. Blank: 4, 2, 1, 0 (two-player tables: 1, 0)."),
    )
    bye_points = forms.FloatField(
        label=_("Points for a bye (blank: one win)"), min_value=0, max_value=1000, required=False
    )
    late_join_before_round = forms.IntegerField(
        label=_("Late entries until round (Swiss; 0: none)"), min_value=0, max_value=50, initial=0, required=False
    )
    # Hours per phase show only while a deadline per phase is chosen (static/js/forms.js).
    clock = forms.ChoiceField(
        label=_("Time control"),
        choices=CLOCK_CHOICES,
        required=False,
        widget=forms.Select(attrs={"data-clock-choice": ""}),
    )
    phase_hours = forms.IntegerField(
        label=_("Hours per phase"),
        min_value=MIN_PHASE_SECONDS // 3600,
        max_value=24 * 14,
        initial=48,
        widget=forms.NumberInput(attrs={"data-phase-only": ""}),
    )
    weekend_pause = forms.BooleanField(label=_("Clocks stop at weekends"), required=False)
    rated = forms.BooleanField(label=_("Rated"), required=False, initial=True)
    allow_ahead = forms.BooleanField(
        label=_("Players may answer ahead (a card by what is led, a bid by the bids before)"),
        required=False,
        initial=True,
    )
    allow_delegates = forms.BooleanField(
        label=_("Players may hand their seat to a delegate (a bot at the Standard level)"),
        required=False,
        initial=True,
    )
    capacity = forms.IntegerField(label=_("Capacity"), min_value=2, max_value=MAX_CAPACITY, required=False)
    min_rating = forms.IntegerField(label=_("Minimum rating"), min_value=0, max_value=4000, required=False)
    min_reliability = forms.IntegerField(
        label=_("Minimum reliability (per cent of recent games finished)"), min_value=0, max_value=100, required=False
    )
    invitation_only = forms.BooleanField(label=_("By invitation only"), required=False)
    allow_bot_accounts = forms.BooleanField(
        label=_("Bot accounts may enter (accounts that programs play through the API)"), required=False
    )
    registration_opens_at = forms.DateTimeField(label=_("Registration opens at"), required=False, widget=DATETIME)
    registration_closes_at = forms.DateTimeField(label=_("Registration closes at"), required=False, widget=DATETIME)
    starts_at = forms.DateTimeField(label=_("Starts at (blank: when you start it)"), required=False, widget=DATETIME)

    def __init__(self, *args, tournament: Tournament | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        if tournament is not None and tournament.format_spec.scheduled:
            self.fields["rounds"].help_text = _blank_rounds_help(tournament)
        # Each game's options, named option_<game>_<option>: the page shows the chosen game's.
        self.option_groups = []
        for engine in available_engines():
            names = []
            for key, name, field in option_fields(engine, prefix=f"option_{engine}_", required=False):
                self.fields[name] = field
                names.append((key, name))
            self.option_groups.append((engine, registry.title(engine), names))

    @property
    def general_fields(self) -> list:
        return [self[name] for name in self.fields if not name.startswith("option_")]

    @property
    def option_fieldsets(self) -> list[dict]:
        return [
            {"engine": engine, "title": title, "fields": [self[name] for _key, name in names]}
            for engine, title, names in self.option_groups
            if names
        ]

    def clean_place_points(self) -> list[float] | None:
        text = self.cleaned_data["place_points"].strip()
        if not text:
            return None
        try:
            return [float(part) for part in text.replace(";", ",").split(",") if part.strip()]
        except ValueError:
            raise forms.ValidationError(_("Write numbers separated by commas, such as 4, 2, 1, 0.")) from None

    def service_fields(self) -> dict:
        """Every setting but the name, game and format, as the services take them (a blank
        field the service fills in is left out: the service's default applies)."""
        data = self.cleaned_data
        # Blank in the form is blank in the tournament (no limit, no date); other blanks take the defaults.
        fields = {
            key: data[key]
            for key in FORM_FIELDS
            if key not in WHAT_AND_HOW and (data[key] is not None or key in BLANK_IS_NONE)
        }
        fields["place_points"] = data["place_points"]
        fields["min_reliability"] = None if data["min_reliability"] is None else data["min_reliability"] / 100
        fields["phase_seconds"] = data["phase_hours"] * HOUR
        clock = data.get("clock") or "phase"
        fields["clock"] = Game.Clock.BANK if clock.startswith("bank:") else Game.Clock.PHASE
        if clock.startswith("bank:"):
            start, increment, cap = BANK_PRESETS[clock[5:]]
            fields.update(bank_start_seconds=start, bank_increment_seconds=increment, bank_cap_seconds=cap)
        engine = data["engine"]
        names = next(names for name, _title, names in self.option_groups if name == engine)
        fields["options"] = chosen_options(engine, names, data)
        return fields

    def all_settings(self) -> dict:
        return {key: self.cleaned_data[key] for key in WHAT_AND_HOW} | self.service_fields()


def initial_of(tournament: Tournament) -> dict:
    """The form's fields from a tournament's settings, for the edit page."""
    initial = {key: getattr(tournament, key) for key in FORM_FIELDS}
    # Left blank when they are the default: the default then follows a change of table size, not
    # frozen at the 3-seat default and refused at 2 seats.
    points = tournament.place_points or []
    default = list(points) == default_place_points(tournament.seats_max)
    initial["place_points"] = "" if default else ", ".join(f"{value:g}" for value in points)
    if tournament.min_reliability is not None:
        initial["min_reliability"] = round(tournament.min_reliability * 100)
    initial["phase_hours"] = tournament.phase_seconds // HOUR
    bank = (tournament.bank_start_seconds, tournament.bank_increment_seconds, tournament.bank_cap_seconds)
    preset = next((name for name, values in BANK_PRESETS.items() if values == bank), "little-golem")
    initial["clock"] = f"bank:{preset}" if tournament.clock == Game.Clock.BANK else "phase"
    for key, value in tournament.options.items():
        initial[f"option_{tournament.engine}_{key}"] = value
    return initial


def _blank_rounds_help(tournament: Tournament) -> str:
    """The rounds field's help for a round robin with its field known: how many rounds blank gives."""
    entrants = tournament.entries.count()
    rounds, exact = blank_rounds(entrants, tournament.seats_preferred, tournament.seats_min, tournament.seats_max)
    values = {"entrants": entrants, "rounds": rounds}
    if exact:
        text = ngettext(
            "Blank: as many rounds as it takes for every pair to meet; for the %(entrants)d entrants now, "
            "%(rounds)d round.",
            "Blank: as many rounds as it takes for every pair to meet; for the %(entrants)d entrants now, "
            "%(rounds)d rounds.",
            rounds,
        )
    else:
        text = ngettext(
            "Blank: as many rounds as it takes for every pair to meet; for the %(entrants)d entrants now, "
            "at least %(rounds)d round (worked out exactly at the start).",
            "Blank: as many rounds as it takes for every pair to meet; for the %(entrants)d entrants now, "
            "at least %(rounds)d rounds (worked out exactly at the start).",
            rounds,
        )
    return text % values
