"""The settings an organiser chooses for a tournament, listed once: the rest of the row is the
tournament's life. The check (`services/rules.py`) and the form (`pages/forms.py`) both read this list,
so a new setting is added here, to the model, and to whichever of them it concerns.
"""

from __future__ import annotations

from dataclasses import dataclass

# How the organisers' form carries a setting.
FIELD = "field"  # a form field of the setting's own name, holding the value as it is
WORKED_OUT = "worked_out"  # worked out by the form from fields of its own (text, per cent, hours, presets)
NOT_IN_FORM = ""  # only the API (and the admin) set it; the form leaves the default


@dataclass(frozen=True)
class Setting:
    name: str  # the model's field
    # Blank means none (no limit, no date, as many rounds as it takes), not the default.
    blank_is_none: bool = False
    form: str = FIELD


SETTINGS: tuple[Setting, ...] = (
    Setting("name"),
    Setting("engine"),
    Setting("format"),
    Setting("options", form=WORKED_OUT),  # the chosen game's option fields
    Setting("seats_preferred"),
    Setting("seats_min"),
    Setting("seats_max"),
    Setting("rounds", blank_is_none=True),
    Setting("top_cut"),
    Setting("advance_per_table"),
    Setting("place_points", form=WORKED_OUT),  # "4, 2, 1, 0"
    Setting("bye_points", blank_is_none=True),  # none: one win at a full table
    Setting("late_join_before_round"),
    Setting("clock", form=WORKED_OUT),  # a phase, or a time bank preset
    Setting("phase_seconds", form=WORKED_OUT),  # hours in the form
    Setting("bank_start_seconds", form=WORKED_OUT),
    Setting("bank_increment_seconds", form=WORKED_OUT),
    Setting("bank_cap_seconds", form=WORKED_OUT),
    Setting("weekend_pause"),
    Setting("timeouts_before_bot", form=NOT_IN_FORM),
    Setting("rated"),
    Setting("allow_ahead"),
    Setting("allow_delegates"),
    Setting("registration_opens_at", blank_is_none=True),
    Setting("registration_closes_at", blank_is_none=True),
    Setting("starts_at", blank_is_none=True),
    Setting("capacity", blank_is_none=True),
    Setting("min_rating", blank_is_none=True),
    Setting("min_reliability", blank_is_none=True, form=WORKED_OUT),  # per cent in the form
    Setting("invitation_only"),
    Setting("allow_bot_accounts"),
)

NAMES = tuple(setting.name for setting in SETTINGS)
BLANK_IS_NONE = frozenset(setting.name for setting in SETTINGS if setting.blank_is_none)
# What the form's fields hold as they are; the first three head every form's settings.
FORM_FIELDS = tuple(setting.name for setting in SETTINGS if setting.form == FIELD)
WHAT_AND_HOW = ("name", "engine", "format")
