"""A round robin's crosstable: a row and a column per player, and in each cell the row player's
place at every table they shared with the column's player, linked to that game.

At tables of two this reads as a chess crosstable (1st is a win); at larger tables a cell says
who finished ahead at that meeting. Built from the played rounds only, like the standings, and
marked as the standings count them: a meeting annulled by a withdrawal before half the games is
struck out, and a game a later leaver forfeited shows as won (+) and lost (−) without a game.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations

from django.utils.translation import gettext as _

from games.templatetags.places import ordinal
from tournaments.formats.withdrawals import forfeited_by
from tournaments.services.results import DONE, Counted, PlayedRound

# A meeting as the standings count it: "played", "annulled", "won_by_forfeit", "lost_by_forfeit".
PLAYED = "played"


@dataclass(frozen=True)
class Meeting:
    round: int | None  # None: a forfeit in a round passed over (it had no number of its own)
    game_id: int | None  # None: a game a leaver forfeited, never made
    mine: int | None  # the row player's rank; None: a forfeit
    theirs: int | None
    over: bool
    counted: str = PLAYED

    @property
    def outcome(self) -> str:
        """ "ahead", "behind", "level" (a shared place), "forfeit" or "playing", from the row's side;
        else how the standings counted it (`counted`)."""
        if self.counted != PLAYED:
            return self.counted
        if not self.over:
            return "playing"
        if self.mine is None or self.theirs is None:
            return "forfeit"
        if self.mine == self.theirs:
            return "level"
        return "ahead" if self.mine < self.theirs else "behind"


def meetings(
    rounds: list[PlayedRound], counted: Counted | None = None, schedule=None
) -> dict[tuple[int, int], list[Meeting]]:
    """(row entry, column entry) -> their meetings in round order, both ways round. With
    `counted` (results.round_robin_counted) and the schedule: marked as the standings count them."""
    kept = None
    if counted is not None:
        # By round: at tables of three and more a pair can meet twice, once counted and once not.
        kept = {
            (c.number, *pair)
            for c in counted.rounds
            if c.made
            for table in c.result.tables
            for pair in permutations(table, 2)
        }
    found: dict[tuple[int, int], list[Meeting]] = {}
    for played in rounds:
        for table in played.tables:
            over = table.status in DONE
            for me, other in permutations(table.ranks, 2):
                # Only a finished round is counted yet: a meeting of one still being played stands.
                annulled = kept is not None and played.finished and (played.number, me, other) not in kept
                meeting = Meeting(
                    played.number,
                    table.game_id,
                    table.ranks[me],
                    table.ranks[other],
                    over,
                    "annulled" if annulled else PLAYED,
                )
                found.setdefault((me, other), []).append(meeting)
    for c in counted.rounds if counted is not None else ():
        if c.index is None:
            continue
        # A round passed over was never played under a number of its own: its forfeits show none.
        number = c.number if c.made else None
        for winner in c.result.walkovers:
            for leaver in forfeited_by(schedule, c.index, c.number, winner, counted.left, counted.annulled):
                found.setdefault((winner, leaver), []).append(Meeting(number, None, 1, None, True, "won_by_forfeit"))
                found.setdefault((leaver, winner), []).append(Meeting(number, None, None, 1, True, "lost_by_forfeit"))
    for cell in found.values():
        cell.sort(key=lambda meeting: meeting.round or 0)
    return found


def crosstable(
    standings: list[dict],
    rounds: list[PlayedRound],
    counted: Counted | None = None,
    schedule=None,
) -> dict:
    """The rows in standings order, each with one cell per column player (the same order)."""
    met = meetings([played for played in rounds if played.stage == "round_robin"], counted, schedule)
    order = [row["entry"] for row in standings]
    names = {row["entry"]: row["name"] for row in standings}
    rows = []
    for row in standings:
        cells = []
        for column, other in enumerate(order, 1):
            if other == row["entry"]:
                cells.append({"self": True})
                continue
            cells.append(
                {
                    "self": False,
                    "column": column,
                    "meetings": [
                        _cell(meeting, row["name"], names[other]) for meeting in met.get((row["entry"], other), [])
                    ],
                }
            )
        rows.append({**row, "cells": cells})
    # Whether any meeting is struck out or a forfeit: only then does the page explain them.
    marked = any(meeting.counted != PLAYED for cell in met.values() for meeting in cell)
    return {"rows": rows, "columns": list(range(1, len(order) + 1)), "marked": marked}


def _cell(meeting: Meeting, me: str, other: str) -> dict:
    outcome = meeting.outcome
    if outcome == "playing":
        text = "…"
        words = _("Round %(round)s: %(me)s and %(other)s are playing") % {
            "round": meeting.round,
            "me": me,
            "other": other,
        }
    elif outcome == "annulled":
        text = "–" if meeting.mine is None else ordinal(meeting.mine)
        words = _("Round %(round)s: annulled, not counted (a player left before half their games)") % {
            "round": meeting.round
        }
    elif outcome == "won_by_forfeit":
        text = "+"
        if meeting.round is None:
            words = _("Won by forfeit (%(other)s had left)") % {"other": other}
        else:
            words = _("Round %(round)s: won by forfeit (%(other)s had left)") % {"round": meeting.round, "other": other}
    elif outcome == "lost_by_forfeit":
        text = "−"
        if meeting.round is None:
            words = _("Lost by forfeit (%(me)s had left)") % {"me": me}
        else:
            words = _("Round %(round)s: lost by forfeit (%(me)s had left)") % {"round": meeting.round, "me": me}
    elif outcome == "forfeit":
        text = "–"
        words = _("Round %(round)s: not played (a forfeit)") % {"round": meeting.round}
    else:
        text = ordinal(meeting.mine)
        words = _("Round %(round)s: %(me)s %(mine)s, %(other)s %(theirs)s") % {
            "round": meeting.round,
            "me": me,
            "mine": ordinal(meeting.mine),
            "other": other,
            "theirs": ordinal(meeting.theirs),
        }
    return {"game_id": meeting.game_id, "text": text, "words": words, "outcome": outcome}
