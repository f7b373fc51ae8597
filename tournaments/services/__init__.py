"""Every change to a tournament goes through one of these `do_*` functions."""

from tournaments.services.adjudication import do_adjudicate_table
from tournaments.services.invitations import (
    do_accept_tournament_invitation,
    do_invite_to_tournament,
    do_withdraw_tournament_invitation,
)
from tournaments.services.leaving import do_disqualify, do_drop
from tournaments.services.letters import do_write_to_organisers
from tournaments.services.organisers import do_add_organiser, do_remove_organiser
from tournaments.services.organising import (
    do_add_entrant,
    do_cancel_tournament,
    do_message_entrants,
    do_remove_entrant,
    do_update_tournament,
)
from tournaments.services.preparing import do_prepare
from tournaments.services.registration import do_create_tournament, do_leave, do_register
from tournaments.services.round_clock import do_extend_round
from tournaments.services.running import (
    do_advance_round,
    do_pause_tournament,
    do_resume_tournament,
    do_start,
)
from tournaments.services.sweep import sweep_tournaments

__all__ = [
    "do_adjudicate_table",
    "do_accept_tournament_invitation",
    "do_add_entrant",
    "do_add_organiser",
    "do_remove_organiser",
    "do_cancel_tournament",
    "do_invite_to_tournament",
    "do_message_entrants",
    "do_remove_entrant",
    "do_update_tournament",
    "do_advance_round",
    "do_create_tournament",
    "do_disqualify",
    "do_drop",
    "do_extend_round",
    "do_leave",
    "do_pause_tournament",
    "do_prepare",
    "do_register",
    "do_resume_tournament",
    "do_start",
    "sweep_tournaments",
    "do_withdraw_tournament_invitation",
    "do_write_to_organisers",
]
