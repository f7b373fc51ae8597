"""Answers ahead in CuBirds: the next turn, as it would be played now.

While the others play, a seat may store its next turn, decision by decision, all under one
phase (`d2:t17`: the deal and the turn number it will be). A lay names the row it goes into:
its case is that row as the seat sees it now (`row1:9f3a02c4`, the row's birds in order), and
it is played only while that row is unchanged, since what it encloses depends on it. The draw
(when the lay encloses nothing) and the family at the end of the turn name nothing another
player can change: cases `draw` and `family`, played when the turn reaches that step, and only
if the move is still legal then (a family of birds the lay gave away is not). A re-deal changes
every hand, and the deal and turn numbers with it, so every answer lapses.
"""

from __future__ import annotations

import zlib

from games.engines.base import Refusal, State, gettext_noop
from games.engines.cubirds import rules
from games.engines.cubirds.cards import CARD_SPECIES, ROWS

DRAW = "draw"
FAMILY = "family"


def _phase(state: State, seat: int) -> str:
    ahead = (seat - state["player"]) % state["num_players"]
    return f"d{state['deals']}:t{state['turn'] + ahead}"


def row_case(state: State, row: int) -> str:
    """The case of a lay into `row`: the row's birds in order (not the cards' ids: two rows of
    the same birds are the same row to a player)."""
    birds = "-".join(CARD_SPECIES[card] for card in state["rows"][row])
    return f"row{row}:{zlib.crc32(birds.encode()):08x}"


def cases(state: State, seat: int) -> list[dict]:
    if state["over"] or state["player"] == seat or not state["hands"][seat]:
        return []
    now = {**state, "player": seat, "step": "lay"}  # as if its turn had come: its hand is as it will be
    lays = rules.legal_actions(now, seat)
    phase = _phase(state, seat)
    found = [
        {"phase": phase, "case": row_case(state, row), "moves": [a for a in lays if a["row"] == row]}
        for row in range(ROWS)
    ]
    found.append({"phase": phase, "case": DRAW, "moves": list(rules.DRAW_MENU)})
    families = [rules.FAMILIES[name] for name in rules.family_species(state["hands"][seat])]
    found.append({"phase": phase, "case": FAMILY, "moves": [*families, rules.NO_FAMILY]})
    return found


def facts(state: State, seat: int) -> tuple[str, list[str]] | None:
    if state["over"] or state["player"] != seat:
        return None
    step = state["step"]
    if step == "lay":
        return _phase(state, seat), [row_case(state, row) for row in range(ROWS)]
    return _phase(state, seat), [DRAW if step == "draw" else FAMILY]


def stale(state: State, seat: int, case: str) -> Refusal | None:
    """Why a lay stored for a row no longer holds at the seat's lay: the row has changed."""
    if state["step"] != "lay" or not case.startswith("row"):
        return None
    row = int(case[3 : case.index(":")])
    return Refusal(gettext_noop("Row %(row)s has changed since you answered."), row=row + 1)
