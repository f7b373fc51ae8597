"""The toy engine with cards that are unique marker strings, so a leak shows as a substring.

A hidden card is any card in another seat's hand, or a bid not yet
revealed; `hidden_from` computes that from the raw state, apart from the
engine's own view, so a page or API answer can be scanned for it.
"""

from __future__ import annotations

from tests.games.toy_engine import ToyEngine


def marker(card: int) -> str:
    return f"zq{card:03d}q"


class SecretEngine(ToyEngine):
    name = "secret"

    def new_game(self, num_players, seed, options=None):
        state = super().new_game(num_players, seed, options)
        state["hands"] = [[marker(card) for card in hand] for hand in state["hands"]]
        return state

    def apply(self, state, seat, action):
        if action == {"type": "claim"} and state["phase"] == "claim" and seat in self.to_act(state):
            points = int(state["bids"][seat][2:5])
            state = super().apply(state, seat, {"type": "pass"})
            state["scores"][seat] += points
            return state
        return super().apply(state, seat, action)


def hidden_from(state: dict, viewer: int | None) -> set[str]:
    """Markers `viewer` must not see: other hands, and every other bid while bids are sealed."""
    hidden = set()
    for seat, hand in enumerate(state["hands"]):
        if seat != viewer:
            hidden.update(hand)
    if state["phase"] == "bid":
        hidden.update(bid for seat, bid in enumerate(state["bids"]) if bid is not None and seat != viewer)
    return hidden


def all_secrets(state: dict) -> set[str]:
    """What a finished game's replay must show at this step: every hand and every sealed bid."""
    return hidden_from(state, None)
