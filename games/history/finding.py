"""Finding finished games: the history list, its filters and each player's games.

Queries stay a constant handful whatever the page: one count, one page of
games, one for their seats with the players' names. The indexes they rely
on are in migration 0002 (finished games by date, seats by user, options
as GIN on PostgreSQL).
"""

from __future__ import annotations

import json
import re
from datetime import date, datetime, time, timedelta

from django import forms
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Exists, F, OuterRef, Prefetch, Q, QuerySet
from django.db.models.fields.json import KeyTransform
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import registry
from games.engines import available_engines, get_engine
from games.models import Game, Seat, with_decided

PAGE_SIZE = 25


OPTION_NAME = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*")


def parse_options(text: str) -> dict[str, str]:
    """`edition=2020 rounds=3` (or comma-separated) as a dict of names to the values as written."""
    options = {}
    for part in text.replace(",", " ").split():
        key, sep, raw = part.partition("=")
        # A name is a plain option name: never a lookup ("edition__regex") a visitor could choose.
        if not sep or not OPTION_NAME.fullmatch(key) or not raw:
            raise forms.ValidationError(_("Write options as name=value, for example edition=2020."))
        options[key] = raw
    return options


def _readings(raw: str) -> list:
    """A written value as the option may be stored: as a string ("2020"), or as JSON (3, true)."""
    readings = [raw]
    try:
        value = json.loads(raw)
    except ValueError:
        return readings
    if value != raw and not isinstance(value, dict | list):
        readings.append(value)
    return readings


class HistoryFilterForm(forms.Form):
    engine = forms.ChoiceField(label=gettext_lazy("Game"), required=False)
    options = forms.CharField(label=gettext_lazy("Options"), required=False, max_length=200)
    player = forms.CharField(label=gettext_lazy("Player (username)"), required=False, max_length=150)
    since = forms.DateField(label=gettext_lazy("Finished from"), required=False)
    until = forms.DateField(label=gettext_lazy("Finished until"), required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["engine"].choices = [("", _("any game")), *registry.choices()]
        # The page offers the chosen game's options as choices; the written form (`options`,
        # "edition=2020") stays for the API and old links, out of sight on the page.
        self.fields["options"].widget = forms.HiddenInput()
        engine = self.data.get("engine") if self.is_bound else None
        self.option_keys = []
        if engine in available_engines():
            for key, name, field in option_filter_fields(engine):
                self.fields[name] = field
                self.option_keys.append((key, name))

    def clean_options(self) -> dict:
        return parse_options(self.cleaned_data["options"])

    def option_fields(self) -> list:
        return [self[name] for _key, name in self.option_keys]

    def clean(self):
        data = super().clean()
        picked = {key: data.pop(name, None) for key, name in self.option_keys}
        chosen = {key: value for key, value in picked.items() if value not in (None, "")}
        data["options"] = {**(data.get("options") or {}), **{key: str(value) for key, value in chosen.items()}}
        if data.get("since") and data.get("until") and data["since"] > data["until"]:
            raise forms.ValidationError(_("The first date must not be after the second."))
        return data

    def clean_player(self):
        name = self.cleaned_data["player"].strip()
        if not name:
            return None
        user = get_user_model().objects.filter(username=name).first()
        if user is None:
            raise forms.ValidationError(_("There is no player called “%(name)s”.") % {"name": name})
        return user


def option_filter_fields(engine: str) -> list[tuple[str, str, forms.Field]]:
    """(option, field name, field) for the history filter: the game creation form's choices,
    each with "any" first; a yes/no option as any/yes/no."""
    from games import terms

    fields = []
    for key, default in get_engine(engine).default_options.items():
        label = terms.option_label(engine, key)
        choices = terms.option_choices(engine, key)
        if choices:
            field = forms.ChoiceField(label=label, required=False, choices=[("", _("any"))] + choices)
        elif isinstance(default, bool):
            field = forms.ChoiceField(
                label=label, required=False, choices=[("", _("any")), ("true", _("yes")), ("false", _("no"))]
            )
        elif isinstance(default, int):
            field = forms.IntegerField(label=label, required=False, min_value=0)
        else:
            continue
        fields.append((key, f"option_{key}", field))
    return fields


def visible_to(games: QuerySet, user) -> QuerySet:
    """Open games for everyone; private games for their players; all for staff."""
    if user.is_authenticated and user.is_staff:
        return games
    if not user.is_authenticated:
        return games.filter(visibility=Game.Visibility.OPEN)
    mine = Seat.objects.filter(game=OuterRef("pk"), user=user)
    return games.filter(Q(visibility=Game.Visibility.OPEN) | Exists(mine))


def with_players(games: QuerySet) -> QuerySet:
    seats = Seat.objects.select_related("user__profile").order_by("position", "pk")
    return games.prefetch_related(Prefetch("seats", queryset=seats))


def finished_games(user, *, engine: str = "", options: dict | None = None, player=None, since=None, until=None):
    """Finished games the user may see, newest first, filtered."""
    games = visible_to(Game.objects.filter(status=Game.Status.FINISHED), user)
    if engine:
        games = games.filter(engine=engine)
    defaults = get_engine(engine).default_options if engine else {}
    for number, (key, raw) in enumerate((options or {}).items()):
        # The name is only ever a key, never a lookup a visitor could choose ("regex", "gt").
        alias = f"option_{number}"
        games = games.alias(**{alias: KeyTransform(key, "options")})
        # A game stores only the options changed from the default: asking for the default
        # value finds the games that left it out too.
        match = ~Q(options__has_key=key) if key in defaults and defaults[key] in _readings(raw) else Q()
        for value in _readings(raw):
            if connection.vendor == "postgresql":
                match |= Q(options__contains={key: value})  # `@>`, served by the GIN index
            else:
                match |= Q(**{alias: value})
        games = games.filter(match)
    if player is not None:
        games = games.filter(Exists(Seat.objects.filter(game=OuterRef("pk"), user=player)))
    if since:
        games = games.filter(finished_at__gte=_day_start(since))
    if until and until < date.max:  # the calendar's last day has no day after it: no bound
        games = games.filter(finished_at__lt=_day_start(until) + timedelta(days=1))
    return with_players(games.order_by("-finished_at", "-id"))


def player_games(user, player) -> QuerySet:
    """Every game `player` has a seat in that `user` may see: unfinished ones first, then the newest."""
    games = Game.objects.filter(Exists(Seat.objects.filter(game=OuterRef("pk"), user=player))).exclude(
        status=Game.Status.CANCELLED
    )
    games = visible_to(games, user)
    return with_players(with_decided(games).order_by(F("finished_at").desc(nulls_first=True), "-id"))


def _day_start(day) -> datetime:
    return timezone.make_aware(datetime.combine(day, time.min))
