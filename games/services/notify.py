"""Mail that game events cause, queued in the outbox inside the same transaction.

Each function is one message; the outbox key names the event so that a
message is queued at most once however often the event is processed. The
messages themselves (the seat's private view, reply address, action links,
preferences) live in `games.bymail.mails`.
"""

from __future__ import annotations

from games.models import Deadline, Game, Seat


def your_turn(game: Game, seat: Seat, deadline: Deadline) -> None:
    from games.bymail import mails

    mails.your_turn(game, seat, deadline)


def reminder(game: Game, seat: Seat, deadline: Deadline) -> None:
    from games.bymail import mails

    mails.reminder(game, seat, deadline)


def timed_out(game: Game, seat: Seat, deadline: Deadline, replaced_by_bot: bool, seqs: list[int] | None = None) -> None:
    """`seqs`: the moves made for the seat, which the mail names."""
    from games.bymail import mails

    mails.timed_out(game, seat, deadline, replaced_by_bot, seqs)


def phase_results(game: Game, outcome, seats: list[Seat] | None = None) -> None:
    from games.bymail import mails

    mails.phase_results(game, outcome, seats)


def game_over(game: Game) -> None:
    from games.bymail import mails

    mails.game_over(game)


def batched():
    """A block whose mails are queued with one INSERT at its end (see `outbox.sending.collecting`)."""
    from wildcards_site.outbox.sending import collecting

    return collecting()


def load_preferences(seats: list[Seat]) -> None:
    """Read the mail preferences of these seats' players at once, before mailing many of them."""
    from games.bymail import preferences

    preferences.load_opt_outs([seat.user for seat in seats if seat.user_id is not None])
