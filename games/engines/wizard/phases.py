"""Applying actions, phase by phase: choose trump, bid ("Dichiarare"), play ("Giocare").

Each function returns a new state and leaves its input untouched: it makes a
shallow copy and replaces, never edits, the lists it changes (unchanged lists
are shared between the old and the new state).
"""

from __future__ import annotations

from games.engines.base import Action, IllegalAction, State, gettext_noop, word
from games.engines.wizard.actions import PLAY
from games.engines.wizard.cards import SUIT, SUIT_CARDS, SUITS, VALUE
from games.engines.wizard.options import sealed_bids
from games.engines.wizard.rules import forbidden_bid, trick_winner
from games.engines.wizard.scoring import round_points
from games.engines.wizard.setup import start_round

ACTION_KEYS = {"choose_trump": "suit", "bid": "bid", "play": "card"}
_menu_card = {id(action): card for card, action in PLAY.items()}.get
# What a seat must do in each phase, one whole sentence each.
WHAT_TO_DO = {
    # Translators: %(type)s is the action type to send (choose_trump, bid, play), as the API spells it.
    "choose_trump": gettext_noop("Now you must choose the trump suit: send an action of type '%(type)s'."),
    "bid": gettext_noop("Now you must bid: send an action of type '%(type)s'."),
    "play": gettext_noop("Now you must play a card: send an action of type '%(type)s'."),
}


def to_act(state: State) -> list[int]:
    phase = state["phase"]
    if phase == "play":
        return [state["turn"]]
    if phase == "over":
        return []
    options = state["options"]
    if phase == "bid" and (options["blind_bids"] or options["hidden_bids"]):  # sealed_bids
        return [seat for seat, bid in enumerate(state["bids"]) if bid is None]
    return [state["turn"]]


def apply_action(state: State, seat: int, action: Action) -> State:
    """Play a card (the most frequent action, checked and applied here), or see `_apply_other`."""
    # One of the very objects of `actions.PLAY` (kept alive there, so ids are not reused) is
    # well formed and its card exists; who plays, and when, is still checked.
    card = _menu_card(id(action))
    if card is None or state["phase"] != "play" or seat != state["turn"] or type(seat) is not int:
        if (
            state["phase"] != "play"
            or seat != state["turn"]
            or type(seat) is not int
            or not isinstance(action, dict)
            or len(action) != 2
            or action.get("type") != "play"
            or "card" not in action
        ):
            return _apply_other(state, seat, action)
        # A well-formed play by the seat to move: the card's checks, as `_apply_other` would reach them.
        card = action["card"]
        if type(card) is not str or card not in VALUE:
            raise IllegalAction(gettext_noop("There is no card %(card)s."), card=repr(card))
    hands = state["hands"]
    hand = hands[seat]
    try:
        index = hand.index(card)
    except ValueError:
        raise IllegalAction(gettext_noop("You do not hold %(card)s."), card=card) from None
    trick = state["trick"]
    if trick:
        suit = SUIT[card]
        if suit is not None:
            for _seat, first in trick:
                if VALUE[first]:  # the first card that is not a Jester sets the suit to follow
                    led = SUIT[first]  # None for a Wizard: anything goes
                    if led is not None and suit != led and not SUIT_CARDS[led].isdisjoint(hand):
                        raise IllegalAction(
                            gettext_noop("You must follow %(suit)s: play a %(suit)s card, a Wizard or a Jester."),
                            suit=word(led),
                        )
                    break
        trick = trick + [[seat, card]]
    else:
        trick = [[seat, card]]
    n = state["num_players"]
    # Only what changes is new: the state's top level, the hands list and this hand, the trick.
    new = state.copy()
    new["hands"] = hands = hands.copy()
    hands[seat] = remaining = hand.copy()
    del remaining[index]
    if len(trick) < n:
        new["trick"] = trick
        new["turn"] = (seat + 1) % n
        return new
    return _finish_trick(new, trick)


def _apply_other(state: State, seat: int, action: Action) -> State:
    """Check who acts and the action's shape, then hand over to the phase."""
    n = state["num_players"]
    if type(seat) is not int or not 0 <= seat < n:
        raise IllegalAction(gettext_noop("There is no seat %(seat)s in this game."), seat=repr(seat))
    if not isinstance(action, dict):
        raise IllegalAction(gettext_noop("An action must be a mapping with a 'type' key."))
    phase = state["phase"]
    if phase == "over":
        raise IllegalAction(gettext_noop("The game is over."))
    if phase == "bid" and sealed_bids(state["options"]):
        if state["bids"][seat] is not None:
            raise IllegalAction(gettext_noop("You have already bid this round; waiting for the others."))
    elif seat != state["turn"]:
        raise IllegalAction(gettext_noop("It is not your turn."))
    if action.get("type") != phase:
        raise IllegalAction(WHAT_TO_DO[phase], type=phase)
    key = ACTION_KEYS[phase]
    if len(action) != 2 or key not in action:
        raise IllegalAction(
            gettext_noop("A '%(type)s' action has exactly the keys 'type' and '%(key)s'."), type=phase, key=key
        )
    if phase == "bid":
        return _bid(state, seat, action[key])
    if phase == "choose_trump":
        return _choose_trump(state, action[key])
    # Every check above passed for a play, so apply_action took it before calling here.
    raise AssertionError(f"a well-formed play reached the general path: {action!r}")


def _choose_trump(state: State, suit: object) -> State:
    if suit not in SUITS:
        raise IllegalAction(gettext_noop("Choose a trump suit among %(suits)s."), suits=", ".join(SUITS))
    new = dict(state)
    new["trump"] = suit
    new["phase"] = "bid"
    new["turn"] = state["leader"]
    return new


def _bid(state: State, seat: int, bid: object) -> State:
    if type(bid) is not int:
        raise IllegalAction(gettext_noop("A bid is a whole number of tricks."))
    if not 0 <= bid <= state["hand_size"]:
        raise IllegalAction(gettext_noop("Bid between 0 and %(most)s tricks."), most=state["hand_size"])
    options = state["options"]
    if options["bid_sum_restriction"] and bid == forbidden_bid(state, seat):
        raise IllegalAction(
            gettext_noop("You lead the scores and bid last: your bid may not make the bids add up to %(tricks)s."),
            tricks=state["hand_size"],
        )
    new = state.copy()
    new["bids"] = bids = state["bids"].copy()
    bids[seat] = bid
    if None in bids:
        if not (options["blind_bids"] or options["hidden_bids"]):  # sealed_bids
            new["turn"] = (seat + 1) % state["num_players"]
        return new
    new["phase"] = "play"
    new["turn"] = state["leader"]
    return new


def _finish_trick(new: State, trick: list) -> State:
    """The winner takes the trick and leads the next; the last trick ends the round."""
    options = new["options"]
    winner = trick_winner(trick, new["trump"], options["dark_wizard"], options["monocolor"])
    new["tricks_won"] = tricks_won = new["tricks_won"].copy()
    tricks_won[winner] += 1
    new["played"] = new["played"] + [card for _seat, card in trick]
    new["last_trick"] = {"round": new["round"], "cards": trick, "winner": winner}
    new["trick"] = []
    new["trick_number"] = number = new["trick_number"] + 1
    new["leader"] = new["turn"] = winner
    if number < new["hand_size"]:
        return new
    return _finish_round(new)


def _finish_round(new: State) -> State:
    """Score the round, reveal its bids in the score table, and deal the next one."""
    n = new["num_players"]
    bids, tricks = new["bids"], new["tricks_won"]
    points = [round_points(bid, taken) for bid, taken in zip(bids, tricks, strict=True)]
    new["scores"] = [score + gained for score, gained in zip(new["scores"], points, strict=True)]
    new["history"] = [
        *new["history"],
        {
            "round": new["round"],
            "hand_size": new["hand_size"],
            "dealer": new["dealer"],
            "trump_card": new["trump_card"],
            "trump": new["trump"],
            "bids": list(bids),
            "tricks": list(tricks),
            "points": points,
            "scores": list(new["scores"]),
        },
    ]
    if new["round"] == new["num_rounds"]:
        new["phase"] = "over"
        new["turn"] = None
        return new
    if new["options"]["two_players"]:
        # Used cards, the trump card included, stay out of the stock until the game ends.
        turned_up = [new["trump_card"]] if new["trump_card"] else []
        new["set_aside"] = new["set_aside"] + new["played"] + turned_up
    start_round(new, new["round"] + 1, (new["dealer"] + 1) % n)
    return new
