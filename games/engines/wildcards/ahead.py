"""Answers ahead in Wild Cards: one's refill, and one's acquisition turn.

Bids and tie payments call every seat at once; the refill waits on the Refill bidders after the
reveal (and the Eagle's and Meerkat's choices), the acquisition on one player after another.

- A seat that holds its Refill card may store its refill (phase `r3:refill`) step by step
  (`refill1`, `refill2`, ...: a card to discard, or done) with its bid, or after it while the
  others bid: its hand does not change before the refill, so nothing else is named. If it bids
  another card, its refill never comes and the answers lapse with the round's bids.
- Once the acquisition starts, a seat still to take may store its turn (phase `r3:o2`: the
  round and its place in the order):

- what to take, as up to three choices (`first`, `second`, `third`, or a pass): the first whose
  animal is still on display is taken; a choice whose animal has been taken meanwhile is dropped
  with why, and the next one tried;
- each card of the payment, by how many are still to pay at that card (`pay3`, `pay2`, `pay1`),
  for whichever animal is taken.

Without Leo still to take, copies of a species are interchangeable, as cards of one kind are in
a payment: a stored answer naming a copy or a card gone since makes the same move with another
(`move`), as a player would mean it.
"""

from __future__ import annotations

from games.engines.base import Action, State
from games.engines.wildcards import legal
from games.engines.wildcards.acquire import still_to_pay
from games.engines.wildcards.cards import ANIMAL_SPECIES, KIND, REFILL

CHOICES = ("first", "second", "third")
REFILL_STEPS = 4  # discards answered ahead: a refill of more asks the rest


def _place(state: State, seat: int) -> int | None:
    """The seat's place in this round's acquisition order, while it is still to come or now."""
    if state["over"] or state["phase"] not in ("acquire", "pay") or seat not in state["order"]:
        return None
    index = state["order"].index(seat)
    return index if index >= state["turn"] else None


def _phase(state: State, index: int) -> str:
    return f"r{state['round']}:o{index}"


def _refilling(state: State, seat: int) -> bool:
    """The seat's refill may still come this round: it has bid its Refill card (its own knowledge
    while the bids are sealed), or it is bidding now and holds it (its bid decides)."""
    if state["over"] or not state["hands"][seat]:
        return False
    if state["phase"] == "bid":
        if seat in state["to_act"]:
            return bool(state["refill_in_hand"][seat])
        return list(state["sealed"][seat] or ()) == [REFILL]
    return state["phase"] in ("eagle", "swap") and state["bids"][seat] == REFILL


def _discarded(state: State, seat: int) -> int:
    return sum(1 for entry in state["log"] if entry.get("event") == "discard" and entry.get("player") == seat)


def cases(state: State, seat: int) -> list[dict]:
    if _refilling(state, seat):
        phase = f"r{state['round']}:refill"
        steps = legal.legal_actions({**state, "phase": "refill", "to_act": [seat]}, seat)
        count = min(len(state["hands"][seat]), REFILL_STEPS)
        return [{"phase": phase, "case": f"refill{step}", "moves": steps} for step in range(1, count + 1)]
    index = _place(state, seat)
    if index is None or index == state["turn"]:
        return []
    need = still_to_pay(state, seat)
    if not state["display"] or len(state["hands"][seat]) < need:
        return []  # it will pass without being asked, as everyone can see
    as_called = {**state, "turn": index, "to_act": [seat], "phase": "acquire"}
    takes = legal.legal_actions(as_called, seat)
    phase = _phase(state, index)
    found = [{"phase": phase, "case": choice, "moves": takes} for choice in CHOICES]
    if need < len(state["hands"][seat]):  # a payment with a choice in it (else the whole hand pays)
        pays = legal.legal_actions({**as_called, "phase": "pay"}, seat)
        found += [{"phase": phase, "case": f"pay{left}", "moves": pays} for left in range(need, 0, -1)]
    return found


def facts(state: State, seat: int) -> tuple[str, list[str]] | None:
    if state["phase"] == "refill" and seat in state["to_act"]:
        return f"r{state['round']}:refill", [f"refill{_discarded(state, seat) + 1}"]
    index = _place(state, seat)
    if index is None or state["to_act"] != [seat]:
        return None
    if state["phase"] == "acquire":
        return _phase(state, index), list(CHOICES)
    return _phase(state, index), [f"pay{still_to_pay(state, seat)}"]


def move(state: State, seat: int, action: Action) -> Action:
    """The move a stored answer makes now: the same animal or card kind, if the very one is gone."""
    if action.get("type") == "take" and action.get("animal") not in state["display"]:
        leo = state["leo"]
        if leo is None or leo not in state["order"][state["turn"] + 1 :]:
            species = ANIMAL_SPECIES[action["animal"]] if isinstance(action.get("animal"), int) else None
            copy = next((a for a in state["display"] if ANIMAL_SPECIES[a] == species), None)
            if copy is not None:
                return {"type": "take", "animal": copy}
    if action.get("type") in ("pay", "discard") and action.get("card") not in state["hands"][seat]:
        kind = KIND[action["card"]] if isinstance(action.get("card"), int) else None
        same = next((c for c in state["hands"][seat] if KIND[c] == kind), None)
        if same is not None:
            return {"type": action["type"], "card": same}
    return action
