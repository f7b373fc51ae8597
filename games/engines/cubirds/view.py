"""What one seat may see: its own hand, and everything that lies face up.

Hidden: other hands (only their sizes), the deck order and the face-down
discard pile (only their sizes). When the game is over all hands are shown.
"""

from __future__ import annotations

from games.engines.base import State, copy_state
from games.engines.cubirds.cards import SPECIES_TABLE, card_list, species_counts
from games.engines.cubirds.rules import legal_actions
from games.engines.cubirds.scoring import result


def view(state: State, seat: int | None) -> dict:
    over = state["over"]
    own = seat if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state["num_players"] else None
    shown = {
        "game": "cubirds",
        "num_players": state["num_players"],
        "seat": own,
        "turn": state["turn"],
        "player": None if over else state["player"],
        "step": state["step"],
        "to_act": [] if over else [state["player"]],
        "species": SPECIES_TABLE,
        "rows": [card_list(row) for row in state["rows"]],
        "collections": [card_list(collection) for collection in state["collections"]],
        "collection_counts": [species_counts(collection) for collection in state["collections"]],
        "collection_sizes": [len(collection) for collection in state["collections"]],
        "hand_sizes": [len(hand) for hand in state["hands"]],
        "deck_size": len(state["deck"]),
        "discard_size": len(state["discard"]),
        "events": copy_state(state["events"]),
        "hand": None,
        "hand_counts": None,
        "legal_actions": [],
        "over": over,
        "end": state["end"],
        "winner": state["winner"],
        "result": result(state) if over else None,
        "hands": [card_list(hand) for hand in state["hands"]] if over else None,
    }
    if own is not None:
        hand = state["hands"][own]
        shown["hand"] = card_list(sorted(hand))
        shown["hand_counts"] = species_counts(hand)
        shown["legal_actions"] = legal_actions(state, own)
    return shown
