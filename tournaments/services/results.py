"""Rows to plain data for `tournaments/formats/`: each round's table results, byes, drops, standings."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Max

from games.models import Action, Game, Seat
from tournaments.formats import get_format, swiss
from tournaments.formats.elimination import Bracket, Resolved, fitting_cuts
from tournaments.formats.withdrawals import (
    annulled_players,
    passed_over,
    scheduled_indices,
    with_forfeit_wins,
    without_early_withdrawals,
)
from tournaments.models import Entry, Round, Tournament

DONE = (Game.Status.FINISHED, Game.Status.ABANDONED, Game.Status.CANCELLED)


@dataclass
class PlayedTable:
    number: int
    match: str
    game_id: int
    status: str
    ranks: dict[int, int | None]  # entry id -> rank (1 = first); None: a forfeit, nobody played the game
    adjudicated: bool = False  # the ranks are an organiser's decision (services/adjudication.py)
    bots: dict[int, str] = field(default_factory=dict)  # entry id -> level of the bot now playing its seat
    # Entries without one move of their own at a game not cancelled: the game's record, which an
    # adjudication does not rewrite.
    absent: frozenset[int] = frozenset()


@dataclass
class PlayedRound:
    number: int
    stage: str
    tables: list[PlayedTable]
    byes: list[int]
    # Meetings seated a second time, and the lower bound on them (`Round.repeats`).
    repeats: int = 0
    repeat_bound: int | None = None

    @property
    def finished(self) -> bool:
        return all(table.status in DONE for table in self.tables)


def undecided_forfeits(played: PlayedRound) -> list[PlayedTable]:
    """Tables of the round that nobody played and no organiser has decided yet."""
    return [
        table
        for table in played.tables
        if not table.adjudicated and table.ranks and all(rank is None for rank in table.ranks.values())
    ]


def played_rounds(tournament: Tournament) -> list[PlayedRound]:
    """Every round so far with its tables' ranks keyed by entry id (one query per kind of row)."""
    entry_of_user = dict(tournament.entries.values_list("user_id", "pk"))
    rounds = list(
        Round.objects.filter(tournament=tournament).prefetch_related("tables__game__seats", "byes").order_by("number")
    )
    own = _own_moves([table.game_id for row in rounds for table in row.tables.all()])
    out = []
    for row in rounds:
        tables = []
        for table in row.tables.all():
            seats = list(table.game.seats.all())
            by_position = _table_ranks(table.game, seats, own)
            # Only entrants count: a seat's player can change only to a bot or back (games'
            # seat rules), but a table from before those rules may seat someone else.
            ranks = {
                entry_of_user[seat.user_id]: by_position[seat.position]
                for seat in seats
                if seat.user_id in entry_of_user
            }
            bots = {
                entry_of_user[seat.user_id]: seat.level
                for seat in seats
                if seat.user_id in entry_of_user and seat.kind == Seat.Kind.BOT
            }
            over = table.game.status in (Game.Status.FINISHED, Game.Status.ABANDONED)
            absent = frozenset(entry for entry, rank in ranks.items() if rank is None and over)
            adjudicated = table.adjudicated_ranks is not None
            if adjudicated:
                # The organiser's decision stands in for the game's result (same players, keyed by entry).
                ranks = {int(entry): rank for entry, rank in table.adjudicated_ranks.items()}
            tables.append(
                PlayedTable(
                    table.number, table.match, table.game_id, table.game.status, ranks, adjudicated, bots, absent
                )
            )
        byes = [bye.entry_id for bye in row.byes.all()]
        out.append(PlayedRound(row.number, row.stage, tables, byes, row.repeats, row.repeat_bound))
    return out


def _table_ranks(game: Game, seats: list[Seat], own: dict[tuple[int, int], object]) -> dict[int, int | None]:
    """Seat position -> its rank for the tournament, or None (a forfeit).

    A game cancelled was played by nobody: a double forfeit, no points for anyone, rather than a
    shared last place that would outscore the players of other tables who played and came last.
    So is a seat without one move of its own (`own`: (game, position) -> its player's last own
    move), whatever the bot that played it reached and even if the seat was handed back before
    the end: otherwise the bot's place would outscore players of other tables who
    played every move.

    The others: those who stayed to the end by the game's ranking; below them those who left,
    by when each left (the later, the better). A game every player left (abandoned) ranks them
    all by when they left: the player left alone who then stopped too still wins a table the
    others had given up. Leavers are ordered by when they left whether
    the last player finishes the game or stops: by the bots' scores in one case and by time in
    the other, the last player would choose which leaver came second.
    """
    if game.status == Game.Status.CANCELLED:
        return dict.fromkeys((seat.position for seat in seats), None)
    if game.status not in (Game.Status.FINISHED, Game.Status.ABANDONED):
        return {seat.position: seat.rank for seat in seats}  # not over: no ranks yet
    stayed = _stay_times(game, seats, own)
    everyone_left = game.status == Game.Status.ABANDONED or all(s.status != Seat.Status.PLAYING for s in seats)
    keys = {}
    for seat in seats:
        if seat.position not in stayed:
            continue
        if seat.status == Seat.Status.PLAYING and not everyone_left:
            keys[seat.position] = (0, seat.rank if seat.rank is not None else 10**6)
        else:
            keys[seat.position] = (1, -stayed[seat.position].timestamp())
    # Competition ranking ("1224") over the seats ranked: no gap where a no-show stayed.
    return {
        seat.position: None
        if seat.position not in keys
        else 1 + sum(1 for other in keys.values() if other < keys[seat.position])
        for seat in seats
    }


def _stay_times(game: Game, seats: list[Seat], own: dict[tuple[int, int], object]) -> dict:
    """Seat position -> how long its player stayed, for the seats whose player made a move of
    their own: when they left (`Seat.left_at`), else (still there, or a game stored before
    leaving was dated) their last own move."""
    return {
        seat.position: seat.left_at or own[game.pk, seat.position] for seat in seats if (game.pk, seat.position) in own
    }


def _own_moves(games: list[int]) -> dict[tuple[int, int], object]:
    """(game, seat position) -> the time of its player's last move of their own, in one query."""
    rows = (
        Action.objects.filter(game_id__in=games, channel__in=Action.OWN_CHANNELS)
        .values("game", "seat")
        .annotate(last=Max("created_at"))
        .values_list("game", "seat", "last")
    )
    return {(game, seat): last for game, seat, last in rows}


def no_shows(played: PlayedRound) -> set[int]:
    """Entries that forfeited a table without one move of their own, unless the organisers gave
    them a place; at a table nobody played, all its players."""
    return {player for table in played.tables for player in table.absent if table.ranks.get(player) is None}


def drop_times(entries: list[Entry]) -> dict[int, int]:
    """Entry id -> the round before which they left, for everyone dropped or disqualified.

    A disqualification from before drops were dated counts as from the start."""
    return {
        entry.pk: entry.dropped_before_round or 0
        for entry in entries
        if entry.disqualified or entry.dropped_before_round is not None
    }


def inactive_from(entries: list[Entry], round_number: int) -> set[int]:
    """Entries that no longer play from `round_number` on (dropped before it or disqualified)."""
    return {
        entry.pk
        for entry in entries
        if entry.disqualified or (entry.dropped_before_round is not None and entry.dropped_before_round <= round_number)
    }


def swiss_standings(
    tournament: Tournament, entries: list[Entry], rounds: list[PlayedRound], counted: Counted | None = None
) -> list[swiss.Standing]:
    """`counted`: a scheduled round robin's rounds as `round_robin_counted` gave them, when the
    caller has them already (the page shows them in its crosstable too)."""
    annulled: set[int] = set()
    if get_format(tournament.format).scheduled and tournament.schedule:
        counted = counted or round_robin_counted(tournament, entries, rounds)
        results = [row.result for row in counted.rounds]
        annulled = counted.annulled
    else:
        finished = [r for r in rounds if r.stage in ("swiss", "round_robin") and r.finished]
        results = [swiss.RoundResult([t.ranks for t in r.tables], r.byes) for r in finished]
    rows = get_format(tournament.format).standings(
        {entry.pk: entry.rating for entry in entries},
        results,
        tournament.place_points or swiss.DEFAULT_PLACE_POINTS,
        tournament.bye_points,  # None: one win at a full table (the first place's points)
        tournament.seats_preferred - 1,  # a bye's dummy opponents in the Buchholz: a full table's
    )
    # Every result of a leaver before half their games is annulled (FIDE: their points count for
    # nobody's standing): they stand below everyone else, not level with who lost every game,
    # whom their rating, breaking a tie on 0, could put at the head of the standings. Stable: the rest keep their order.
    rows.sort(key=lambda row: row.player in annulled)
    return rows


@dataclass(frozen=True)
class CountedRound:
    """A round as a round robin's standings count it."""

    number: int  # the round's; a round passed over: the number of the round made after it
    index: int | None  # its round in the schedule (None: past it)
    result: swiss.RoundResult
    made: bool = True  # False: passed over, put back for its forfeits and rests


@dataclass
class Counted:
    rounds: list[CountedRound]
    left: dict[int, int]  # entry -> the round before which they left (`drop_times`)
    annulled: set[int]  # who left before half their games: every result annulled


def round_robin_counted(tournament: Tournament, entries: list[Entry], rounds: list[PlayedRound]) -> Counted:
    """The finished rounds as the standings count them, with the scheduled rounds drops emptied
    of tables put back in their places: a player who left after half their games forfeits the
    rest, even where that left a round without a table (formats/withdrawals.py)."""
    schedule = tournament.schedule
    made = [r for r in rounds if r.stage == "round_robin"]
    results = [swiss.RoundResult([t.ranks for t in r.tables], r.byes) for r in made]
    indices = scheduled_indices(schedule, results)
    numbers = [r.number for r in made]
    # A drop counts once the rounds before it have ended: who leaves "after this round" plays it,
    # and their results are not annulled mid-round only to be restored at its end.
    ended = max((r.number for r in made if r.finished), default=0)
    gone = {player: before for player, before in drop_times(entries).items() if before - 1 <= ended}
    skipped = passed_over(schedule, indices, numbers, gone, tournament.seats_min, all(r.finished for r in made))
    counted: list[CountedRound] = []
    for position in range(len(made) + 1):
        counted.extend(
            CountedRound(number, index, result, False) for at, index, number, result in skipped if at == position
        )
        if position < len(made) and made[position].finished:
            counted.append(CountedRound(numbers[position], indices[position], results[position]))
    # A player who left before half their games, dropped or disqualified (FIDE: "withdraws or
    # is removed"): results annulled (formats/withdrawals.py).
    left = {player: before for player, before in gone.items() if before}
    plain = [c.result for c in counted]
    numbered = [c.number for c in counted]
    places = [c.index for c in counted]
    kept = without_early_withdrawals(schedule, plain, left, numbered, tournament.seats_min, places)
    scored = with_forfeit_wins(schedule, kept, places)
    return Counted(
        [CountedRound(c.number, c.index, result, c.made) for c, result in zip(counted, scored, strict=True)],
        gone,
        annulled_players(schedule, plain, left),
    )


def tie_break_order(tournament: Tournament) -> str:
    """A round robin's level players break ties by Sonneborn-Berger first; a Swiss's by Buchholz."""
    return get_format(tournament.format).tie_break_order


def elimination_seeds(tournament: Tournament, entries: list[Entry], rounds: list[PlayedRound]) -> list[int]:
    """Entry ids in seed order for the elimination stage: the top cut after a Swiss (as kept when
    its knock-out began, `Tournament.cut`), else all by seed."""
    if get_format(tournament.format).has_top_cut:
        if tournament.cut is not None:
            return list(tournament.cut)
        table = swiss_standings(tournament, entries, rounds)
        # Only those gone before the cut: a later drop or disqualification must not redraw it.
        start = (tournament.rounds or 0) + 1
        dropped = frozenset(player for player, before in drop_times(entries).items() if before <= start)
        size = tournament.top_cut
        if tournament.seats_max > 2 and not any(played.stage == "elimination" for played in rounds):
            # Fewer players than the cut (a small field, drops): the largest cut that still seats
            # every round without a bye. A knock-out seated before this rule keeps its own cut.
            still = sum(row.player not in dropped for row in table)
            if still < size:
                fits = fitting_cuts(
                    tournament.seats_preferred,
                    tournament.seats_min,
                    tournament.seats_max,
                    tournament.advance_per_table,
                    most=still,
                )
                size = fits[-1] if fits else size
        return swiss.top_cut(table, size, dropped)
    return [entry.pk for entry in sorted(entries, key=lambda e: (e.seed or 10**9, e.pk))]


def bracket_results(rounds: list[PlayedRound]) -> dict[str, dict[int, int]]:
    return {
        table.match: table.ranks
        for played in rounds
        if played.stage == "elimination"
        for table in played.tables
        if table.match and table.status in DONE
    }


def two_player_bracket(tournament: Tournament, entries: list[Entry], rounds: list[PlayedRound]) -> Bracket:
    return get_format(tournament.format).bracket(elimination_seeds(tournament, entries, rounds))


def resolved_bracket(tournament: Tournament, entries: list[Entry], rounds: list[PlayedRound]) -> Resolved:
    """A two-player bracket with the results so far: who has left by the next round walks over,
    when each left (a later drop never undoes a walkover given before it), except in a match
    still being played, which its game decides. One reading for the planner and the page, so the
    page never names the opponent of a player dropped "after this round" winner while they play."""
    times = drop_times(entries)
    dropped = {player: times.get(player, 0) for player in inactive_from(entries, len(rounds) + 1)}
    under_way = {
        table.match
        for played in rounds
        if played.stage == "elimination"
        for table in played.tables
        if table.match and table.status not in DONE
    }
    return two_player_bracket(tournament, entries, rounds).resolve(bracket_results(rounds), dropped, under_way)


def half_rule(tournament: Tournament, entry_id: int, rounds: list[PlayedRound]) -> dict | None:
    """Where a round robin's leaver stands against FIDE's half (formats/withdrawals.py): the games
    they have played ({"games"}, a forfeit not counted; a table over counts, its round finished
    or not) of their scheduled ones ({"scheduled"}), and whether a game of theirs is still being
    played ({"under_way"}: it counts if they finish it). None outside a scheduled round robin."""
    if not get_format(tournament.format).annuls_early_leavers or not tournament.schedule:
        return None
    scheduled = sum(entry_id in table for tables, _rests in tournament.schedule for table in tables)
    theirs = [
        table
        for played in rounds
        if played.stage == "round_robin"
        for table in played.tables
        if entry_id in table.ranks
    ]
    over = [table for table in theirs if table.status in DONE or table.adjudicated]
    games = sum(table.ranks[entry_id] is not None for table in over)
    return {"games": games, "scheduled": scheduled, "under_way": len(over) < len(theirs)}
