"""Every change to a game goes through one of these `do_*` functions.

Views, mail handlers, tasks, bots and commands call them; they own the
transaction and the lock on the game row.
"""

from games.services.deadlines import close_games, do_close_overdue, do_send_reminders, overdue_games, sweep_overdue
from games.services.errors import ActionRejected
from games.services.invitations import do_invite, do_withdraw_invitation
from games.services.lobby import do_create_game, do_create_table, do_join, do_leave_lobby, do_start_game
from games.services.organiser import (
    do_extend_deadline,
    do_pause,
    do_resign,
    do_resume,
    do_resume_long_pauses,
)
from games.services.play import Outcome, do_action
from games.services.rematch import do_rematch
from games.services.seats import do_accept_seat, do_decline_seat, do_offer_seat, do_seat_bot
from games.services.talk import do_say

__all__ = [
    "ActionRejected",
    "Outcome",
    "close_games",
    "do_accept_seat",
    "do_action",
    "do_close_overdue",
    "do_create_game",
    "do_create_table",
    "do_decline_seat",
    "do_extend_deadline",
    "do_invite",
    "do_withdraw_invitation",
    "do_join",
    "do_leave_lobby",
    "do_offer_seat",
    "do_rematch",
    "do_pause",
    "do_resign",
    "do_resume",
    "do_resume_long_pauses",
    "do_say",
    "do_seat_bot",
    "do_send_reminders",
    "do_start_game",
    "overdue_games",
    "sweep_overdue",
]
