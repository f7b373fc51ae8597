"""A new game's settings sent as JSON, checked by the very form the creation page uses.

The body's names are the API's (`num_players`, `bot_levels`, `options`); they are turned
into the page's form fields, so both refuse the same settings with the same words.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from games import terms
from games.api.errors import ApiError, malformed
from games.engines import available_engines, get_engine
from games.lobby.forms import GameForm
from games.models import Game

# Body field -> the JSON type it must have (bool is not a whole number here, as in JSON).
FIELDS = {
    "engine": str,
    "num_players": int,
    "bots": int,
    "bot_levels": list,
    "visibility": str,
    "clock": str,
    "phase_seconds": int,
    "weekend_pause": bool,
    "rated": bool,
    "rate_bot_accounts": bool,
    "timeouts_before_bot": int,
    "options": dict,
}
# What the page's form preselects for a field the body leaves out.
DEFAULTS = {"visibility": Game.Visibility.OPEN, "clock": "phase"}
# The form's field names back to the body's, for refusals.
BODY_NAMES = {"num_seats": "num_players"}


def game_form(body: object) -> GameForm:
    """The creation page's form, bound to the body and validated; refused as `malformed` or `bad_options`."""
    if not isinstance(body, dict):
        raise malformed(_("The body must be a JSON object of the game's settings."))
    unknown = sorted(set(body) - set(FIELDS))
    if unknown:
        raise malformed(_("Unknown settings: %(names)s.") % {"names": ", ".join(unknown)})
    for name, kind in FIELDS.items():
        value = body.get(name)
        if value is not None and (not isinstance(value, kind) or (kind is int and isinstance(value, bool))):
            raise malformed(_("“%(name)s” has the wrong type.") % {"name": name})
    engine_name = body.get("engine")
    if engine_name not in available_engines():
        raise ApiError(
            "bad_options", _("“engine” must be one of: %(values)s.") % {"values": ", ".join(available_engines())}
        )
    form = GameForm(engine_name)
    data = {name: field.initial for name, field in form.fields.items() if field.initial is not None} | DEFAULTS
    data.update({name: body[name] for name in FIELDS if name in body and name in form.fields})
    if "num_players" in body:
        data["num_seats"] = body["num_players"]
    data.update(_bot_levels(body))
    data.update(_options(engine_name, body.get("options") or {}))
    form = GameForm(engine_name, data)
    if not form.is_valid():
        raise ApiError("bad_options", _form_errors(form))
    return form


def _bot_levels(body: dict) -> dict:
    levels = body.get("bot_levels") or []
    if not all(isinstance(level, str) for level in levels):
        raise malformed(_("“bot_levels” must be a list of levels, one a bot."))
    if len(levels) > (body.get("bots") or 0):
        raise ApiError("bad_options", _("“bot_levels” names more levels than there are bots."))
    return {f"bot_level_{number}": level for number, level in enumerate(levels, 1)}


def _options(engine_name: str, options: dict) -> dict:
    """The game's options as the form's fields: a choice by its value written as text (as the
    page posts it), a yes/no or a number as given, after checking its JSON type."""
    defaults = get_engine(engine_name).default_options
    fields = {}
    for key, value in options.items():
        if key not in defaults:
            raise ApiError("bad_options", _("This game has no option “%(name)s”.") % {"name": str(key)[:40]})
        default = defaults[key]
        if terms.option_choices(engine_name, key):
            value = str(value)
        elif isinstance(default, bool) and not isinstance(value, bool):
            raise ApiError("bad_options", _("Option “%(name)s” must be true or false.") % {"name": key})
        elif isinstance(default, int) and not isinstance(default, bool) and type(value) is not int:
            raise ApiError("bad_options", _("Option “%(name)s” must be a whole number.") % {"name": key})
        fields[f"option_{key}"] = value
    return fields


def _form_errors(form: GameForm) -> str:
    """The form's refusals in one line, each after the body's name of its field."""
    parts = []
    for field, messages in form.errors.items():
        text = " ".join(messages)
        if field == "__all__":
            parts.append(text)
            continue
        if field.startswith("option_"):
            name = f"options.{field.removeprefix('option_')}"
        elif field.startswith("bot_level_"):
            name = "bot_levels"
        else:
            name = BODY_NAMES.get(field, field)
        parts.append(f"{name}: {text}")
    return "; ".join(parts)
