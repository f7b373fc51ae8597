"""An organiser decides a table's result: its ranks, or a forfeit (single or double), with a reason.

The decision replaces the game's own result for the tournament (`results.played_rounds`); the
game itself keeps its record as played (its log, its seats' ranks and its rating changes). It
is allowed only while the table's round is the current one, so a result that later rounds were
built on never changes: once the next round is made (or the event is over) it is refused. A
table still being played (stalled) is stopped: its game is abandoned, the decision stands.

Each decision is a `GameEvent` ("adjudicated"): the table's log and the tournament's
Organisers' log show it, and every player of the table is mailed it in their language.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime

from django.conf import settings
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Game, GameEvent, Seat
from games.services import notify
from games.services.deadlines import abandon
from games.services.errors import ActionRejected
from games.services.play import lock_game
from tournaments.mail.organiser_mails import table_decided
from tournaments.models import Table, Tournament
from tournaments.services.running import check_not_playing, check_organiser
from wildcards_site.queueing import queue_task

MAX_REASON_CHARS = 500
LIVE = (Game.Status.OPEN, Game.Status.RUNNING, Game.Status.PAUSED)


def competition_ranks(ranks: Mapping[int, int | None]) -> dict[int, int | None]:
    """Ranks as "1224" competition ranking (1 + the number of players placed strictly better),
    forfeits (None) kept: places 1, 3, 3 given by an organiser become 1, 2, 2."""
    played = [rank for rank in ranks.values() if rank is not None]
    return {
        player: None if rank is None else 1 + sum(1 for other in played if other < rank)
        for player, rank in ranks.items()
    }


def drawn_stamp(game_status: str, adjudicated_ranks: Mapping | None) -> str:
    """What an organiser's form was drawn against: the game's state and the result set, if any.
    Two organisers deciding at once, or a game that ended meanwhile, show as a different stamp."""
    ranks = None if adjudicated_ranks is None else {str(entry): rank for entry, rank in adjudicated_ranks.items()}
    return f"{game_status}:{json.dumps(ranks, sort_keys=True)}"


def do_adjudicate_table(
    table_id: int,
    user,
    ranks: Mapping[int, int | None],
    reason: str,
    now: datetime | None = None,
    drawn: str | None = None,
) -> Table:
    """Set the result of a table of the current round: `ranks` maps each entry id at the table
    to a place (1 = first, equal places shared) or None (a forfeit; all None: a double forfeit).
    `drawn`: the `drawn_stamp` of the page the organiser decided on; refused if the table changed since."""
    now = now or timezone.now()
    reason = (reason or "").strip()
    table = Table.objects.select_related("round").filter(pk=table_id).first()
    if table is None:
        raise ActionRejected("no_table", _("There is no such table."))
    with transaction.atomic():
        # The tournament's lock first, as do_advance_round takes it: no round is made meanwhile.
        tournament = Tournament.objects.select_for_update().get(pk=table.round.tournament_id)
        check_organiser(tournament, user)
        check_not_playing(tournament, user)
        if Seat.objects.filter(game_id=table.game_id, user=user).exists():
            raise ActionRejected("own_table", _("You play at this table: another organiser decides its result."))
        if tournament.status not in (Tournament.Status.RUNNING, Tournament.Status.PAUSED):
            raise ActionRejected("not_running", _("Only a table of a running tournament can be adjudicated."))
        if table.round.number != tournament.current_round:
            raise ActionRejected(
                "round_over", _("The next round has been made: the results of earlier rounds can no longer change.")
            )
        if not reason or len(reason) > MAX_REASON_CHARS:
            raise ActionRejected(
                "bad_reason", _("Give the reason in at most %(count)s characters.") % {"count": MAX_REASON_CHARS}
            )
        game = lock_game(table.game_id)
        # Read again under the tournament's lock: another organiser's result may have come meanwhile.
        current = Table.objects.values_list("adjudicated_ranks", flat=True).get(pk=table.pk)
        if drawn is not None and drawn != drawn_stamp(game.status, current):
            raise ActionRejected(
                "changed",
                _("Another organiser set this table's result meanwhile, or its game ended: read it again below."),
            )
        decided = _checked_ranks(tournament, game, ranks)
        if table.match and list(decided.values()).count(1) > 1:
            # A bracket's match sends one player on: a shared 1st would be settled by seed alone.
            raise ActionRejected(
                "needs_a_winner", _("A knock-out match needs a winner: give 1st to one player (or forfeits).")
            )
        if game.status in LIVE:
            abandon(game, now, tell=False)  # a stalled table stops here: the organiser's result is final
        Table.objects.filter(pk=table.pk).update(
            adjudicated_ranks={str(entry): rank for entry, rank in decided.items()}
        )
        table.adjudicated_ranks = decided
        _log_and_mail(tournament, table, game, user, decided, reason)
        # As when a game finishes: the round may be complete now (the sweep covers a lost task).
        transaction.on_commit(lambda: queue_task("tournaments.tasks.advance_tournament", (tournament.pk,)))
        return table


def _checked_ranks(tournament: Tournament, game: Game, ranks: Mapping[int, int | None]) -> dict[int, int | None]:
    entry_of_user = dict(tournament.entries.values_list("user_id", "pk"))
    at_table = {entry_of_user[seat.user_id] for seat in game.seats.all() if seat.user_id in entry_of_user}
    try:
        given = {int(entry): (None if rank is None else int(rank)) for entry, rank in ranks.items()}
    except (TypeError, ValueError):
        raise ActionRejected("bad_ranks", _("A place is a whole number, or a forfeit.")) from None
    if set(given) != at_table:
        raise ActionRejected(
            "bad_ranks", _("Give a place or a forfeit for every player at the table, and no one else.")
        )
    if any(rank is not None and not 1 <= rank <= len(given) for rank in given.values()):
        raise ActionRejected(
            "bad_ranks", _("A place at this table is from 1 to %(count)s, or a forfeit.") % {"count": len(given)}
        )
    return competition_ranks(given)


def _log_and_mail(
    tournament: Tournament, table: Table, game: Game, user, decided: dict[int, int | None], reason: str
) -> None:
    user_of_entry = dict(tournament.entries.values_list("pk", "user_id"))
    seats = list(game.seats.select_related("user__profile").order_by("position"))
    position_of_user = {seat.user_id: seat.position for seat in seats}
    result = sorted(
        ({"seat": position_of_user[user_of_entry[entry]], "rank": rank} for entry, rank in decided.items()),
        key=lambda row: (row["rank"] is None, row["rank"] or 0, row["seat"]),
    )
    event = GameEvent.objects.create(
        game=game, kind=GameEvent.Kind.ADJUDICATED, actor=user, detail={"result": result, "reason": reason}
    )
    # Every player of the table, a seat a bot took included: it is their result.
    players = [seat.user for seat in seats if seat.user_id]
    link = settings.SITE_URL + reverse("tournaments:detail", args=[tournament.pk])
    notify.table_adjudicated(event, list(dict.fromkeys(players)), tournament.name, link)
    # The other organisers; one who plays at this table has its players' mail of it already.
    # The places as the event's `result` holds them, each seat by the name the table shows.
    by_position = {seat.position: seat for seat in seats}
    shown = [{"name": str(by_position[row["seat"]].name), "rank": row["rank"]} for row in result]
    table_decided(tournament, table, user, reason, seated={seat.user_id for seat in seats}, result=shown)
