"""Answers ahead in a reply: "if blue is led: play blue 7", "se esce blu: blu 7", "anders: nar".

A line is a case, a colon and a move. The case is read by the words that are left of it without
the game's glue ("if", "se", "esce"): they must all belong to one case's phrase, in any of the
four languages. The move is read as a move now is, among the moves that case allows. When the
seat is called already and the case holds, the move is made now; else it is stored for the case
(`games.services.ahead`), under the reply's lock.
"""

from __future__ import annotations

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from games.bymail import render
from games.bymail.commands import menu, ordered_words
from games.engines.base import answers_ahead
from games.history.replay import state_at
from games.models import Action
from games.services.ahead import store_locked
from games.services.reply_lines import LineRefused, ReplyTurn, Step


def case_words(engine: str, case: str) -> list[set[str]]:
    """The words that name `case`, one set a language (its phrase without the glue)."""
    glue = render.case_glue(engine)
    found = []
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            found.append(set(ordered_words(render.case_phrase(engine, case))) - glue)
    return found


def read_case(engine: str, condition: str, cases: list[str]) -> str | None:
    """The one case among `cases` that the written condition names, or None."""
    wanted = set(ordered_words(condition)) - render.case_glue(engine)
    if not wanted:
        return None
    named = [case for case in cases if any(wanted <= words for words in case_words(engine, case))]
    return named[0] if len(named) == 1 else None


def _shown(turn: ReplyTurn) -> set[tuple[str, str]] | None:
    """The (phase, case) pairs the mail offered, when others have moved since (None: nobody has)."""
    if turn.seen_version is None:
        return None
    if "ahead_shown" not in turn.memo:
        then = state_at(turn.game, turn.seen_version)
        turn.memo["ahead_shown"] = {(c["phase"], c["case"]) for c in turn.engine.ahead_cases(then, turn.seat)}
    return turn.memo["ahead_shown"]


class AheadReader:
    name = "ahead"
    order = 20

    def read(self, line: str, turn: ReplyTurn) -> Step | None:
        condition, colon, written = line.partition(":")
        engine = turn.engine
        if not colon or not written.strip() or not answers_ahead(engine):
            return None
        state, seat = turn.game.state, turn.seat
        offered = engine.ahead_cases(state, seat)
        facts = engine.ahead_facts(state, seat) if turn.called() else None
        names = list(dict.fromkeys([c["case"] for c in offered] + (facts[1] if facts else [])))
        case = read_case(turn.game.engine, condition, names)
        if case is None:
            return None
        shown = _shown(turn)
        if shown is not None:
            # Others have moved since the mail: only what it showed may be answered from it.
            offered = [c for c in offered if (c["phase"], c["case"]) in shown]
            if facts is not None and (facts[0], case) not in shown:
                facts = None
            if not any(c["case"] == case for c in offered) and (facts is None or case not in facts[1]):
                raise LineRefused(
                    _(
                        "The game has moved on since this mail was sent: “%(case)s” cannot be answered from it"
                        " any more, and nothing was stored for it. Look at the table."
                    )
                    % {"case": render.case_phrase(turn.game.engine, case)}
                )
        view = turn.view()
        if facts is not None and case in facts[1]:
            # Called already in this very case: the answer is the move now.
            return Step(move=menu(turn.game.engine, turn.legal(), view).match(written))
        # One case may be open for two calls ("otherwise": a bid, and the card of the trick after
        # the bids): the first whose moves hold the one written.
        found, action, refusal = None, None, None
        for candidate in (c for c in offered if c["case"] == case):
            try:
                action = menu(turn.game.engine, candidate["moves"], view).match(written)
            except LineRefused as error:
                refusal = refusal or error
                continue
            found = candidate
            break
        if found is None:
            raise refusal
        phrase = render.case_phrase(turn.game.engine, case)

        def store(turn: ReplyTurn) -> str:
            channel = Action.Channel.EMAIL_REPLY
            store_locked(turn.game, turn.seats, turn.user, found["phase"], case, action, channel, turn.now)
            move = render.phrase(turn.game.engine, action, view)
            return _("Stored ahead: %(case)s: %(move)s") % {"case": phrase, "move": move}

        return Step(run=store, kind="ahead")
