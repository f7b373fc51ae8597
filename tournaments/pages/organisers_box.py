"""What the organisers see on a tournament page beside everyone's: the tables they may still
adjudicate and who each one waits for, whom they may drop or disqualify, the table sizes its game
cannot be played at, and the log of what they (and the site) did at its tables."""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _

from games.models import Deadline, GameEvent, Seat
from games.services.organiser import STAFF_EXTENSION_HOURS
from tournaments.models import EntrantLeft, Table, Tournament
from tournaments.services.adjudication import drawn_stamp
from tournaments.services.planning import WAITING, plan_next_round
from tournaments.services.results import PlayedRound, undecided_forfeits
from tournaments.services.rules import unplayable_sizes


def awaiting_decision(tournament: Tournament, entries, rounds: list[PlayedRound]) -> bool:
    """The knock-out waits for the organisers to decide a table nobody played (planning.WAITING)."""
    if tournament.status not in (Tournament.Status.RUNNING, Tournament.Status.PAUSED) or not rounds:
        return False
    last = rounds[-1]
    if last.stage != "elimination" or not last.finished or not undecided_forfeits(last):
        return False
    plan = plan_next_round(tournament, entries, rounds)
    return plan is not None and plan.stage == WAITING


LIVE_STATUSES = ("open", "running", "paused")


def adjudicable(
    tournament: Tournament, rounds: list[PlayedRound], shown: list[dict], awaiting: bool, last_round: bool = False
) -> list[dict]:
    if tournament.status not in (Tournament.Status.RUNNING, Tournament.Status.PAUSED) or not rounds:
        return []
    if rounds[-1].number != tournament.current_round:
        return []
    undecided = {table.number for table in undecided_forfeits(rounds[-1])} if awaiting else set()
    # A multiplayer knock-out tells level players apart by seed where places go on
    # (formats.scoring.advancing_order); a two-player match refuses a shared 1st instead. Nobody
    # goes on from its final: players placed level there share their place (services/final_places.py).
    by_seed = rounds[-1].stage == "elimination" and tournament.seats_max > 2 and not last_round
    stamps = {
        table.number: drawn_stamp(table.status, table.ranks if table.adjudicated else None)
        for table in rounds[-1].tables
    }
    waiting = _waiting_for([table["game_id"] for table in shown[-1]["tables"]])
    return [
        {
            **table,
            "drawn": stamps[table["number"]],
            "places": list(range(1, len(table["players"]) + 1)),
            "awaiting": table["number"] in undecided,
            # Who the table waits for, and their missed deadlines in a row: which table stalls.
            "waiting_for": waiting.get(table["game_id"], []),
            "ties_by_seed": by_seed,
            # The form starts from the table's result as it stands: its places, a forfeit where
            # nobody played; at a table still playing, from nothing, so that every place is the
            # organisers' choice (places in seat order, sent with only a reason, would decide a
            # result nobody chose).
            "players_choices": [
                (player, player["rank"] or ("forfeit" if table["status"] not in LIVE_STATUSES else ""))
                for player in table["players"]
            ],
        }
        for table in shown[-1]["tables"]
    ]


def _waiting_for(game_ids: list[int]) -> dict[int, list[dict]]:
    """Each game's seats with an open deadline: name, missed deadlines in a row, when it closes
    (two queries for the whole round)."""
    deadlines = Deadline.objects.filter(game_id__in=game_ids, closed_at=None).order_by("closes_at")
    open_at = {(deadline.game_id, deadline.seat): deadline.closes_at for deadline in deadlines}
    seats = Seat.objects.filter(game_id__in={game for game, _seat in open_at}).select_related("user__profile")
    waiting: dict[int, list[dict]] = {}
    for seat in seats.order_by("game_id", "position"):
        if (seat.game_id, seat.position) in open_at:
            waiting.setdefault(seat.game_id, []).append(
                {
                    "name": str(seat.name),
                    "missed": seat.consecutive_timeouts,
                    "closes_at": open_at[seat.game_id, seat.position],
                }
            )
    return waiting


def organiser_choices(
    tournament: Tournament, user, entries: list, last_round: bool = False, out: set[int] = frozenset()
) -> dict:
    """What the organiser's box offers `user`: the entrants the drop and disqualify services would
    accept, and whether a round's extension has any wait to reach. `last_round`: the round under
    way is the last (`tournament_data`), which nobody drops out after; `out`: the entries a
    bracket has put out for good (`tournament_data`'s "beaten"), who have nothing left to drop."""
    from tournaments.services.leaving import may_disqualify, may_drop, table_mates
    from tournaments.services.round_clock import open_waits
    from tournaments.services.running import plays_in_event

    if tournament.status not in (Tournament.Status.RUNNING, Tournament.Status.PAUSED):
        return {"to_drop": [], "to_disqualify": [], "extendable": False}
    mates = table_mates(tournament, user)
    playing = plays_in_event(tournament, user)
    return {
        "to_drop": [
            entry for entry in entries if entry.pk not in out and may_drop(user, entry, mates, playing, last_round)
        ],
        "to_disqualify": [entry for entry in entries if may_disqualify(entry, mates, playing)],
        "extendable": not playing and open_waits(tournament).exists(),
        # Said by the field, not only by a refusal, so an organiser need not guess the limit.
        "max_extension_hours": STAFF_EXTENSION_HOURS if user.is_staff else settings.GAME_MAX_EXTENSION_HOURS,
    }


def unplayable_tables(tournament: Tournament) -> list[dict]:
    """For its organisers: each table size the event allows but its game cannot be played at with
    its options (settings from before every size was checked). A round that needs one cannot be
    made; before the start the settings can still be changed."""
    if tournament.status in (Tournament.Status.FINISHED, Tournament.Status.CANCELLED):
        return []
    sizes = unplayable_sizes(tournament.engine, tournament.options, tournament.seats_min, tournament.seats_max)
    return [{"size": size, "reason": reason} for size, reason in sizes]


def table_log(tournament: Tournament, limit: int = 30) -> list[dict]:
    """What organisers (and the site) did at the tournament's tables, newest first: pauses,
    extensions, seats going to bots. The same events each table's own log shows."""
    tables = Table.objects.filter(round__tournament=tournament)
    where = {table.game_id: (table.round.number, table.number) for table in tables.select_related("round")}
    events = list(
        GameEvent.objects.filter(game_id__in=list(where))
        .select_related("actor__profile")
        .order_by("-created_at")[:limit]
    )
    seats = Seat.objects.filter(game_id__in={event.game_id for event in events}).select_related("user__profile")
    names: dict[int, list[str]] = {}
    for seat in seats.order_by("game_id", "position"):
        names.setdefault(seat.game_id, []).append(str(seat.name))
    rows = [
        {
            "event": event,
            "seat_names": names.get(event.game_id, []),
            "round": where[event.game_id][0],
            "table": where[event.game_id][1],
            "game_id": event.game_id,
            "at": event.created_at,
        }
        for event in events
    ]
    # Who left the event and who made them: the entrants' list shows only a tag.
    leavings = tournament.leavings.select_related("entry__user__profile", "actor__profile")[:limit]
    rows += [{"left": _left_words(left), "at": left.created_at} for left in leavings]
    rows.sort(key=lambda row: row["at"], reverse=True)
    return rows[:limit]


def _left_words(left: EntrantLeft) -> str:
    words = {"entrant": left.entry.user.profile.name, "next": left.next_round}
    if left.how == EntrantLeft.How.DISQUALIFIED:
        words["by"] = left.actor.profile.name if left.actor else _("The organisers")
        said = _("%(by)s disqualified %(entrant)s: not paired from round %(next)s on, results so far kept.") % words
        return f"{said} {_('Reason: %(reason)s') % {'reason': left.reason}}" if left.reason else said
    if left.how == EntrantLeft.How.REMOVED:
        words["by"] = left.actor.profile.name if left.actor else _("The organisers")
        return _("%(by)s dropped %(entrant)s from the event: not paired from round %(next)s on.") % words
    if left.how == EntrantLeft.How.WITHDRAWN:
        return (
            _("The site withdrew %(entrant)s, who made no move of their own: not paired from round %(next)s on.")
            % words
        )
    return _("%(entrant)s dropped out: not paired from round %(next)s on.") % words
