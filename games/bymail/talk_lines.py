"""Table talk in a reply: a line that starts with "say:" ("dì:", "di:", "zeg:") is said at the table.

Said under the reply's lock (`services.talk.say_locked`), whole with the rest of the reply: a
reply refused whole says nothing either.
"""

from __future__ import annotations

import unicodedata

from django.utils.translation import gettext as _

from games.services.reply_lines import ReplyTurn, Step
from games.services.talk import say_locked

# The word before the colon, in each language, accents and case aside ("Dì:", "di:").
PREFIXES = {"say", "di", "zeg"}


def _word(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().strip().lower()


class TalkReader:
    name = "talk"
    order = 10

    def read(self, line: str, turn: ReplyTurn) -> Step | None:
        prefix, colon, said = line.partition(":")
        if not colon or _word(prefix) not in PREFIXES or not said.strip():
            return None
        text = said.strip()

        def say(turn: ReplyTurn) -> str:
            say_locked(turn.game, turn.user, text, turn.now)
            return _("Said at the table: %(text)s") % {"text": text}

        return Step(run=say, kind="talk")
