"""An entrant's place in the current round, for the tournament page's "Your table" card."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.models import Deadline
from tournaments.models import Tournament
from tournaments.pages.presenters import TABLE_STATUS
from tournaments.pages.rules_words import number_words
from tournaments.services.byes import REST, bye_kinds
from tournaments.services.planning import without_table
from tournaments.services.results import played_rounds


def your_table(tournament: Tournament, user) -> dict | None:
    """An entrant's place in the current round: their table (with its link, status and their own
    next deadline) or their bye; None for anyone not playing in it."""
    if not getattr(user, "is_authenticated", False) or tournament.current_round == 0:
        return None
    entry = tournament.entries.filter(user=user).first()
    if entry is None:
        return None
    round_ = tournament.round_set.filter(number=tournament.current_round).first()
    if round_ is None:
        return None
    if round_.byes.filter(entry=entry).exists():
        knockout = round_.stage == "elimination"  # a knock-out's bye goes on; elsewhere it scores
        kind = bye_kinds(tournament, list(tournament.entries.all()), played_rounds(tournament), round_.number)
        return {
            "round": round_.number,
            "bye": True,
            "knockout": knockout,
            "bye_points": number_words(tournament.bye_score),
            "bye_kind": kind.get(entry.pk, REST),
            "win_points": number_words(tournament.win_score),
        }
    table = round_.tables.filter(game__seats__user=user).select_related("game").first()
    if table is None:
        if round_.stage == "elimination" and tournament.seats_max == 2:
            # A bracket seats nobody against an empty slot: say so, not nothing.
            entries = list(tournament.entries.all())
            seated = set(
                tournament.entries.filter(user__seats__game__tournament_table__round=round_).values_list(
                    "pk", flat=True
                )
            )
            if entry.pk in without_table(tournament, entries, played_rounds(tournament), round_.number, seated):
                return {"round": round_.number, "bye": False, "no_table": True}
        return None
    seat = table.game.seats.filter(user=user).first()
    deadline = (
        Deadline.objects.filter(game=table.game, seat=seat.position, closed_at__isnull=True).first()
        if seat is not None and seat.position is not None
        else None
    )
    return {
        "round": round_.number,
        "table": table,
        "game": table.game,
        "seats": list(table.game.seats.select_related("user__profile")),
        "deadline": deadline,
        "bye": False,
        # In a table's words, as the rounds list says it (Italian "finito", a table; not "finita"),
        # and a decided table as decided (its game reads "abandoned" to the game's own status).
        "status_label": _("result set by the organisers")
        if table.adjudicated_ranks is not None
        else str(TABLE_STATUS.get(table.game.status) or table.game.get_status_display()),
    }
