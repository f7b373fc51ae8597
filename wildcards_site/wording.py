"""Words the site joins the way each language does (used by games and tournaments alike)."""

from __future__ import annotations

import re

from django.utils.text import get_text_list
from django.utils.translation import get_language
from django.utils.translation import gettext as _

# Spanish "y" becomes "e" before a word sounding "i" ("Ana e Inés", "e Hilda"), not before
# "hie"/"hia"/"hio", which sound "ye" ("Ana y Hierro").
_SPANISH_I_SOUND = re.compile(r"h?[ií](?![aeoáéó])", re.IGNORECASE)


def names_list(names: list[str]) -> str:
    """ "Ana, Bruno and Carla", joined as the active language joins names."""
    last = _("and")
    if len(names) > 1 and (get_language() or "").startswith("es") and _SPANISH_I_SOUND.match(names[-1]):
        last = "e"
    return get_text_list(names, last)
