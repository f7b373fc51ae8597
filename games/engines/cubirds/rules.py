"""A turn ("Verloop van een beurt"): lay birds, maybe draw 2, maybe form a family.

Each decision is its own action and its own step (`state["step"]`):

- "lay": {"type": "lay", "species": str, "row": 0-3, "side": "left"|"right"}
- "draw": {"type": "draw"} or {"type": "no_draw"}; only reached when the lay
  enclosed nothing and a card is left to draw.
- "family": {"type": "family", "species": str} or {"type": "no_family"}.
  Games made with rules 2 (`state["rules"]`) always reach it while the hand holds
  two cards or more, whether or not a family can be formed: a player may always
  decline, and skipping the step would tell the table that the hidden hand holds
  no family. Rules 1 (games stored before) reach it only when a family can be formed.

The draw step, whose condition is public, is skipped when there is no choice.
"""

from __future__ import annotations

from games.engines.base import Action, IllegalAction, State, make_rng
from games.engines.cubirds.cards import (
    CARD_SPECIES,
    DRAW_COUNT,
    HAND_SIZE,
    LARGE,
    ORDER,
    ROWS,
    SMALL,
    SPECIES,
    species_counts,
)
from games.engines.cubirds.scoring import winning_collection

SIDES = ("left", "right")
# The fewest birds any family needs: a smaller hand can form none, which everybody can see.
SMALLEST_FAMILY = min(SMALL.values())
MAX_EVENTS = 12
_KEYS = {
    "lay": {"type", "species", "row", "side"},
    "draw": {"type"},
    "no_draw": {"type"},
    "family": {"type", "species"},
    "no_family": {"type"},
}
_STEP_TYPES = {"lay": ("lay",), "draw": ("draw", "no_draw"), "family": ("family", "no_family")}


def legal_actions(state: State, seat: int) -> list[Action]:
    """The menu of `seat`: empty unless it is that seat's turn."""
    if state["over"] or seat != state["player"]:
        return []
    step = state["step"]
    hand = state["hands"][seat]
    if step == "lay":
        present = {CARD_SPECIES[card] for card in hand}
        return [
            {"type": "lay", "species": name, "row": row, "side": side}
            for name in SPECIES
            if name in present
            for row in range(ROWS)
            for side in SIDES
        ]
    if step == "draw":
        return [{"type": "draw"}, {"type": "no_draw"}]
    return [{"type": "family", "species": name} for name in family_species(hand)] + [{"type": "no_family"}]


def family_species(hand: list[str]) -> list[str]:
    """Species of which the hand holds at least a small family."""
    return [name for name, count in species_counts(hand).items() if count >= SMALL[name]]


def apply(state: State, seat: int, action: Action) -> State:
    """The state after `seat` takes `action`; IllegalAction (state untouched) otherwise."""
    kind = _check(state, seat, action)
    new = _copy(state)
    if kind == "lay":
        _lay(new, seat, action["species"], action["row"], action["side"])
    elif kind == "draw":
        drawn = _draw_cards(new, DRAW_COUNT)
        new["hands"][seat].extend(drawn)
        _event(new, {"type": "draw", "count": len(drawn)})
        _after_draw_step(new)
    elif kind == "no_draw":
        _event(new, {"type": "no_draw"})
        _after_draw_step(new)
    elif kind == "family":
        _form_family(new, seat, action["species"])
    else:
        _event(new, {"type": "no_family"})
        _end_turn(new)
    return new


def _copy(state: State) -> State:
    """A copy safe to change: every list of cards is new; card ids and events never change.

    Several times faster than a deep copy, which dominated the profile.
    """
    new = dict(state)
    new["options"] = dict(state["options"])
    new["deck"] = state["deck"][:]
    new["discard"] = state["discard"][:]
    new["events"] = state["events"][:]
    for key in ("rows", "hands", "collections"):
        new[key] = [cards[:] for cards in state[key]]
    return new


def _check(state: State, seat: int, action: Action) -> str:
    """Reject anything malformed or out of turn, with a message for the player."""
    if state["over"]:
        raise IllegalAction("The game is over.")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state["num_players"]:
        raise IllegalAction(f"There is no seat {seat!r} in this game.")
    if seat != state["player"]:
        raise IllegalAction("It is not your turn.")
    if not isinstance(action, dict):
        raise IllegalAction("An action must be a mapping with a 'type'.")
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in _KEYS:
        raise IllegalAction(f"Unknown action type {kind!r}; expected one of {', '.join(_KEYS)}.")
    if action.keys() != _KEYS[kind]:
        raise IllegalAction(f"A {kind} action has the keys {', '.join(sorted(_KEYS[kind]))}.")
    step = state["step"]
    if kind not in _STEP_TYPES[step]:
        expected = " or ".join(_STEP_TYPES[step])
        raise IllegalAction(f"Now is the time to {expected}, not to {kind}.")
    hand = state["hands"][seat]
    if kind in ("lay", "family"):
        name = action["species"]
        if not isinstance(name, str) or name not in ORDER:
            raise IllegalAction(f"Unknown species {name!r}; the species are {', '.join(SPECIES)}.")
        in_hand = [CARD_SPECIES[card] for card in hand].count(name)
        if not in_hand:
            raise IllegalAction(f"You have no {name} in your hand.")
        if kind == "family" and in_hand < SMALL[name]:
            raise IllegalAction(f"A {name} family needs at least {SMALL[name]} birds; you have {in_hand}.")
    if kind == "lay":
        row = action["row"]
        if isinstance(row, bool) or not isinstance(row, int) or not 0 <= row < ROWS:
            raise IllegalAction(f"The row must be a number from 0 to {ROWS - 1}.")
        if action["side"] not in SIDES:
            raise IllegalAction("The side must be 'left' or 'right'.")
    return kind


def _lay(state: State, seat: int, name: str, row_index: int, side: str) -> None:
    """Lay all birds of `name` at one end of a row and take the birds they enclose."""
    hand = state["hands"][seat]
    laid = [card for card in hand if CARD_SPECIES[card] == name]
    kept = [card for card in hand if CARD_SPECIES[card] != name]
    row = state["rows"][row_index]
    same = [index for index, card in enumerate(row) if CARD_SPECIES[card] == name]
    if side == "left":
        # Enclosed: everything left of the nearest bird of the same species.
        cut = same[0] if same else 0
        enclosed = row[:cut]
        row = laid + row[cut:]
    else:
        cut = same[-1] + 1 if same else len(row)
        enclosed = row[cut:]
        row = row[:cut] + laid
    state["hands"][seat] = kept + enclosed
    state["enclosed"] = bool(enclosed)
    event = {"type": "lay", "species": name, "count": len(laid), "row": row_index, "side": side}
    event["enclosed"] = species_counts(enclosed)
    refilled = []
    # A row left with one species is topped up from the deck until it holds two.
    while len({CARD_SPECIES[card] for card in row}) < 2:
        drawn = _draw_cards(state, 1)
        if not drawn:
            break
        row.append(drawn[0])
        refilled.append(drawn[0])
    state["rows"][row_index] = row
    event["refilled"] = [CARD_SPECIES[card] for card in refilled]
    _event(state, event)
    if len({CARD_SPECIES[card] for card in row}) < 2:
        # Decision (RULES-NOTES): no card is left to top the row up, so the game ends as
        # when a re-deal fails: the largest collection wins. Rules 2: after the turn is
        # finished, its family step included (a family may still win at once).
        if state.get("rules", 1) < 2:
            _finish(state, "no_cards")
            return
        state["ending"] = "no_cards"
    if not enclosed and (state["deck"] or state["discard"]):
        state["step"] = "draw"
    else:
        _after_draw_step(state)


def _after_draw_step(state: State) -> None:
    """Offer the family step (rules 1: only when a family can be formed), else end the turn."""
    hand = state["hands"][state["player"]]
    offered = len(hand) >= SMALLEST_FAMILY if state.get("rules", 1) >= 2 else bool(family_species(hand))
    if offered:
        state["step"] = "family"
    else:
        _end_turn(state)


def _form_family(state: State, seat: int, name: str) -> None:
    """Play all birds of `name`: 1 to the collection (2 for a large family), the rest discarded."""
    hand = state["hands"][seat]
    played = [card for card in hand if CARD_SPECIES[card] == name]
    state["hands"][seat] = [card for card in hand if CARD_SPECIES[card] != name]
    keep = 2 if len(played) >= LARGE[name] else 1
    state["collections"][seat].extend(played[:keep])
    state["discard"].extend(played[keep:])
    _event(state, {"type": "family", "species": name, "count": len(played), "collected": keep})
    win = winning_collection(state["collections"][seat])
    if win:
        state["winner"] = seat
        _finish(state, win)
        return
    _end_turn(state)


def _end_turn(state: State) -> None:
    """Pass the turn, or re-deal when the player's hand is empty ("Een lege hand")."""
    if state.get("ending"):
        _finish(state, state["ending"])
        return
    seat = state["player"]
    state["turn"] += 1
    state["step"] = "lay"
    state["enclosed"] = False
    if state["hands"][seat]:
        state["player"] = (seat + 1) % state["num_players"]
        return
    for other in range(state["num_players"]):
        state["discard"].extend(state["hands"][other])
        state["hands"][other] = []
    if len(state["deck"]) + len(state["discard"]) < HAND_SIZE * state["num_players"]:
        _finish(state, "no_redeal")
        return
    for other in range(state["num_players"]):
        state["hands"][other] = _draw_cards(state, HAND_SIZE)
    state["deals"] += 1
    _event(state, {"type": "redeal", "deal": state["deals"]})
    # The same player plays again: a new turn (and phase key) for the same seat.


def _draw_cards(state: State, count: int) -> list[str]:
    """Up to `count` cards from the deck, reshuffling the discards when it runs out."""
    drawn = []
    deck = state["deck"]
    while len(drawn) < count:
        if not deck:
            if not state["discard"]:
                break
            deck.extend(state["discard"])
            state["discard"] = []
            make_rng(state["seed"], "reshuffle", state["shuffles"]).shuffle(deck)
            state["shuffles"] += 1
        drawn.append(deck.pop())
    return drawn


def _finish(state: State, end: str) -> None:
    state["over"] = True
    state["step"] = "over"
    state["end"] = end
    _event(state, {"type": "end", "end": end, "winner": state["winner"]})


def _event(state: State, event: dict) -> None:
    """Remember what happened, publicly, for views and emails (the last few events)."""
    event = {"turn": state["turn"], "seat": state["player"], **event}
    events = state["events"]
    events.append(event)
    if len(events) > MAX_EVENTS:
        del events[0]
