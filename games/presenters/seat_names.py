"""Seats' names as a move told in a replay or a mail should read them: as they were then.

A seat a bot took is labelled a bot ("Marta · Good bot") from the bot's moves on; before, the
moves were its player's own: a bid Marta made by mail long before she timed out is no "Move 8
by Marta · Good bot (mail reply)". Told from the log, not from clocks: a seat handed back and
left again reads its player's name between."""

from __future__ import annotations

from games.models import Seat

BOT_CHANNEL = "bot"


class SeatNames(dict):
    """Position -> the seat's label now (a bot seat with its mark); `people`: the plain name of
    each seat a person held before a bot took it."""

    def __init__(self, seats: list[Seat]):
        super().__init__((seat.position, str(seat.label)) for seat in seats if seat.position is not None)
        self.people = {
            seat.position: str(seat.name) for seat in seats if seat.kind == Seat.Kind.BOT and seat.user_id is not None
        }

    def before_any_move(self) -> dict:
        return {**self, **self.people}


def names_along(names: dict, actions: list) -> list[dict] | None:
    """The names as each logged action is told (index i: the i-th action's), or None where they
    never changed (no person's seat went to a bot): a seat reads its player's name until its
    bot's move, and its own moves (not a bot's) always name its player."""
    if not isinstance(names, SeatNames) or not names.people:
        return None
    bot_moved: dict[int, bool] = {}
    along = []
    for action in actions:
        if action.seat in names.people:
            bot_moved[action.seat] = action.channel == BOT_CHANNEL
        plain = {position: name for position, name in names.people.items() if not bot_moved.get(position)}
        along.append({**names, **plain} if plain else names)
    return along


def names_at_step(names: dict, along: list[dict] | None, step: int) -> dict:
    """The names after `step` actions (step 0: before any), from `names_along`."""
    if along is None:
        return names
    return along[step - 1] if step else names.before_any_move()
