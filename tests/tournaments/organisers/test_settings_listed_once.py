"""The organiser's settings are listed once (tournaments/organiser_settings.py): the check, the
form and the model agree with that list."""

from tournaments.models import Tournament
from tournaments.organiser_settings import BLANK_IS_NONE, FIELD, NAMES, NOT_IN_FORM, SETTINGS, WORKED_OUT
from tournaments.pages.forms import TournamentForm
from tournaments.services.rules import settings_of

# The form's own fields, from which it works settings out (hours per phase for `phase_seconds`).
FORM_ONLY = {"phase_hours"}


def test_it_lists_model_fields_once():
    assert len(NAMES) == len(set(NAMES))
    for name in NAMES:
        Tournament._meta.get_field(name)  # FieldDoesNotExist for a name the model lacks


def test_blank_means_none_exactly_where_the_column_takes_none():
    assert {name for name in NAMES if Tournament._meta.get_field(name).null} == BLANK_IS_NONE


def test_the_form_carries_each_setting_as_listed():
    form = TournamentForm()
    general = {name for name in form.fields if not name.startswith("option_")}
    for setting in SETTINGS:
        if setting.form == FIELD:
            assert setting.name in general, setting.name
        elif setting.form == NOT_IN_FORM:
            assert setting.name not in general, setting.name
        else:
            assert setting.form == WORKED_OUT, setting.name
    listed = {setting.name for setting in SETTINGS if setting.form in (FIELD, WORKED_OUT)}
    assert general - listed == FORM_ONLY


def test_the_check_reads_every_setting_of_a_tournament():
    tournament = Tournament(name="Cup", engine="wizard", format="swiss", seats_preferred=4, seats_min=3, seats_max=5)
    assert list(settings_of(tournament)) == list(NAMES)
