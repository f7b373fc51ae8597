from __future__ import annotations

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils.translation import gettext_lazy as _

from games import terms
from games.engines import get_engine
from games.models import Game, Seat
from games.services.lobby import TimeControl

HOUR, DAY = 3600, 86400
# The shortest deadline a phase may have, the same for casual games and tournaments.
MIN_PHASE_SECONDS = HOUR
PHASE_CHOICES = [
    (MIN_PHASE_SECONDS, _("1 hour")),
    (12 * HOUR, _("12 hours")),
    (1 * DAY, _("1 day")),
    (2 * DAY, _("2 days")),
    (3 * DAY, _("3 days")),
    (5 * DAY, _("5 days")),
    (7 * DAY, _("7 days")),
]
# Little Golem's preset: 10 days to start, 36 hours more per move, never above 10 days.
BANK_PRESETS = {
    "little-golem": (10 * DAY, 36 * HOUR, 10 * DAY),
    "brisk": (3 * DAY, 12 * HOUR, 3 * DAY),
}
CLOCK_CHOICES = [
    ("phase", _("A deadline per phase")),
    ("bank:little-golem", _("Time bank: 10 days, +36 hours a move, at most 10 days")),
    ("bank:brisk", _("Time bank: 3 days, +12 hours a move, at most 3 days")),
]


def option_fields(
    engine_name: str, prefix: str = "option_", required: bool = True
) -> list[tuple[str, str, forms.Field]]:
    """(option, field name, field) for each of the game's options, as the game creation form shows
    them; a tournament's form uses the same widgets. `required` False: an empty field is the default."""
    engine = get_engine(engine_name)
    fields = []
    for key, default in engine.default_options.items():
        label = terms.option_label(engine_name, key)
        choices = terms.option_choices(engine_name, key)
        if choices:
            field = forms.ChoiceField(label=label, choices=choices, initial=str(default), required=required)
        elif isinstance(default, bool):
            field = forms.BooleanField(label=label, required=False, initial=default)
        elif isinstance(default, int):
            field = forms.IntegerField(label=label, initial=default, required=required)
        elif default is None or isinstance(default, str):
            field = forms.CharField(label=label, required=False, initial=default or "")
        else:
            continue
        field.help_text = terms.option_help(engine_name, key)
        fields.append((key, f"{prefix}{key}", field))
    return fields


def chosen_options(engine_name: str, option_names: list[tuple[str, str]], cleaned_data: dict) -> dict:
    """The options chosen. A value left at the engine's default (or left empty) is not sent, so
    the engine's own rules for it apply (two Wizard players get the two-player variant, two
    Wild Cards players get Leo) and an unticked box never contradicts them."""
    engine = get_engine(engine_name)
    options = {}
    for key, name in option_names:
        value = cleaned_data.get(name)
        default = engine.default_options[key]
        if value in (None, "") and default not in (None, ""):
            continue
        if terms.option_choices(engine_name, key):
            value = terms.option_value(engine_name, key, value)
        if default is None:
            value = value or None
        if value != default:
            options[key] = value
    return options


class GameForm(forms.Form):
    # data-seat-count, data-bot-count: static/js/forms.js shows only as many level selects as
    # bots chosen, and sets the Rated box aside while every other seat is a bot.
    num_seats = forms.IntegerField(label=_("Players"), widget=forms.NumberInput(attrs={"data-seat-count": ""}))
    bots = forms.IntegerField(
        label=_("Of which bots"), min_value=0, initial=0, widget=forms.NumberInput(attrs={"data-bot-count": ""})
    )
    visibility = forms.ChoiceField(label=_("Who may join"), choices=Game.Visibility.choices)
    # data-clock-choice, data-phase-only: static/js/forms.js shows the deadline per phase only
    # while a deadline per phase is chosen (without scripts both show; a bank ignores the phase).
    clock = forms.ChoiceField(
        label=_("Time control"), choices=CLOCK_CHOICES, widget=forms.Select(attrs={"data-clock-choice": ""})
    )
    phase_seconds = forms.TypedChoiceField(
        label=_("Deadline per phase"),
        choices=PHASE_CHOICES,
        coerce=int,
        initial=2 * DAY,
        widget=forms.Select(attrs={"data-phase-only": ""}),
    )
    weekend_pause = forms.BooleanField(label=_("Clocks stop at weekends"), required=False)
    rated = forms.BooleanField(
        label=_("Rated: the result changes the players' ratings"),
        help_text=_("A game against bots alone is never rated."),
        required=False,
        initial=True,
        widget=forms.CheckboxInput(attrs={"data-rated": ""}),
    )
    rate_bot_accounts = forms.BooleanField(
        label=_("Rate games against bot accounts too"),
        help_text=_(
            "Bot accounts are played by programs through the API. Unless you tick this, a game where a bot "
            "account meets a person is rated for nobody."
        ),
        required=False,
        initial=False,
    )
    timeouts_before_bot = forms.IntegerField(
        label=_("Missed deadlines in a row before a bot takes the seat"), min_value=1, max_value=10, initial=2
    )

    def __init__(self, engine_name: str, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.engine = get_engine(engine_name)
        self.engine_name = engine_name
        seats = self.fields["num_seats"]
        seats.min_value, seats.max_value = self.engine.min_players, self.engine.max_players
        seats.initial = self.engine.min_players
        seats.validators += [MinValueValidator(self.engine.min_players), MaxValueValidator(self.engine.max_players)]
        # Every seat but the creator's may be a bot; a count past that is refused before anything
        # is made for each bot (a level apiece).
        bots = self.fields["bots"]
        bots.max_value = self.engine.max_players - 1
        bots.validators += [MaxValueValidator(self.engine.max_players - 1)]
        # One level per possible bot seat; only the first `bots` are used (a page without scripts shows them all).
        for number in range(1, self.engine.max_players):
            self.fields[f"bot_level_{number}"] = forms.ChoiceField(
                label=_("Level of bot %(number)s") % {"number": number},
                choices=Seat.Level.choices,
                initial=Seat.Level.STANDARD,
                required=False,
                widget=forms.Select(attrs={"data-bot-number": number}),
            )
        self.option_names = []
        for key, name, field in option_fields(engine_name):
            self.fields[name] = field
            self.option_names.append((key, name))

    def clean(self) -> dict:
        cleaned = super().clean()
        seats, bots = cleaned.get("num_seats"), cleaned.get("bots")
        if seats is not None and bots is not None and bots >= seats:
            self.add_error(
                "bots",
                _("At most %(most)s of the %(seats)s seats can be bots: one is yours.")
                % {"most": seats - 1, "seats": seats},
            )
        return cleaned

    def bot_levels(self) -> list[str]:
        """The level of each bot seat, in order (an empty choice plays Standard)."""
        bots = self.cleaned_data.get("bots") or 0
        return [self.cleaned_data.get(f"bot_level_{n}") or Seat.Level.STANDARD for n in range(1, bots + 1)]

    def options(self) -> dict:
        """The options the creator chose (see `chosen_options`)."""
        return chosen_options(self.engine_name, self.option_names, self.cleaned_data)

    def time_control(self) -> TimeControl:
        clock = self.cleaned_data["clock"]
        tc = TimeControl(
            phase_seconds=self.cleaned_data["phase_seconds"], weekend_pause=self.cleaned_data["weekend_pause"]
        )
        if clock.startswith("bank:"):
            tc.clock = Game.Clock.BANK
            tc.bank_start_seconds, tc.bank_increment_seconds, tc.bank_cap_seconds = BANK_PRESETS[clock[5:]]
        return tc


class InviteForm(forms.Form):
    who = forms.CharField(label=_("Username or email address"), max_length=254)
