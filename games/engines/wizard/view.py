"""What one seat may see (`seat=None` is a spectator). Keys are listed in README.md.

Hidden: the other hands (shown to the other players, never to the owner,
while bidding under clairvoyance), the undealt stock and monocolor piles, and
sealed bids (other seats' bids until every bid is in with blind bids, until
the round ends with hidden bids or two players). A spectator sees no hand.
"""

from __future__ import annotations

from games.engines.base import IllegalAction, State, gettext_noop
from games.engines.wizard.options import sealed_bids
from games.engines.wizard.phases import to_act
from games.engines.wizard.rules import forbidden_bid, led_suit


def bidding(state: State) -> bool:
    return state["phase"] in ("choose_trump", "bid")


def hand_visible(state: State, owner: int, viewer: int | None) -> bool:
    """Clairvoyance turns the hands around while bidding; otherwise a hand is its owner's alone."""
    if viewer is None:
        return False
    if state["options"]["clairvoyance"] and bidding(state):
        return owner != viewer
    return owner == viewer


def bid_visible(state: State, owner: int, viewer: int | None) -> bool:
    if owner == viewer or state["phase"] == "over":
        return True
    options = state["options"]
    if options["hidden_bids"]:
        return False  # revealed in the score table when the round ends
    if options["blind_bids"]:
        return state["phase"] != "bid"  # revealed together once all are in
    return True


def view(state: State, seat: int | None) -> dict:
    n = state["num_players"]
    if seat is not None and (type(seat) is not int or not 0 <= seat < n):
        raise IllegalAction(gettext_noop("There is no seat %(seat)s in this game."), seat=repr(seat))
    hands = state["hands"]
    visible_hands = [list(hands[owner]) if hand_visible(state, owner, seat) else None for owner in range(n)]
    trick = state["trick"]
    last = state["last_trick"]
    phase = state["phase"]
    return {
        "seat": seat,
        "num_players": n,
        "options": dict(state["options"]),
        "round": state["round"],
        "num_rounds": state["num_rounds"],
        "hand_size": state["hand_size"],
        "dealer": state["dealer"],
        "phase": phase,
        "to_act": to_act(state),
        "hand": visible_hands[seat] if seat is not None else None,
        "hands": visible_hands,
        "hand_counts": [len(hand) for hand in hands],
        "trump_card": state["trump_card"],
        "trump": state["trump"],
        "bids": [
            bid if bid is not None and bid_visible(state, owner, seat) else None
            for owner, bid in enumerate(state["bids"])
        ],
        "has_bid": [bid is not None for bid in state["bids"]],
        "bids_sealed": sealed_bids(state["options"]),
        "forbidden_bid": forbidden_bid(state, seat) if seat is not None and phase == "bid" else None,
        "tricks_won": list(state["tricks_won"]),
        "trick_number": state["trick_number"],
        "leader": state["leader"],
        "trick": [{"seat": who, "card": card} for who, card in trick],
        "led_suit": led_suit(trick),
        "played": list(state["played"]),
        "last_trick": None
        if last is None
        else {
            "round": last["round"],
            "cards": [{"seat": who, "card": card} for who, card in last["cards"]],
            "winner": last["winner"],
        },
        "scores": list(state["scores"]),
        "score_table": [dict(row) for row in state["history"]],
        "set_aside": list(state["set_aside"]),
        "deck_count": len(state["deck"]),
        "pile_counts": [len(pile) for pile in state["piles"]],
    }
