"""The organiser's form for a new tournament; the service checks the settings against the game."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games.engines import ENGINE_NAMES
from games.forms import MIN_PHASE_SECONDS
from games.models import ENGINE_TITLES
from tournaments.models import Tournament


class TournamentForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=100)
    engine = forms.ChoiceField(
        label=_("Game"), choices=[(name, ENGINE_TITLES.get(name, name)) for name in ENGINE_NAMES]
    )
    format = forms.ChoiceField(label=_("Format"), choices=Tournament.Format.choices)
    seats_preferred = forms.IntegerField(label=_("Players per table"), min_value=2, max_value=6, initial=2)
    seats_min = forms.IntegerField(label=_("Fewest players at a table"), min_value=2, max_value=6, initial=2)
    seats_max = forms.IntegerField(label=_("Most players at a table"), min_value=2, max_value=6, initial=2)
    rounds = forms.IntegerField(label=_("Rounds (Swiss, round robin)"), min_value=1, max_value=50, required=False)
    top_cut = forms.IntegerField(label=_("Top cut (Swiss)"), min_value=0, max_value=64, initial=0)
    capacity = forms.IntegerField(label=_("Capacity"), min_value=2, required=False)
    rated = forms.BooleanField(label=_("Rated"), required=False, initial=True)
    invitation_only = forms.BooleanField(label=_("By invitation only"), required=False)
    starts_at = forms.DateTimeField(label=_("Starts at (blank: when you start it)"), required=False)
    phase_hours = forms.IntegerField(
        label=_("Hours per phase"), min_value=MIN_PHASE_SECONDS // 3600, max_value=24 * 14, initial=48
    )

    def service_fields(self) -> dict:
        data = self.cleaned_data
        fields = {
            key: data[key]
            for key in ("seats_preferred", "seats_min", "seats_max", "top_cut", "rated", "invitation_only")
        }
        for key in ("rounds", "capacity", "starts_at"):
            if data[key] is not None:
                fields[key] = data[key]
        fields["phase_seconds"] = data["phase_hours"] * 3600
        return fields
