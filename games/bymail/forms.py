from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games.bymail.preferences import EVENTS
from games.bymail.vacations import MAX_DAYS_AT_ONCE


class PreferencesForm(forms.Form):
    digest = forms.BooleanField(label=_("One daily digest instead of a mail per turn"), required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for event, label in EVENTS.items():
            self.fields[f"event_{event}"] = forms.BooleanField(label=label, required=False)

    def choices(self) -> dict[str, bool]:
        return {event: self.cleaned_data[f"event_{event}"] for event in EVENTS}


class VacationForm(forms.Form):
    first_day = forms.DateField(label=_("First day away"), widget=forms.DateInput(attrs={"type": "date"}))
    days = forms.IntegerField(label=_("Number of days"), min_value=1, max_value=MAX_DAYS_AT_ONCE)
