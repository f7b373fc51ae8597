"""A game's refusal in the reader's language.

Engines do not import Django, so they cannot translate: they raise `IllegalAction` and
`IllegalOptions` with an English template marked by `gettext_noop` and the values it names
(`games.engines.base.Refusal`), and makemessages puts the template in the catalogs. Here,
where a request or a reply by mail has made the player's language the active one, the
template is translated and its values filled in.
"""

from __future__ import annotations

import logging

from django.utils.translation import gettext

from games.engines.base import Refusal

log = logging.getLogger(__name__)


def refusal_text(error: BaseException) -> str:
    """What `error` says, in the active language when it is an engine's refusal.

    Anything else (a replay's TypeError, say) reads as raised; so does a refusal whose
    translation does not fit its values, which the catalogs check keeps from happening.
    """
    if not isinstance(error, Refusal) or not error.template:
        return str(error)
    return words_text(refusal_words(error))


def refusal_words(error: Refusal) -> dict:
    """A game's refusal as data, to be put into words later in each reader's language."""
    return {"template": error.template, "params": dict(error.params)}


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
