"""What the tournament pages and the JSON API show: pairings, standings and the bracket as SVG.

Only results are shown (ranks and status of each table, links to the games); the games'
own pages show the play, built from each seat's view.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from games.models import Game, Seat
from tournaments.bot_accounts import mark_bot_accounts
from tournaments.formats.elimination import called_up
from tournaments.formats.scoring import rank_key
from tournaments.formats.swiss import RoundResult
from tournaments.formats.swiss import places as swiss_places
from tournaments.formats.withdrawals import REST, bye_kind, scheduled_indices
from tournaments.models import Tournament
from tournaments.numbers import alike, hundredths
from tournaments.pages.bracket_picture import bracket_svg
from tournaments.pages.crosstable import crosstable
from tournaments.pages.organisers_box import adjudicable, awaiting_decision, table_log
from tournaments.services.byes import bye_kinds
from tournaments.services.planning import (
    beaten_in_bracket,
    knocked_out,
    last_round_under_way,
)
from tournaments.services.results import (
    DONE,
    Counted,
    PlayedRound,
    drop_times,
    elimination_seeds,
    inactive_from,
    played_rounds,
    round_robin_counted,
    swiss_standings,
    tie_break_order,
)
from wildcards_site.accounts.marks import text_mark


def _crosstable(tournament: Tournament, rounds: list[PlayedRound], standings: list[dict], counted: Counted | None):
    if not tournament.format_spec.has_crosstable:
        return None
    if not tournament.schedule:
        return crosstable(standings, rounds)
    return crosstable(standings, rounds, counted, tournament.schedule)


def tournament_data(tournament: Tournament) -> dict:
    entries = list(tournament.entries.select_related("user__profile"))
    names = {entry.pk: entry.user.profile.name for entry in entries}
    rounds = played_rounds(tournament)
    # A scheduled round robin's rounds as counted, once for the standings, the crosstable and the byes.
    scheduled = tournament.format_spec.scheduled and tournament.schedule
    counted = round_robin_counted(tournament, entries, rounds) if scheduled else None
    kinds = _bye_kinds(tournament, entries, rounds, counted)
    shown = [_round(r, names, kinds.get(r.number, {})) for r in rounds]
    _add_call_ups(tournament, entries, rounds, shown, names)
    awaiting = awaiting_decision(tournament, entries, rounds)
    standings = _standings(tournament, entries, rounds, names, counted)
    mark_bot_accounts(entries, shown, standings)
    last_round = last_round_under_way(tournament, entries, rounds)
    return {
        "entries": entries,
        "names": names,
        "rounds": shown,
        "awaiting_decision": awaiting,
        # The tables an organiser may still adjudicate: the current round's (services/adjudication.py).
        "adjudicable": adjudicable(tournament, rounds, shown, awaiting, last_round),
        "standings": standings,
        # The tie-breaks' words then say why a player with the most points may stand last.
        "any_disqualified": any(row["disqualified"] for row in standings),
        # Entry ids a knock-out has put out: they read so, and are not offered to drop out.
        "knocked_out": knocked_out(tournament, entries, rounds, awaiting),
        # Nothing follows it: no "drop out after this round".
        "last_round": last_round,
        # Put out of a two-player bracket for good: not offered to the organisers to drop.
        "beaten": beaten_in_bracket(tournament, entries, rounds),
        "crosstable": _crosstable(tournament, rounds, standings, counted),
        "ended_early": ended_early(tournament, rounds),
        "passed_over": passed_over(tournament, rounds, counted),
        "bracket_svg": bracket_svg(tournament, entries, rounds, _marked(entries, names)),
        "table_log": table_log(tournament),
        # Marked as the standings and the final mail mark them, so a place below the table's reads right.
        "final_places": sorted(
            (
                (entry.final_place, entry.user.profile.name, leaving_mark(entry))
                for entry in entries
                if entry.final_place
            ),
            key=lambda row: row[0],
        ),
    }


def leaving_mark(entry) -> str:
    """How an entrant left, the same words wherever the event lists them ("" for one still in)."""
    if entry.disqualified:
        return _("disqualified")
    if entry.dropped_before_round is None:
        return ""
    if entry.dropped_by == entry.WITHDRAWN_BY_SITE:
        return _("withdrawn by the site: no move of their own in round %(round)s") % {
            "round": entry.dropped_before_round - 1
        }
    return _("dropped out")


def _add_call_ups(tournament: Tournament, entries, rounds: list[PlayedRound], shown: list[dict], names: dict) -> None:
    """A multiplayer knock-out fills a place left by a qualifier who dropped (or did not play)
    with the best runner-up: each round says who was called up, from where, and for whom."""
    if tournament.seats_max == 2:
        return
    knockout = [(index, r) for index, r in enumerate(rounds) if r.stage == "elimination"]
    if len(knockout) < 2:
        return
    seeds = {player: number for number, player in enumerate(elimination_seeds(tournament, entries, rounds), 1)}
    disqualified = {entry.pk for entry in entries if entry.disqualified}
    dropped = set(drop_times(entries))
    for (_before, previous), (index, current) in zip(knockout, knockout[1:], strict=False):
        going = {player for table in current.tables for player in table.ranks} | set(current.byes)
        calls, vacated = called_up(
            [t.ranks for t in previous.tables], previous.byes, tournament.advance_per_table, seeds, going
        )
        if not calls:
            continue
        shown[index]["called_up"] = [
            {"name": names[call.player], "place": call.place, "table": previous.tables[call.table].number}
            for call in calls
        ]
        shown[index]["vacated"] = [
            {
                "name": names[player],
                "why": "disqualified" if player in disqualified else "dropped" if player in dropped else "forfeit",
            }
            for player in vacated
        ]
        shown[index]["called_from"] = previous.number


def ended_early(tournament: Tournament, rounds: list[PlayedRound]) -> tuple[int, int] | None:
    """(rounds played, rounds planned) of a Swiss or round robin that drops ended before its last
    round; None otherwise. Said on the page, or a three-round Swiss ending after round 1 would
    do so without a word. A round robin counts by its schedule: a round passed over in the
    middle is no early end."""
    if tournament.status != Tournament.Status.FINISHED:
        return None
    made = [played for played in rounds if played.stage in ("swiss", "round_robin")]
    spec = tournament.format_spec
    if spec.rounds_required:
        planned = tournament.rounds or 0
        return (len(made), planned) if len(made) < planned else None
    if not spec.scheduled or not tournament.schedule or not made:
        return None
    results = [RoundResult([table.ranks for table in played.tables], played.byes) for played in made]
    reached = [index for index in scheduled_indices(tournament.schedule, results) if index is not None]
    planned = len(tournament.schedule)
    return (len(made), planned) if reached and reached[-1] < planned - 1 else None


def passed_over(tournament: Tournament, rounds: list[PlayedRound], counted) -> tuple[int, int] | None:
    """(rounds passed over, rounds scheduled) of a round robin whose drops left a scheduled round
    before one it went on to without a table (one at its end is `ended_early`'s); None when none
    was. As the standings count them (`counted`: `round_robin_counted`, None for other formats).
    Said on the page, or a 4-round event would play 3 without a word."""
    if counted is None:
        return None
    made = [played for played in rounds if played.stage == "round_robin"]
    results = [RoundResult([table.ranks for table in played.tables], played.byes) for played in made]
    # The last scheduled round made, finished or not (`counted` holds the finished ones only).
    last = max((index for index in scheduled_indices(tournament.schedule, results) if index is not None), default=-1)
    skipped = sum(not row.made and row.index is not None and row.index < last for row in counted.rounds)
    return (skipped, len(tournament.schedule)) if skipped else None


def _round(played: PlayedRound, names: dict, kinds: dict[int, str]) -> dict:
    return {
        "number": played.number,
        "stage": played.stage,
        "finished": played.finished,
        "tables": [_table(table, names) for table in played.tables],
        "byes": [{"entry": player, "name": names[player], "kind": kinds.get(player, REST)} for player in played.byes],
        "repeats": played.repeats,
        # Multiplayer Swiss rounds only: the bound on any seating's repeats; below `repeats`, the
        # seating found in time is not proven the fewest.
        "repeat_bound": played.repeat_bound,
    }


def _bye_kinds(tournament: Tournament, entries, rounds: list[PlayedRound], counted) -> dict[int, dict[int, str]]:
    """A round robin's byes by round, each as the standings count it now: a scheduled rest, a game
    a leaver left unplayed (won by forfeit), or a table an annulled leaver left short (nothing).
    The rounds over are read from `counted`; the round under way, as its mail said it (services/byes.py)."""
    if counted is None:
        return {}
    index_of = {row.number: row.index for row in counted.rounds if row.made and row.index is not None}
    kinds: dict[int, dict[int, str]] = {}
    for played in rounds:
        if not played.byes or played.stage != "round_robin":
            continue
        if played.number in index_of:
            tables, rests = tournament.schedule[index_of[played.number]][:2]
            left, annulled, number = counted.left, counted.annulled, played.number
            kinds[played.number] = {p: bye_kind(tables, rests, p, left, annulled, number) for p in played.byes}
        elif not played.finished and all(other.finished for other in rounds if other.number < played.number):
            # `counted` holds exactly the rounds before it: the kinds its mail said (services/byes.py).
            kinds[played.number] = bye_kinds(tournament, entries, rounds, played.number, counted)
    return kinds


# A table's state in its own words: a game's ("finished") agree with "game" in some languages
# ("partita finita"), where a table is another word ("tavolo finito").
TABLE_STATUS = {
    "open": pgettext_lazy("a tournament table's state", "waiting for players"),
    "running": pgettext_lazy("a tournament table's state", "running"),
    "paused": pgettext_lazy("a tournament table's state", "paused"),
    "finished": pgettext_lazy("a tournament table's state", "finished"),
    "abandoned": pgettext_lazy("a tournament table's state", "abandoned"),
    "cancelled": pgettext_lazy("a tournament table's state", "cancelled"),
}


def _table(table, names: dict) -> dict:
    # Places show once a table has ended or been decided: a game abandoned by players who had
    # played ranks them by when each left; without them the organisers' form would offer
    # "forfeit" for all, which sent unchanged would wipe a result that counted.
    over = table.status in DONE or table.adjudicated
    return {
        "number": table.number,
        "match": table.match,
        "game_id": table.game_id,
        "status": table.status,
        "status_label": str(TABLE_STATUS.get(table.status) or Game.Status(table.status).label),
        "adjudicated": table.adjudicated,
        "players": [
            {
                "entry": player,
                "name": names[player],
                **_bot_mark(table.bots.get(player, "")),
                "rank": rank if over else None,
                "forfeit": rank is None and over,
            }
            for player, rank in sorted(table.ranks.items(), key=lambda item: (rank_key(item[1]), names[item[0]]))
        ],
    }


def _bot_mark(level: str) -> dict:
    """What games/_bot_badge.html reads of a seat, for an entrant whose seat a bot now plays."""
    if not level:
        return {"kind": Seat.Kind.HUMAN, "level": "", "level_label": ""}
    return {"kind": Seat.Kind.BOT, "level": level, "level_label": str(Seat.Level(level).label)}


def _standings(tournament: Tournament, entries, rounds, names: dict, counted: Counted | None = None) -> list[dict]:
    dropped = inactive_from(entries, len(rounds) + 1)
    disqualified = {entry.pk for entry in entries if entry.disqualified}
    withdrawn = {entry.pk for entry in entries if entry.dropped_by == entry.WITHDRAWN_BY_SITE} & dropped
    place_of = {entry.pk: entry.final_place for entry in entries}
    by_pk = {entry.pk: entry for entry in entries}
    rows = swiss_standings(tournament, entries, rounds, counted)
    if tournament.status == Tournament.Status.FINISHED:
        rows.sort(key=lambda row: place_of.get(row.player) or 10**9)
    else:
        # Below everyone from the moment they are disqualified, as the final places will put them.
        # Only here: seeding a cut keeps merit order.
        rows.sort(key=lambda row: row.player in disqualified)
    # Players level on points and every tie-break share a place (1, 2, 2, 4), as the page says;
    # a disqualified player's place follows everyone's.
    standing = [row for row in rows if row.player not in disqualified]
    place = {player: number for number, player in swiss_places(standing, tie_break_order(tournament))}
    table = [
        {
            "position": place.get(row.player, index),
            "entry": row.player,
            "name": names[row.player],
            "points": row.points,
            "buchholz": row.buchholz,
            "sonneborn_berger": row.sonneborn_berger,
            "opponents_average": hundredths(row.opponents_average),
            "rating": row.rating,
            "byes": row.byes,
            "games": row.games,
            "dropped": row.player in dropped,
            "withdrawn": row.player in withdrawn,
            # Disqualified players are inactive too, but read as what they are.
            "disqualified": row.player in disqualified,
            # Marked once they no longer play, in the words of the entrants' list.
            "mark": leaving_mark(by_pk[row.player]) if row.player in dropped | disqualified else "",
            "final_place": place_of.get(row.player),
        }
        for index, row in enumerate(rows, 1)
    ]
    for key in ("points", "buchholz", "sonneborn_berger", "opponents_average"):
        for row, shown in zip(table, alike([row[key] for row in table]), strict=True):
            row[f"{key}_shown"] = shown
    return table


def tournament_json(tournament: Tournament) -> dict:
    """A tournament in the JSON answers (the site's and the API's)."""
    return {
        "id": tournament.pk,
        "name": tournament.name,
        "game": tournament.engine,
        "format": tournament.format,
        "status": tournament.status,
        "seats": {"preferred": tournament.seats_preferred, "min": tournament.seats_min, "max": tournament.seats_max},
        "rounds": tournament.rounds,
        "current_round": tournament.current_round,
        "rated": tournament.rated,
        "entrants": tournament.entries.count(),
    }


def _marked(entries, names: dict) -> dict:
    """The names with the bot mark in words, for a picture that has no room for a badge."""
    return {entry.pk: f"{names[entry.pk]}{text_mark(entry.user)}" for entry in entries}
