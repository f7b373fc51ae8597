"""A game's refusal in the reader's language.

Engines do not import Django, so they cannot translate: they raise `IllegalAction` and
`IllegalOptions` with an English template marked by `gettext_noop` and the values it names
(`games.engines.base.Refusal`), and makemessages puts the template in the catalogs. Here,
where a request or a reply by mail has made the player's language the active one, the
template is translated and its values filled in.
"""

from __future__ import annotations

from games.engines.base import Refusal
from wildcards_site.wording import words_text

__all__ = ["refusal_text", "refusal_words", "words_text"]


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
