"""Reading moves from a reply: commands in any of the four languages, with the mail's card names.

A command matches a legal action when it has the same words as that
action's phrase in some language, in any order: "bid 3 forest",
"offerta foresta 3" and "Bid Forest 3." all name the same bid. Accents,
case, punctuation and articles do not matter. Where two different moves
have the same words ("swap Lion Ibex" gives the Lion, "swap Ibex Lion" the
Ibex), the order the mail lists them in decides, and another order is refused.
Words that tell no two legal moves apart may be left out ("hatch Diplomat" where
only the deck can be drawn from); a command that fits several moves is refused.
"""

from __future__ import annotations

import difflib
import json
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from games.bymail import render
from games.bymail.replies import is_own_name, is_sign_off, own_segments
from games.presenters.pointing import refused_actions_for
from games.services.mail_reply import ECHO_CHARS, echo
from games.services.reply_lines import LineRefused, ReplyTurn, Step

# Articles and fillers people add ("take the lion", "prendi il leone").
FILLERS = {
    "the",
    "a",
    "an",
    "il",
    "lo",
    "la",
    "i",
    "gli",
    "le",
    "l",
    "un",
    "una",
    "el",
    "los",
    "las",
    "het",
    "een",
    "de",
    # "7 di rosso", "the 7 of red": the card as one says it.
    "of",
    "di",
    # Courtesy after a move ("Dichiaro 2, grazie!"): no phrase holds these.
    "grazie",
    "thanks",
    "thank",
    "you",
    "please",
    "gracias",
    "bedankt",
    "graag",
}


# Other spellings people use, and our own earlier ones (mails sent before a catalog followed
# the rulebook more closely): the plural Italian habitat.
SPELLINGS = {
    "montagne": "montagna",
    # The Dutch Wild Cards bid was the noun "bod" in mails before it became the imperative the
    # buttons say ("Bied Bergen 4"), as in Wizard.
    "bod": "bied",
    # Italian moves written as one says them, in the first person ("dichiaro 2", "gioco verde 3"),
    # read as the mail's imperative: "dichiaro 2" is no refusal.
    "dichiaro": "dichiara",
    "gioco": "gioca",
    "poso": "posa",
    "pesco": "pesca",
    "scarto": "scarta",
    "tengo": "tieni",
    "rivelo": "rivela",
    "prendo": "prendi",
    "schiudo": "schiudi",
    "cresco": "cresci",
    # Every command as one says it, in the first person, the imperative or as a noun, read as the
    # mail's word: Italian "offro foresta 4" for "offerta foresta 4".
    "offro": "offerta",
    "offri": "offerta",
    "dichiarazione": "dichiara",
    "scambio": "scambia",
    "passa": "passo",
    "pago": "paga",
    "pujo": "puja",
    "apuesto": "apuesta",
    "pongo": "pon",
    "conservo": "conserva",
    "cambio": "cambia",
    "descarto": "descarta",
    "revelo": "revela",
    "tomo": "toma",
    "pasa": "paso",
    "juego": "juega",
    "hou": "houd",
}


_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "ʼ": "'", "`": "'", "´": "'"})


def words(text: str) -> tuple[str, ...]:
    """The command's words as a sorted tuple: order, case, accents and articles ignored."""
    return tuple(sorted(ordered_words(text)))


def ordered_words(text: str) -> tuple[str, ...]:
    """The command's words in the order written: case, accents and articles ignored."""
    # Phones type a curly apostrophe ("L’Origine"): dropped with the other non-ASCII characters,
    # it glued two words into one; as any other separator, it parts them.
    text = text.translate(_APOSTROPHES)
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    tokens = [SPELLINGS.get(token, token) for token in re.split(r"[^a-z0-9]+", plain)]
    return tuple(token for token in tokens if token and token not in FILLERS)


# How alike (difflib's ratio) a refused line and a move's phrase, with the same numbers, must be for
# the refusal to offer that move ("bied bergne 4" and "bied bergen 4": 0.92), and by how much it
# must beat the next nearest move: two moves about as near are not guessed between.
NEAR_ENOUGH = 0.75
CLEAR_MARGIN = 0.05


class CommandError(LineRefused):
    """A line that is no legal move; the message says why, in the active language."""


@dataclass
class Menu:
    """The legal actions of one seat with their phrases in every language, for matching."""

    actions: list[dict]
    # The words of a phrase, sorted -> each phrase with those words, in its own order -> its actions.
    by_words: dict[tuple[str, ...], dict[tuple[str, ...], list[dict]]]
    # Moves of the seat's own cards that the rules forbid now: their words, sorted -> why, in the
    # active language (a reply naming one is told the rule, not only that it is no legal move).
    refused: dict[tuple[str, ...], str] = field(default_factory=dict)
    # The command words of the forbidden moves in each language ("play", "gioca"): they name no
    # card, so written alone they cannot mean a forbidden one.
    verbs: set[tuple[str, ...]] = field(default_factory=set)
    # Each legal move's phrase in the reader's language, by the words of its phrase in any
    # language: what a refusal offers as the move meant ("Did you mean …?").
    meant: dict[tuple[str, ...], str] = field(default_factory=dict)

    def match(self, line: str) -> dict:
        wanted = ordered_words(line)
        shown = echo(line)
        if not wanted:
            if line.strip():  # only courtesy words or signs ("Thanks!"): said as written
                raise CommandError(_("“%(line)s” is not one of your legal moves now.") % {"line": shown})
            raise CommandError(_("An empty line is not a move."))
        phrases = self.by_words.get(tuple(sorted(wanted)), {})
        if not phrases:
            # Words no two legal moves need may be left out ("hatch Diplomat" where the deck is
            # the only place to draw from): the moves whose phrase holds every word written.
            phrases = self._holding(wanted)
            if phrases and self._refused_holding(wanted) and not self._names_no_card(wanted):
                # "7" for the Blue 7 one may play, or the Red 7 one may not: not guessed.
                raise CommandError(
                    _("“%(line)s” could be more than one of your cards: write the whole move as the mail lists it.")
                    % {"line": shown}
                )
        if not phrases:
            reasons = self._refused_holding(wanted)
            why = self.refused.get(tuple(sorted(wanted))) or (reasons.pop() if len(reasons) == 1 else "")
            if why:
                raise CommandError(_("“%(line)s” is not a legal move now. %(why)s") % {"line": shown, "why": why})
            refusal = _("“%(line)s” is not one of your legal moves now.") % {"line": shown}
            nearest = self._nearest(wanted)
            if nearest:
                refusal += " " + _("Did you mean “%(move)s”?") % {"move": nearest}
            raise CommandError(refusal)
        moves = {json.dumps(action, sort_keys=True) for found in phrases.values() for action in found}
        if len(phrases) == 1 or len(moves) == 1:  # one phrase (alike cards share it), or one move
            return next(iter(phrases.values()))[0]
        if wanted in phrases:
            return phrases[wanted][0]
        raise CommandError(
            _("“%(line)s” could be more than one move: write it in the order the mail lists it.") % {"line": shown}
        )

    def _nearest(self, wanted: tuple[str, ...]) -> str | None:
        """The legal move whose phrase, in some language, is spelt nearest the line (a typo, a
        letter left out), when one alone is near enough to be the move meant; nothing is played.

        Only a move with the very numbers written is offered: "bid forest 9" is no "bid Forest 3"
        to offer, and a line far longer than any move is not searched."""
        written = " ".join(wanted)
        if len(written) > 2 * ECHO_CHARS:
            return None
        numbers = [word for word in wanted if word.isdigit()]
        scored: dict[str, float] = {}
        for words, shown in self.meant.items():
            if [word for word in words if word.isdigit()] != numbers:
                continue
            ratio = difflib.SequenceMatcher(None, written, " ".join(words)).ratio()
            scored[shown] = max(ratio, scored.get(shown, 0.0))
        near = sorted(scored.items(), key=lambda item: item[1], reverse=True)
        if not near or near[0][1] < NEAR_ENOUGH or (len(near) > 1 and near[1][1] >= near[0][1] - CLEAR_MARGIN):
            return None
        return near[0][0]

    def exactly(self, line: str) -> bool:
        """Whether the line is a legal move's whole phrase, in its own order (not shortened)."""
        wanted = ordered_words(line)
        return bool(wanted) and wanted in self.by_words.get(tuple(sorted(wanted)), {})

    def _names_no_card(self, wanted: tuple[str, ...]) -> bool:
        need = Counter(wanted)
        return any(not need - Counter(verb) for verb in self.verbs)

    def _refused_holding(self, wanted: tuple[str, ...]) -> set[str]:
        """Why each forbidden move whose phrase holds every word of `wanted` is forbidden."""
        need = Counter(wanted)
        return {why for key, why in self.refused.items() if not need - Counter(key)}

    def _holding(self, wanted: tuple[str, ...]) -> dict[tuple[str, ...], list[dict]]:
        """Every phrase (by its words in order) that holds each word of `wanted`, repeats counted."""
        need = Counter(wanted)
        found: dict[tuple[str, ...], list[dict]] = {}
        for key, phrases in self.by_words.items():
            if not need - Counter(key):
                found.update(phrases)
        return found


def menu(engine_name: str, legal: list[dict], view: dict) -> Menu:
    """Index the legal actions by the words of their phrase in each language.

    Interchangeable actions (two Wizards, two Forest 3 cards) share words;
    the first one is taken, which the engines treat alike.
    """
    by_words: dict[tuple[str, ...], dict[tuple[str, ...], list[dict]]] = {}
    named: list[tuple[tuple[str, ...], dict]] = []  # the words of a forbidden move, in each language
    verbs: set[tuple[str, ...]] = set()
    forbidden = refused_actions_for(engine_name, view, legal)
    # In the reader's language (the active one): the move a refusal offers as the one meant.
    reader = {json.dumps(action, sort_keys=True): render.phrase(engine_name, action, view) for action in legal}
    meant: dict[tuple[str, ...], str] = {}
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            for action in legal:
                written = ordered_words(render.phrase(engine_name, action, view))
                meant.setdefault(written, reader[json.dumps(action, sort_keys=True)])
                bucket = by_words.setdefault(tuple(sorted(written)), {}).setdefault(written, [])
                if action not in bucket:
                    bucket.append(action)
            for action, _why in forbidden:
                named.append((words(render.phrase(engine_name, action, view)), action))
                verbs.add(words(render.command_word(engine_name, action)))
    # Written in any language, the rule is said in the reader's: the active one.
    why = {json.dumps(action, sort_keys=True): text for action, text in forbidden}
    refused = {key: why[json.dumps(action, sort_keys=True)] for key, action in named}
    return Menu(legal, by_words, refused, verbs - {()}, meant)


def command_lines(body: str) -> list[str]:
    """The commands of a reply body: its first paragraph, one command per line or per ';'.

    What follows a blank line after the commands (a greeting, a name) is not read.
    """
    lines: list[str] = []
    for raw in body.splitlines():
        line = raw.strip()
        if not line:
            if lines:
                break
            continue
        lines.extend(part.strip() for part in line.split(";") if part.strip())
    return lines


def reply_commands(body: str) -> list[str]:
    """The commands of a whole reply: the first paragraph of each piece its sender wrote
    (above, below or between the quoted blocks); quoted lines are never read."""
    return [line for segment in own_segments(body) for line in command_lines(segment)]


class MoveReader:
    """The reply line that is a move now, read by the words of the seat's legal moves.

    Below the first line, the player's name or a sign-off ends what is read, even where it
    would shorten a move ("Robin" for "family robin"); written in full, it is the move.
    """

    name = "move"
    order = 100

    def read(self, line: str, turn: ReplyTurn) -> Step | None:
        signing = is_sign_off(line) or is_own_name(line, turn.user)
        if not turn.moves_open:
            return Step(ignore=True) if signing else None
        found = menu(turn.game.engine, turn.legal(), turn.view())
        if turn.index and signing and not found.exactly(line):
            return Step(stop=True)
        return Step(move=found.match(line))
