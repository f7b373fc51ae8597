"""An organiser gives a whole round more time: every open wait at its tables, through games' own extension."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from games.models import Deadline, Game
from games.services import do_extend_deadline
from games.services.errors import ActionRejected
from tournaments.models import Table, Tournament
from tournaments.services.running import check_not_playing, check_organiser


def open_waits(tournament: Tournament):
    """The open waits (deadlines) at the current round's tables still being played: what a
    round's extension reaches; none, and there is nothing to extend."""
    tables = Table.objects.filter(
        round__tournament=tournament,
        round__number=tournament.current_round,
        game__status__in=(Game.Status.RUNNING, Game.Status.PAUSED),
    )
    return Deadline.objects.filter(game__in=tables.values("game"), closed_at__isnull=True)


def do_extend_round(tournament_id: int, user, hours: int) -> int:
    """Extend every open wait of the current round's tables by `hours`; returns how many waits.

    Each table's extension is the games' own (`do_extend_deadline` of all its open waits at
    once, with its limits, its log entry and its mail), made by the organiser, whom games
    knows as the tables' organiser. All or nothing: one refused extension changes no table.
    """
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        check_organiser(tournament, user)
        # Timed by an organiser who plays, it could save their own clock or delay a rival's win by
        # timeout: an organiser who does not play extends.
        check_not_playing(tournament, user)
        if tournament.status not in (Tournament.Status.RUNNING, Tournament.Status.PAUSED):
            raise ActionRejected("not_running", _("Only a running tournament has a round to extend."))
        waits = list(open_waits(tournament).order_by("game_id", "seat").values_list("game_id", "seat"))
        if not waits:
            raise ActionRejected("no_deadline", _("No table of this round is waiting for anyone."))
        by_game: dict[int, list[int]] = {}
        for game_id, seat in waits:
            by_game.setdefault(game_id, []).append(seat)
        for game_id, seats in by_game.items():
            # Checked above, for the whole round: every table alike, by an organiser who does not
            # play. One extension a table, however many of its seats are waited for.
            do_extend_deadline(game_id, user, seats, hours, checked_by_caller=True)
        return len(waits)
