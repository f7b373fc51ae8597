"""A delegate by reply: "play for me" (until I am back), "play my cards this round" (Wizard),
"I am back"; in any of the four languages, the words whole (their order aside)."""

from __future__ import annotations

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.bymail.commands import ordered_words
from games.services.delegate import delegate_locked, end_locked
from games.services.delegate_rules import BACK, ROUND
from games.services.reply_lines import ReplyTurn, Step

PHRASES = {
    BACK: gettext_lazy("play for me"),
    ROUND: gettext_lazy("play my cards this round"),
    "end": gettext_lazy("I am back"),
}
# Other forms people write: the feminine Italian, "until I am back" in full.
ALSO = {("sono", "tornata"): "end", ("am", "back", "for", "me", "play", "until"): BACK}


def _said(line: str) -> str | None:
    wanted = tuple(sorted(ordered_words(line)))
    if not wanted:
        return None
    if wanted in ALSO:
        return ALSO[wanted]
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            for command, phrase in PHRASES.items():
                if wanted == tuple(sorted(ordered_words(str(phrase)))):
                    return command
    return None


class DelegateReader:
    name = "delegate"
    order = 30

    def read(self, line: str, turn: ReplyTurn) -> Step | None:
        command = _said(line)
        if command is None:
            return None

        def run(turn: ReplyTurn) -> str:
            if command == "end":
                end_locked(turn.game, turn.user)
                return _("Your delegate stops: you are asked for your moves again.")
            delegate_locked(turn.game, turn.seats, turn.user, command, turn.now)
            if command == ROUND:
                return _("A delegate plays your cards for the rest of this round, at the Standard level.")
            return _("A delegate plays for you until you write “I am back” or move yourself, at the Standard level.")

        return Step(run=run, kind="delegate")
