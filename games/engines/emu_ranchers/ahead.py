"""Answers ahead in Emu Ranchers: the next turn, as it would be played now.

While the other player takes their turn, a seat may store its next turn (a card played and a
draw). A turn that draws from the deck names nothing the other player can change (its own hand
and birds are its own): case `any`, played whatever they do. A turn that takes the discard
pile's top names that card: case `top:<card>`, played only while that card is still on top.
The phase is the seat's next turn of the year (`y2:t7`); the year's last card ends the year and
every answer with it. The growing at the year's end calls both seats at once: nothing to answer.
"""

from __future__ import annotations

from games.engines.base import Refusal, State, gettext_noop
from games.engines.emu_ranchers import rules
from games.engines.emu_ranchers.rules import _name

ANY = "any"


def _phase(state: State, turn_number: int) -> str:
    return f"y{state['year']}:t{turn_number}"


def cases(state: State, seat: int) -> list[dict]:
    if state["phase"] != "play" or state["turn"] == seat:
        return []
    now = {**state, "turn": seat}  # as if it were the seat's turn: its hand and birds are as they will be
    legal = rules.legal_actions(now, seat)
    phase = _phase(state, state["turn_number"] + 1)
    found = [{"phase": phase, "case": ANY, "moves": [a for a in legal if a.get("draw") != "discard"]}]
    if state["discard"]:
        taking = [a for a in legal if a.get("draw") == "discard"]
        found.append({"phase": phase, "case": f"top:{state['discard'][-1]}", "moves": taking})
    return found


def facts(state: State, seat: int) -> tuple[str, list[str]] | None:
    if state["phase"] != "play" or state["turn"] != seat:
        return None
    holding = [f"top:{state['discard'][-1]}"] if state["discard"] else []
    return _phase(state, state["turn_number"]), [*holding, ANY]


def stale(state: State, seat: int, case: str) -> Refusal | None:
    """Why an answer for `case` of the seat's turn now no longer holds (its card was taken or
    covered), or None when the case never claimed anything that could change."""
    if case.startswith("top:"):
        card = case[4:]
        return Refusal(gettext_noop("%(card)s is no longer on top of the discard pile."), card=_name(card))
    return None
