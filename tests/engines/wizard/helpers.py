"""Building rigged Wizard states for the rule tests."""

from __future__ import annotations

from games.engines.wizard import ENGINE
from games.engines.wizard.cards import SUIT


def rigged_round(state: dict, hands: list[list[str]], trump_card: str | None, trump: str | None = None) -> dict:
    """`state` with the current round's hands and trump replaced, ready for bidding.

    The cards not in a hand or turned up go to the stock, so card conservation still holds.
    """
    state = dict(state)
    used = {card for hand in hands for card in hand} | {trump_card}
    pool = list(state["deck"]) + list(state["hands"][0]) + [c for h in state["hands"][1:] for c in h]
    if state["trump_card"]:
        pool.append(state["trump_card"])
    state["hands"] = [list(hand) for hand in hands]
    state["deck"] = [card for card in pool if card not in used]
    state["trump_card"] = trump_card
    state["trump"] = trump if trump is not None else (SUIT[trump_card] if trump_card else None)
    state["phase"] = "bid"
    state["turn"] = state["leader"]
    state["hand_size"] = len(hands[0])
    return state


def play(state: dict, *moves: tuple[int, dict]) -> dict:
    for seat, action in moves:
        state = ENGINE.apply(state, seat, action)
    return state


def bid(seat: int, tricks: int) -> tuple[int, dict]:
    return seat, {"type": "bid", "bid": tricks}


def card(seat: int, card_id: str) -> tuple[int, dict]:
    return seat, {"type": "play", "card": card_id}


def game_with_dealer(num_players: int, dealer: int, options: dict | None = None, seed: int = 0) -> dict:
    """A new game whose first dealer is `dealer` (seeds are tried in order until one fits)."""
    while True:
        state = ENGINE.new_game(num_players, seed, options)
        if state["dealer"] == dealer:
            return state
        seed += 1
