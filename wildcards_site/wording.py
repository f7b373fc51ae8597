"""Words the site joins and dates it writes the way each language does (for games and tournaments alike)."""

from __future__ import annotations

import logging
import re
from datetime import date, datetime

from django.utils.dateformat import DateFormat
from django.utils.formats import get_format
from django.utils.text import get_text_list
from django.utils.translation import get_language, gettext
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


# Languages that write day and month names in lower case inside a sentence ("venerdì 27
# novembre"). Django's Italian names are capitalized, and its 3-letter months ("M") are
# title-cased in every language.
LOWER_CASE_NAMES = ("it", "es", "nl")


class _LowerCaseNames(DateFormat):
    # Django's format characters are the method names.
    def D(self) -> str:
        return super().D().lower()

    def l(self) -> str:  # noqa: E743
        return super().l().lower()

    def M(self) -> str:
        return super().M().lower()

    def F(self) -> str:
        return super().F().lower()

    def E(self) -> str:
        return super().E().lower()

    def N(self) -> str:
        return super().N().lower()


def format_date(value: date | datetime, pattern: str) -> str:
    """`value` as Django's `date` filter formats it (a pattern or a format's name such as
    "DATE_FORMAT"), with day and month names in the case the active language writes them."""
    pattern = get_format(pattern) if pattern.isupper() and pattern.endswith("FORMAT") else pattern
    language = (get_language() or "").split("-")[0]
    return (_LowerCaseNames if language in LOWER_CASE_NAMES else DateFormat)(value).format(pattern)


log = logging.getLogger(__name__)


def words_text(words: dict) -> str:
    """`{"template": msgid, "params": {...}}` in the active language; a param may be such a dict
    itself (a refusal inside a sentence), and a template without params is translated alone."""
    params = {
        key: words_text(value) if isinstance(value, dict) and "template" in value else value
        for key, value in (words.get("params") or {}).items()
    }
    translated = gettext(words["template"])
    if not params:
        return translated
    try:
        return translated % params
    except (KeyError, TypeError, ValueError):
        log.warning("the translation of %r does not fit its values %r", words["template"], params)
        return words["template"] % params  # the English, as the refusal was raised
