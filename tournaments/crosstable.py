"""A round robin's crosstable: a row and a column per player, and in each cell the row player's
place at every table they shared with the column's player, linked to that game.

At tables of two this reads as a chess crosstable (1st is a win); at larger tables a cell says
who finished ahead at that meeting. Built from the played rounds only, like the standings.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations

from django.utils.translation import gettext as _

from games.templatetags.places import ordinal
from tournaments.services.results import DONE, PlayedRound


@dataclass(frozen=True)
class Meeting:
    round: int
    game_id: int
    mine: int | None  # the row player's rank; None: a forfeit
    theirs: int | None
    over: bool

    @property
    def outcome(self) -> str:
        """ "ahead", "behind", "level" (a shared place), "forfeit" or "playing", from the row's side."""
        if not self.over:
            return "playing"
        if self.mine is None or self.theirs is None:
            return "forfeit"
        if self.mine == self.theirs:
            return "level"
        return "ahead" if self.mine < self.theirs else "behind"


def meetings(rounds: list[PlayedRound]) -> dict[tuple[int, int], list[Meeting]]:
    """(row entry, column entry) -> their meetings in round order, both ways round."""
    found: dict[tuple[int, int], list[Meeting]] = {}
    for played in rounds:
        for table in played.tables:
            over = table.status in DONE
            for me, other in permutations(table.ranks, 2):
                meeting = Meeting(played.number, table.game_id, table.ranks[me], table.ranks[other], over)
                found.setdefault((me, other), []).append(meeting)
    return found


def crosstable(standings: list[dict], rounds: list[PlayedRound]) -> dict:
    """The rows in standings order, each with one cell per column player (the same order)."""
    met = meetings([played for played in rounds if played.stage == "round_robin"])
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
    return {"rows": rows, "columns": list(range(1, len(order) + 1))}


def _cell(meeting: Meeting, me: str, other: str) -> dict:
    outcome = meeting.outcome
    if outcome == "playing":
        text = "…"
        words = _("Round %(round)s: %(me)s and %(other)s are playing") % {
            "round": meeting.round,
            "me": me,
            "other": other,
        }
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
