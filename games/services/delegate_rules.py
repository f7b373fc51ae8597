"""When a seat's delegate moves, and when a round's delegate is over (read by `play.advance`).

See `games.services.delegate` for how a player hands a seat over and takes it back.
"""

from __future__ import annotations

from games.engines.base import hands_over_rounds
from games.models import Seat

BACK = "back"
ROUND = "round"
# The delegate plays as the site's default move does: ratings measure people.
LEVEL = "standard"


def acts(engine, state: dict, seat: Seat) -> bool:
    """Whether the seat's delegate makes the move the seat is asked now."""
    if seat.delegate == BACK:
        return True
    if seat.delegate.startswith(f"{ROUND}:") and hands_over_rounds(engine):
        return engine.round_key(state) == seat.delegate.partition(":")[2] and engine.card_play(state, seat.position)
    return False


def lapsed(engine, state: dict, seat: Seat) -> bool:
    """Whether a round's delegate is over: its round has ended."""
    if not seat.delegate.startswith(f"{ROUND}:"):
        return False
    return not hands_over_rounds(engine) or engine.round_key(state) != seat.delegate.partition(":")[2]
