"""Turns and the end of the year: which actions are legal and what they do.

During the year ("play") the seat whose turn it is hatches, grows or
discards one card and draws in the same action (nothing is revealed between
the two, so one action per turn suits play by mail). When the last card of
the deck is drawn the year ends and both seats grow at once ("growing", a
simultaneous phase), each finishing with "done"; then the year is scored.

`apply` copies only what it changes: the state's lists are never mutated in
place, so unchanged parts may be shared between successive states.
"""

from __future__ import annotations

from games.engines.base import IllegalAction, State, gettext_noop
from games.engines.emu_ranchers.birds import can_grow, grow_options
from games.engines.emu_ranchers.cards import CARDS, HATCHABLE
from games.engines.emu_ranchers.scoring import finish_year

# The exact keys of each action, by phase.
ACTION_KEYS: dict[tuple[str, str], frozenset] = {
    ("play", "hatch"): frozenset({"type", "card", "draw"}),
    ("play", "grow"): frozenset({"type", "card", "bird", "draw"}),
    ("play", "discard"): frozenset({"type", "card"}),
    ("growing", "grow"): frozenset({"type", "card", "bird"}),
    ("growing", "done"): frozenset({"type"}),
}


def to_act(state: State) -> list[int]:
    phase = state["phase"]
    if phase == "play":
        return [state["turn"]]
    if phase == "growing":
        return [seat for seat in (0, 1) if not state["done"][seat]]
    return []


def draw_sources(state: State) -> list[str]:
    """Where a seat that hatched or grew may draw from: the deck, or the discard top."""
    return ["deck", "discard"] if state["discard"] else ["deck"]


def grow_targets(state: State, seat: int, card: str) -> list[int]:
    """The seat's birds that `card` may grow."""
    return [index for index, bird in enumerate(state["ranches"][seat]) if can_grow(bird, card)]


def _all_grows(state: State, seat: int) -> list[tuple[str, int]]:
    """(card, bird) for every grow open to the seat, hand order then bird order."""
    options = grow_options(state["ranches"][seat], state["hands"][seat])
    return [(card, index) for card, birds in options.items() for index in birds]


def legal_actions(state: State, seat: int) -> list[dict]:
    if seat not in to_act(state):
        return []
    hand = state["hands"][seat]
    if state["phase"] == "growing":
        actions: list[dict] = [{"type": "grow", "card": card, "bird": bird} for card, bird in _all_grows(state, seat)]
        actions.append({"type": "done"})
        return actions
    sources = draw_sources(state)
    options = grow_options(state["ranches"][seat], hand)
    actions = []
    for card in hand:
        if card in HATCHABLE:
            for source in sources:
                actions.append({"type": "hatch", "card": card, "draw": source})
        for bird in options[card]:
            for source in sources:
                actions.append({"type": "grow", "card": card, "bird": bird, "draw": source})
        actions.append({"type": "discard", "card": card})
    return actions


def apply(state: State, seat: int, action: object) -> State:
    """The state after `seat` takes `action`; IllegalAction leaves `state` untouched."""
    phase, kind = _check_shape(state, seat, action)
    card = action.get("card")
    if card is not None and card not in state["hands"][seat]:
        raise IllegalAction(gettext_noop("%(card)s is not in your hand."), card=_name(card))
    if phase == "play":
        return _play(state, seat, kind, card, action)
    return _grow_at_year_end(state, seat, kind, card, action)


def _check_shape(state: State, seat: int, action: object) -> tuple[str, str]:
    if not isinstance(action, dict):
        raise IllegalAction(gettext_noop('An action must be a mapping with a "type".'))
    phase = state["phase"]
    if phase == "over":
        raise IllegalAction(gettext_noop("The game is over."))
    if isinstance(seat, bool) or not isinstance(seat, int) or seat not in (0, 1):
        raise IllegalAction(gettext_noop("There is no seat %(seat)s in this game."), seat=repr(seat))
    if seat not in to_act(state):
        if phase == "play":
            raise IllegalAction(gettext_noop("It is not your turn."))
        raise IllegalAction(gettext_noop("You have already finished this year."))
    kind = action.get("type")
    keys = ACTION_KEYS.get((phase, kind)) if isinstance(kind, str) else None
    if keys is None:
        allowed = ", ".join(name for (p, name) in ACTION_KEYS if p == phase)
        raise IllegalAction(
            gettext_noop("%(kind)s is not an action now; you may: %(allowed)s."), kind=repr(kind), allowed=allowed
        )
    if set(action) != keys:
        raise IllegalAction(
            gettext_noop("A %(kind)s action has exactly the keys: %(keys)s."), kind=kind, keys=", ".join(sorted(keys))
        )
    if "card" in keys and not isinstance(action["card"], str):
        # Translators: "card" is the name of the action's field, as the API spells it.
        raise IllegalAction(gettext_noop("card must be a card id (a string)."))
    if "bird" in keys:
        bird, count = action["bird"], len(state["ranches"][seat])
        if not count:
            raise IllegalAction(gettext_noop("You have no bird to grow yet: hatch an egg first."))
        if isinstance(bird, bool) or not isinstance(bird, int) or not 0 <= bird < count:
            raise IllegalAction(
                # Translators: "bird" is the name of the action's field, as the API spells it.
                gettext_noop("bird must be the number of one of your birds, 0 to %(last)s."),
                last=count - 1,
            )
    if "draw" in keys and action["draw"] not in ("deck", "discard"):
        # Translators: draw is the name of the action's field, "deck" and "discard" its values, as the API
        # spells them.
        raise IllegalAction(gettext_noop('draw must be "deck" or "discard".'))
    return phase, kind


def _name(card: object) -> str:
    return CARDS[card]["name"] if isinstance(card, str) and card in CARDS else repr(card)


def _cannot_grow(card: str, bird: int) -> IllegalAction:
    return IllegalAction(
        gettext_noop("%(card)s cannot grow bird %(bird)s: it must share the bird's suit and fit its order."),
        card=_name(card),
        bird=bird,
    )


def _play(state: State, seat: int, kind: str, card: str, action: dict) -> State:
    ranch = state["ranches"][seat]
    if kind == "hatch" and card not in HATCHABLE:
        raise IllegalAction(
            gettext_noop("%(card)s cannot hatch an egg: only an Ace, a number card or a Crown can."), card=_name(card)
        )
    if kind == "grow" and not can_grow(ranch[action["bird"]], card):
        raise _cannot_grow(card, action["bird"])
    draw = action.get("draw", "deck")
    if draw == "discard" and not state["discard"]:
        raise IllegalAction(gettext_noop("The discard pile is empty: draw from the deck."))

    new = dict(state)
    hands = [list(hand) for hand in state["hands"]]
    hands[seat].remove(card)
    new["hands"] = hands
    discard = state["discard"]
    if kind == "discard":
        discard = [*discard, card]
    else:
        ranches = list(state["ranches"])
        birds = list(ranch)
        if kind == "hatch":
            birds.append([card])
        else:
            birds[action["bird"]] = [*birds[action["bird"]], card]
        ranches[seat] = birds
        new["ranches"] = ranches
    taken = _without(state, seat, card)
    if draw == "discard":
        hands[seat].append(discard[-1])
        taken[seat] = [*taken[seat], discard[-1]]
        discard = discard[:-1]
    else:
        hands[seat].append(state["deck"][-1])
        new["deck"] = state["deck"][:-1]
    new["taken"] = taken
    new["discard"] = discard
    if new["deck"]:
        new["turn"] = 1 - seat
        new["turn_number"] = state["turn_number"] + 1
        return new
    # The last card is drawn: the year ends and both grow with what is left.
    new["phase"] = "growing"
    new["turn"] = None
    new["done"] = [_finished_growing(new, s) for s in (0, 1)]
    return finish_year(new) if all(new["done"]) else new


def _without(state: State, seat: int, card: str) -> list[list[str]]:
    """The cards each seat took from the discard pile and still holds, once `seat` has played `card`.

    Everyone saw those cards taken, so they are public (games stored before this was kept have none)."""
    taken = [list(cards) for cards in state.get("taken", [[], []])]
    taken[seat] = [other for other in taken[seat] if other != card]
    return taken


def _can_grow_any(state: State, seat: int) -> bool:
    return bool(_all_grows(state, seat))


def _finished_growing(state: State, seat: int) -> bool:
    """Whether a seat is done at the year's end without being asked.

    Rules 2: only with an empty hand, which everybody sees. Finishing a seat that
    holds cards but cannot grow would tell the other that none of its cards fits.
    Rules 1 (games stored before): whenever it cannot grow.
    """
    if state.get("rules", 1) >= 2:
        return not state["hands"][seat]
    return not _can_grow_any(state, seat)


def _grow_at_year_end(state: State, seat: int, kind: str, card: str | None, action: dict) -> State:
    new = dict(state)
    done = list(state["done"])
    new["done"] = done
    if kind == "done":
        done[seat] = True
    else:
        bird = action["bird"]
        if not can_grow(state["ranches"][seat][bird], card):
            raise _cannot_grow(card, bird)
        hands = list(state["hands"])
        hands[seat] = [other for other in hands[seat] if other != card]
        new["hands"] = hands
        new["taken"] = _without(state, seat, card)
        ranches = list(state["ranches"])
        birds = list(ranches[seat])
        birds[bird] = [*birds[bird], card]
        ranches[seat] = birds
        new["ranches"] = ranches
        # A seat with nothing left to play is finished without asking it.
        done[seat] = _finished_growing(new, seat)
    return finish_year(new) if all(done) else new
