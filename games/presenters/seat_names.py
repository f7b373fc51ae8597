"""Seats' names as a move told in a replay or a mail should read them: at the move's time.

A seat a bot took is labelled a bot ("Marta · Good bot") from then on; before, the moves were
its player's own (a walk-through's replay said "Move 8 by Marta · Good bot (mail reply)" of a
bid Marta made by mail long before she timed out)."""

from __future__ import annotations

from datetime import datetime

from games.models import Seat


class SeatNames(dict):
    """Position -> the seat's label now (a bot seat with its mark); `at(when)`: as then."""

    def __init__(self, seats: list[Seat]):
        super().__init__((seat.position, str(seat.label)) for seat in seats if seat.position is not None)
        # A person's seat a bot took later: their own name before it did.
        self.before = {
            seat.position: (seat.left_at, str(seat.name))
            for seat in seats
            if seat.kind == Seat.Kind.BOT and seat.user_id is not None and seat.left_at is not None
        }

    def at(self, when: datetime | None, seq: int | None = None, bot_from: dict | None = None) -> dict:
        """As at `when`, the time of move `seq`; `bot_from`: each seat's first move by its bot
        (`first_bot_moves`), which is the bot's whatever the clocks say."""
        if when is None or not self.before:
            return self
        earlier = {
            position: name
            for position, (left_at, name) in self.before.items()
            if when < left_at and not (seq is not None and bot_from and bot_from.get(position, seq + 1) <= seq)
        }
        return {**self, **earlier} if earlier else self


def first_bot_moves(actions) -> dict[int, int]:
    """Each seat's first move made by a bot (logged actions, in order): seat -> seq."""
    found: dict[int, int] = {}
    for action in actions:
        if action.channel == "bot":
            found.setdefault(action.seat, action.seq)
    return found


def names_at(names: dict, action, bot_from: dict | None = None) -> dict:
    """`names` as at a logged `action` when they know their history (`SeatNames`), else as they are."""
    return names.at(action.created_at, action.seq, bot_from) if isinstance(names, SeatNames) else names
