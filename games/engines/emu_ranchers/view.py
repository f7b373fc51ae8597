"""What a seat may see. Hidden: the other seat's hand, the deck order, the
discard pile below its top (the seed is never shown: it gives the deck order).
"""

from __future__ import annotations

from games.engines.base import State
from games.engines.emu_ranchers.birds import common_suits, direction_name
from games.engines.emu_ranchers.cards import SUITS, card_info
from games.engines.emu_ranchers.rules import to_act


def bird_view(bird: list[str]) -> dict:
    """A bird as everyone sees it: cards with their suits, the suits all share, its direction."""
    shared = common_suits(bird)
    return {
        "cards": [card_info(card) for card in bird],
        "suits": [suit for suit in SUITS if suit in shared],
        "direction": direction_name(bird),
    }


def view(state: State, seat: int | None) -> dict:
    """Documented keys (see the package README); `seat=None` is a spectator."""
    if seat not in (0, 1):
        seat = None
    discard = state["discard"]
    return {
        "seat": seat,
        "phase": state["phase"],
        "year": state["year"],
        "years": state["options"]["years"],
        "first_player": state["first_player"],
        "turn": state["turn"],
        "to_act": to_act(state),
        "options": dict(state["options"]),
        "hand": None if seat is None else [card_info(card) for card in state["hands"][seat]],
        "hand_sizes": [len(hand) for hand in state["hands"]],
        # Cards a seat took from the discard pile and still holds: everyone saw them taken.
        "taken": [[card_info(card) for card in cards] for cards in state.get("taken", [[], []])],
        "ranches": [[bird_view(bird) for bird in ranch] for ranch in state["ranches"]],
        "discard_top": card_info(discard[-1]) if discard else None,
        "discard_size": len(discard),
        "deck_size": len(state["deck"]),
        "done": list(state["done"]),
        "scores": list(state["scores"]),
        "year_scores": [[year["seats"][s]["score"] for s in (0, 1)] for year in state["history"]],
        "history": [_year_view(year) for year in state["history"]],
    }


def _year_view(year: dict) -> dict:
    return {
        "year": year["year"],
        "first_player": year["first_player"],
        "seats": [
            {
                "score": ranch["score"],
                "excused": ranch["excused"],
                "unplayed": [card_info(card) for card in ranch["unplayed"]],
                "birds": [
                    {
                        "cards": [card_info(card) for card in bird["cards"]],
                        "wild_values": dict(bird["wild_values"]),
                        "total": bird["total"],
                        "upkeep": list(bird["upkeep"]),
                        "score": bird["score"],
                        "excused": bird["excused"],
                    }
                    for bird in ranch["birds"]
                ],
            }
            for ranch in year["seats"]
        ],
    }
