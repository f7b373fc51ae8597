"""Applying actions, phase by phase: choose trump, bid ("Dichiarare"), play ("Giocare").

Each function returns a new state and leaves its input untouched: it makes a
shallow copy and replaces, never edits, the lists it changes (unchanged lists
are shared between the old and the new state).
"""

from __future__ import annotations

from games.engines.base import Action, IllegalAction, State
from games.engines.wizard.cards import SUIT, SUITS, VALUE
from games.engines.wizard.options import sealed_bids
from games.engines.wizard.rules import forbidden_bid, led_suit, trick_winner
from games.engines.wizard.scoring import round_points
from games.engines.wizard.setup import start_round

ACTION_KEYS = {"choose_trump": "suit", "bid": "bid", "play": "card"}
WHAT_TO_DO = {"choose_trump": "choose the trump suit", "bid": "bid", "play": "play a card"}


def to_act(state: State) -> list[int]:
    phase = state["phase"]
    if phase == "over":
        return []
    if phase == "bid" and sealed_bids(state["options"]):
        return [seat for seat, bid in enumerate(state["bids"]) if bid is None]
    return [state["turn"]]


def apply_action(state: State, seat: int, action: Action) -> State:
    """Check who acts and the action's shape, then hand over to the phase."""
    n = state["num_players"]
    if type(seat) is not int or not 0 <= seat < n:
        raise IllegalAction(f"There is no seat {seat!r} in this game.")
    if not isinstance(action, dict):
        raise IllegalAction("An action must be a mapping with a 'type' key.")
    phase = state["phase"]
    if phase == "over":
        raise IllegalAction("The game is over.")
    if phase == "bid" and sealed_bids(state["options"]):
        if state["bids"][seat] is not None:
            raise IllegalAction("You have already bid this round; waiting for the others.")
    elif seat != state["turn"]:
        raise IllegalAction("It is not your turn.")
    if action.get("type") != phase:
        raise IllegalAction(f"Now you must {WHAT_TO_DO[phase]}: send an action of type '{phase}'.")
    key = ACTION_KEYS[phase]
    if len(action) != 2 or key not in action:
        raise IllegalAction(f"A '{phase}' action has exactly the keys 'type' and '{key}'.")
    value = action[key]
    if phase == "choose_trump":
        return _choose_trump(state, value)
    if phase == "bid":
        return _bid(state, seat, value)
    return _play(state, seat, value)


def _choose_trump(state: State, suit: object) -> State:
    if suit not in SUITS:
        raise IllegalAction(f"Choose a trump suit among {', '.join(SUITS)}.")
    new = dict(state)
    new["trump"] = suit
    new["phase"] = "bid"
    new["turn"] = state["leader"]
    return new


def _bid(state: State, seat: int, bid: object) -> State:
    if type(bid) is not int:
        raise IllegalAction("A bid is a whole number of tricks.")
    if not 0 <= bid <= state["hand_size"]:
        raise IllegalAction(f"Bid between 0 and {state['hand_size']} tricks.")
    if bid == forbidden_bid(state, seat):
        raise IllegalAction(
            f"You lead the scores and bid last: your bid may not make the bids add up to {state['hand_size']}."
        )
    new = dict(state)
    bids = list(state["bids"])
    bids[seat] = bid
    new["bids"] = bids
    if None in bids:
        if not sealed_bids(state["options"]):
            new["turn"] = (seat + 1) % state["num_players"]
        return new
    new["phase"] = "play"
    new["turn"] = state["leader"]
    return new


def _play(state: State, seat: int, card: object) -> State:
    if type(card) is not str or card not in VALUE:
        raise IllegalAction(f"There is no card {card!r}.")
    hand = state["hands"][seat]
    if card not in hand:
        raise IllegalAction(f"You do not hold {card}.")
    trick = state["trick"]
    suit = SUIT[card]
    if trick and suit is not None:
        led = led_suit(trick)
        if led is not None and suit != led and any(SUIT[held] == led for held in hand):
            raise IllegalAction(f"You must follow {led}: play a {led} card, a Wizard or a Jester.")
    n = state["num_players"]
    new = dict(state)
    hands = list(state["hands"])
    hands[seat] = remaining = list(hand)
    remaining.remove(card)
    new["hands"] = hands
    trick = [*trick, [seat, card]]
    if len(trick) < n:
        new["trick"] = trick
        new["turn"] = (seat + 1) % n
        return new
    return _finish_trick(new, trick)


def _finish_trick(new: State, trick: list) -> State:
    """The winner takes the trick and leads the next; the last trick ends the round."""
    options = new["options"]
    winner = trick_winner(trick, new["trump"], options["dark_wizard"], options["monocolor"])
    tricks_won = list(new["tricks_won"])
    tricks_won[winner] += 1
    new["tricks_won"] = tricks_won
    new["played"] = new["played"] + [card for _seat, card in trick]
    new["last_trick"] = {"round": new["round"], "cards": trick, "winner": winner}
    new["trick"] = []
    new["trick_number"] += 1
    new["leader"] = new["turn"] = winner
    if new["trick_number"] < new["hand_size"]:
        return new
    return _finish_round(new)


def _finish_round(new: State) -> State:
    """Score the round, reveal its bids in the score table, and deal the next one."""
    n = new["num_players"]
    bids, tricks = new["bids"], new["tricks_won"]
    points = [round_points(bids[seat], tricks[seat]) for seat in range(n)]
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
