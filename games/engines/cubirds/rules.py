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

from games.engines.base import Action, IllegalAction, SharedAction, State, gettext_noop, shuffle_seeded
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
# What the step calls for, one whole sentence for each number of choices.
_NOT_NOW = {
    # Translators: %(expected)s and %(kind)s are action types (lay, draw, family), as the API spells them.
    1: gettext_noop("Now is the time to %(expected)s, not to %(kind)s."),
    # Translators: %(first)s, %(second)s and %(kind)s are action types (draw, no_draw, family, no_family...),
    # as the API spells them.
    2: gettext_noop("Now is the time to %(first)s or %(second)s, not to %(kind)s."),
}


# Every possible action, built once and handed out read-only (see base.SharedAction).
LAYS: dict[str, tuple[Action, ...]] = {
    name: tuple(SharedAction(type="lay", species=name, row=row, side=side) for row in range(ROWS) for side in SIDES)
    for name in SPECIES
}
DRAW_MENU: tuple[Action, ...] = (SharedAction(type="draw"), SharedAction(type="no_draw"))
FAMILIES: dict[str, Action] = {name: SharedAction(type="family", species=name) for name in SPECIES}
NO_FAMILY: Action = SharedAction(type="no_family")
_species_of = CARD_SPECIES.__getitem__


def to_act(state: State) -> list[int]:
    return [] if state["over"] else [state["player"]]


def legal_actions(state: State, seat: int) -> list[Action]:
    """The menu of `seat`: empty unless it is that seat's turn."""
    if state["over"] or seat != state["player"]:
        return []
    step = state["step"]
    hand = state["hands"][seat]
    if step == "lay":
        present = set(map(_species_of, hand))
        menu: list[Action] = []
        for name in SPECIES:
            if name in present:
                menu += LAYS[name]
        return menu
    if step == "draw":
        return list(DRAW_MENU)
    menu = [FAMILIES[name] for name in family_species(hand)]
    menu.append(NO_FAMILY)
    return menu


def family_species(hand: list[str]) -> list[str]:
    """Species of which the hand holds at least a small family."""
    return [name for name, count in species_counts(hand).items() if count >= SMALL[name]]


def apply(state: State, seat: int, action: Action) -> State:
    """The state after `seat` takes `action`; IllegalAction (state untouched) otherwise.

    Only what a step changes is new: the top level, the events and the list of hands always;
    a hand, row, collection, the deck or the discard pile when it changes (each replaced, never
    edited, so the lists left alone are shared with `state`).
    """
    return apply_legal(state, seat, action, _check(state, seat, action))


def apply_legal(state: State, seat: int, action: Action, kind: str | None = None) -> State:
    """`apply` without its checks, for an action known to be legal: a bot's rollouts play
    only the default moves (`bot.auto_action`), and the checks were a ninth of their time."""
    kind = kind or action["type"]
    new = state.copy()
    new["events"] = state["events"].copy()
    new["hands"] = state["hands"].copy()
    if kind == "lay":
        _lay(new, seat, action["species"], action["row"], action["side"])
    elif kind == "draw":
        drawn = _draw_cards(new, DRAW_COUNT)
        new["hands"][seat] = new["hands"][seat] + drawn
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


def _check(state: State, seat: int, action: Action) -> str:
    """Reject anything malformed or out of turn, with a message for the player."""
    if state["over"]:
        raise IllegalAction(gettext_noop("The game is over."))
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state["num_players"]:
        raise IllegalAction(gettext_noop("There is no seat %(seat)s in this game."), seat=repr(seat))
    if seat != state["player"]:
        raise IllegalAction(gettext_noop("It is not your turn."))
    if not isinstance(action, dict):
        raise IllegalAction(gettext_noop("An action must be a mapping with a 'type'."))
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in _KEYS:
        raise IllegalAction(
            gettext_noop("Unknown action type %(kind)s; expected one of %(types)s."),
            kind=repr(kind),
            types=", ".join(_KEYS),
        )
    if action.keys() != _KEYS[kind]:
        raise IllegalAction(
            gettext_noop("A %(kind)s action has the keys %(keys)s."), kind=kind, keys=", ".join(sorted(_KEYS[kind]))
        )
    step = state["step"]
    if kind not in _STEP_TYPES[step]:
        expected = _STEP_TYPES[step]
        if len(expected) == 1:
            raise IllegalAction(_NOT_NOW[1], expected=expected[0], kind=kind)
        raise IllegalAction(_NOT_NOW[2], first=expected[0], second=expected[1], kind=kind)
    if kind == "lay" or kind == "family":
        name = action["species"]
        if not isinstance(name, str) or name not in ORDER:
            raise IllegalAction(
                gettext_noop("Unknown species %(species)s; the species are %(known)s."),
                species=repr(name),
                known=", ".join(SPECIES),
            )
        in_hand = list(map(_species_of, state["hands"][seat])).count(name)
        if not in_hand:
            raise IllegalAction(gettext_noop("You have no %(species)s in your hand."), species=name)
        if kind == "family" and in_hand < SMALL[name]:
            raise IllegalAction(
                gettext_noop("A %(species)s family needs at least %(small)s birds; you have %(count)s."),
                species=name,
                small=SMALL[name],
                count=in_hand,
            )
        if kind == "lay":
            row = action["row"]
            if isinstance(row, bool) or not isinstance(row, int) or not 0 <= row < ROWS:
                raise IllegalAction(gettext_noop("The row must be a number from 0 to %(last)s."), last=ROWS - 1)
            if action["side"] not in SIDES:
                raise IllegalAction(gettext_noop("The side must be 'left' or 'right'."))
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
    event["enclosed"] = species_counts(enclosed) if enclosed else {}
    refilled = []
    # A row left with one species is topped up from the deck until it holds two.
    single = len(set(map(_species_of, row))) < 2
    while single:
        drawn = _draw_cards(state, 1)
        if not drawn:
            break
        row.append(drawn[0])
        refilled.append(CARD_SPECIES[drawn[0]])
        single = len(set(map(_species_of, row))) < 2
    state["rows"] = rows = state["rows"].copy()
    rows[row_index] = row
    event["refilled"] = refilled
    _event(state, event)
    if single:
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
    state["collections"] = collections = state["collections"].copy()
    collections[seat] = collections[seat] + played[:keep]
    state["discard"] = state["discard"] + played[keep:]
    _event(state, {"type": "family", "species": name, "count": len(played), "collected": keep})
    win = winning_collection(collections[seat])
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
    hands = state["hands"]
    if hands[seat]:
        state["player"] = (seat + 1) % state["num_players"]
        return
    discard = state["discard"] = state["discard"].copy()
    for other in range(state["num_players"]):
        discard.extend(hands[other])
        hands[other] = []
    if len(state["deck"]) + len(state["discard"]) < HAND_SIZE * state["num_players"]:
        _finish(state, "no_redeal")
        return
    for other in range(state["num_players"]):
        hands[other] = _draw_cards(state, HAND_SIZE)
    state["deals"] += 1
    _event(state, {"type": "redeal", "deal": state["deals"]})
    # The same player plays again: a new turn (and phase key) for the same seat.


def _draw_cards(state: State, count: int) -> list[str]:
    """Up to `count` cards from the deck, reshuffling the discards when it runs out.

    The deck is copied before it changes: `state` is the caller's new state, whose deck may
    still be the one of the state it was made from.
    """
    drawn = []
    deck = state["deck"] = state["deck"].copy()
    while len(drawn) < count:
        if not deck:
            if not state["discard"]:
                break
            deck.extend(state["discard"])
            state["discard"] = []
            shuffle_seeded(deck, state["seed"], "reshuffle", state["shuffles"])
            state["shuffles"] += 1
        drawn.append(deck.pop())
    return drawn


def _finish(state: State, end: str) -> None:
    state["over"] = True
    state["step"] = "over"
    state["end"] = end
    _event(state, {"type": "end", "end": end, "winner": state["winner"]})


def _event(state: State, event: dict) -> None:
    """Remember what happened, publicly, for views and emails (the last few events).

    `state["events"]` is the new state's own copy (made in `apply`).
    """
    event = {"turn": state["turn"], "seat": state["player"], **event}
    events = state["events"]
    events.append(event)
    if len(events) > MAX_EVENTS:
        del events[0]
