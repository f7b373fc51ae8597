"""The time zones a player chooses from: grouped by region and named by place ("Rome", under
"Europe"), the tz database's names outside its regions left out (legacy aliases such as
"US/Eastern", fixed offsets such as "Etc/GMT-1"); old names inside a region that the database
still links ("Europe/Kiev" beside "Europe/Kyiv") remain. A zone saved before stays offered to
whoever has it."""

from __future__ import annotations

import zoneinfo
from functools import cache

from django.utils.translation import gettext_lazy as _

# The tz database's regions, in its own order; their names are said in the reader's language.
REGIONS = {
    "Africa": _("Africa"),
    "America": _("America"),
    "Antarctica": _("Antarctica"),
    "Arctic": _("Arctic"),
    "Asia": _("Asia"),
    "Atlantic": _("Atlantic Ocean"),
    "Australia": _("Australia"),
    "Europe": _("Europe"),
    "Indian": _("Indian Ocean"),
    "Pacific": _("Pacific Ocean"),
}


def zone_named(name: str | None) -> zoneinfo.ZoneInfo:
    """A player's saved zone by its name; UTC for none, or a name the tz database no longer has."""
    try:
        return zoneinfo.ZoneInfo(name) if name else zoneinfo.ZoneInfo("UTC")
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo("UTC")


@cache
def _by_region() -> dict[str, list[tuple[str, str]]]:
    groups: dict[str, list[tuple[str, str]]] = {region: [] for region in REGIONS}
    for name in sorted(zoneinfo.available_timezones()):
        region, _slash, place = name.partition("/")
        if region in groups and place:
            groups[region].append((name, place.replace("_", " ").replace("/", " / ")))
    return groups


def time_zone_choices(current: str = "") -> list:
    """A form field's choices: UTC, the player's saved zone when the groups lack it, then each region."""
    offered = {name for zones in _by_region().values() for name, _place in zones} | {"UTC"}
    choices: list = [("UTC", "UTC")]
    if current and current not in offered and current in zoneinfo.available_timezones():
        choices.append((current, current))
    choices += [(str(REGIONS[region]), zones) for region, zones in _by_region().items() if zones]
    return choices
