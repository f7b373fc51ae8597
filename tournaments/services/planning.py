"""What the next round is, from the rounds played so far: the formats do the thinking.

`plan_next_round` returns the next round's tables (entry ids, with a bracket match id for
2-player elimination) and byes, or None when the tournament is over (`final_places.py` ranks
everyone then). A knock-out that would end while a table nobody played in its last round
is not decided yet answers a plan of stage WAITING with no tables: the event waits for the
organisers' adjudication (services/adjudication.py) instead of ending, or going by seed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.formats import get_format, round_robin
from tournaments.formats.base import ELIMINATION_STAGE, ROUND_ROBIN_STAGE, SWISS_STAGE
from tournaments.formats.elimination import EMPTY, multiplayer_advancers, multiplayer_round
from tournaments.formats.swiss import RoundResult, pair_counts, pair_round
from tournaments.formats.withdrawals import scheduled_indices
from tournaments.models import Entry, Tournament
from tournaments.services.results import (
    PlayedRound,
    elimination_seeds,
    inactive_from,
    resolved_bracket,
    swiss_standings,
    undecided_forfeits,
)

WAITING = "waiting"


@dataclass
class Plan:
    stage: str
    tables: list[list[int]]
    byes: list[int] = field(default_factory=list)
    matches: list[str] = field(default_factory=list)  # parallel to tables, 2-player elimination only
    # A Swiss: the meetings it repeats and the lower bound on them (swiss.Pairing).
    repeats: int = 0
    repeat_bound: int | None = None


def plan_next_round(tournament: Tournament, entries: list[Entry], rounds: list[PlayedRound]) -> Plan | None:
    number = len(rounds) + 1
    inactive = inactive_from(entries, number)
    active = [entry for entry in entries if entry.pk not in inactive]
    stage = get_format(tournament.format).next_stage(tournament, [r.stage for r in rounds])
    if stage == SWISS_STAGE:
        return _swiss(tournament, entries, active, rounds)
    if stage == ROUND_ROBIN_STAGE:
        return _round_robin(tournament, entries, active, rounds)
    if stage == ELIMINATION_STAGE:
        return _elimination(tournament, entries, rounds, inactive)
    return None


def _swiss(tournament: Tournament, entries: list[Entry], active: list[Entry], rounds: list[PlayedRound]) -> Plan:
    table = swiss_standings(tournament, entries, rounds)
    active_ids = {entry.pk for entry in active}
    played = [r for r in rounds if r.stage == "swiss"]
    from tournaments.formats.swiss import RoundResult

    pairing = pair_round(
        [row.player for row in table if row.player in active_ids],
        pair_counts([RoundResult([t.ranks for t in r.tables], r.byes) for r in played]),
        {row.player: row.byes for row in table},
        {row.player: row.points for row in table},
        tournament.seats_preferred,
        tournament.seats_min,
        tournament.seats_max,
    )
    # Two-player pairings compute no bound of their own (swiss.Pairing): none is claimed.
    bound = pairing.repeat_bound if tournament.seats_max > 2 else None
    return Plan("swiss", pairing.tables, pairing.byes, repeats=pairing.repeats, repeat_bound=bound)


def round_robin_schedule(tournament: Tournament, entries: list[Entry]) -> list[list]:
    """The whole round robin, fixed by the seeds at the start: [tables, byes] a round, in entry ids.

    Seconds for a big field: computed once, off the request (services/preparing.py), and kept
    in `Tournament.schedule`.
    """
    seeded = [entry.pk for entry in sorted(entries, key=lambda e: (e.seed or 10**9, e.pk)) if entry.seed]
    rounds = round_robin.schedule(
        seeded, tournament.seats_preferred, tournament.seats_min, tournament.seats_max, tournament.rounds
    )
    return [[tables, byes] for tables, byes in rounds]


def _round_robin(tournament: Tournament, entries: list[Entry], active: list[Entry], rounds: list[PlayedRound]):
    """The stored schedule's next round, drops taken out: a table left below the minimum gives
    its remaining players a bye for the round. Nobody is re-seated, so a drop never makes two
    players meet again, and the rest of the schedule stays as it was. A scheduled round that
    drops have emptied of tables is passed over (the standings still count its forfeits and
    rests: results.round_robin_counted)."""
    plan = tournament.schedule
    if plan is None:
        # Started before schedules were kept: computed once more here, and kept from now on.
        plan = tournament.schedule = round_robin_schedule(tournament, entries)
        tournament.save(update_fields=["schedule"])
    active_ids = {entry.pk for entry in active}
    for index in range(_next_scheduled(plan, rounds), len(plan)):
        tables, byes = plan[index]
        kept = []
        new_byes = [player for player in byes if player in active_ids]
        for table in tables:
            still = [player for player in table if player in active_ids]
            if len(still) >= tournament.seats_min:
                kept.append(still)
            else:
                new_byes.extend(still)
        if kept:
            return Plan("round_robin", kept, new_byes)
    return None


def last_round_under_way(tournament: Tournament, entries: list[Entry], rounds: list[PlayedRound]) -> bool:
    """Whether the round being played is the event's last whatever its results: a Swiss's last
    round with no top cut, a round robin's last scheduled round, a knock-out's final (one table
    of everyone still in; a double elimination's grand final may be played again, so not it).
    Nothing follows it to drop out of, so a final offers no drop."""
    if (
        not rounds
        or rounds[-1].finished
        or tournament.status not in (Tournament.Status.RUNNING, Tournament.Status.PAUSED)
    ):
        return False
    current = rounds[-1]
    if current.stage == "swiss":
        return current.number >= (tournament.rounds or 0) and not tournament.top_cut
    if current.stage == "round_robin":
        return not round_robin_goes_on(tournament, entries, rounds)
    if current.stage != "elimination" or len(current.tables) != 1 or current.byes:
        return False
    if tournament.seats_max > 2:
        return True
    if get_format(tournament.format).double:
        return False
    still_in = set(elimination_seeds(tournament, entries, rounds)) - knocked_out(tournament, entries, rounds)
    return still_in <= set(current.tables[0].ranks)


def round_robin_goes_on(tournament: Tournament, entries: list[Entry], rounds: list[PlayedRound]) -> bool:
    """Whether the stored schedule still has a round to play after those played, as `_round_robin`
    would make it: a table with enough players still in (drops taken out; a round they emptied is
    passed over, not counted). A round robin started before schedules were kept has
    one made with its next round: it goes on until then."""
    plan = tournament.schedule
    if plan is None:
        return True
    active = {entry.pk for entry in entries} - inactive_from(entries, len(rounds) + 1)
    return any(
        sum(player in active for player in table) >= tournament.seats_min
        for tables, _byes in plan[_next_scheduled(plan, rounds) :]
        for table in tables
    )


def _next_scheduled(plan: list, rounds: list[PlayedRound]) -> int:
    """Where the schedule goes on: after the scheduled round the last played round came from
    (each played table sits inside one of its tables), so passed-over rounds stay passed."""
    played = [RoundResult([table.ranks for table in r.tables], r.byes) for r in rounds]
    position = 0
    for index in scheduled_indices(plan, played):
        position = position + 1 if index is None else index + 1
    return position


def _elimination(tournament: Tournament, entries: list[Entry], rounds: list[PlayedRound], inactive: set[int]):
    if tournament.seats_max == 2:
        if len(elimination_seeds(tournament, entries, rounds)) < 2:
            return None  # drops left nobody to play a top cut against: the Swiss standings stand
        resolved = resolved_bracket(tournament, entries, rounds)
        if resolved.finished:
            # A table nobody played in the round that ends it may decide who is champion, or who
            # plays the final (it could crown a player who had dropped out, or one who played no
            # final): the organisers decide it first.
            return _waiting(rounds)
        return Plan("elimination", [list(resolved.players[m]) for m in resolved.to_play], [], list(resolved.to_play))
    seeds = elimination_seeds(tournament, entries, rounds)
    seed_of = {player: number for number, player in enumerate(seeds, 1)}
    knockout = [r for r in rounds if r.stage == "elimination"]
    if not knockout:
        entrants = [player for player in seeds if player not in inactive]
    else:
        last = knockout[-1]
        if len(last.tables) == 1 and not last.byes:
            return _waiting(rounds)  # the final has been played (or nobody played it: the organisers decide)
        entrants = _going_on(tournament, last, seed_of, inactive)
    if len(entrants) < tournament.seats_min:
        # Too many drops to seat another table: the tournament ends here, unless a table nobody
        # played is still to be decided (its players may go on).
        return _waiting(rounds)
    had_byes = {player for played in knockout for player in played.byes}
    tables, byes = multiplayer_round(
        entrants,
        tournament.seats_preferred,
        tournament.seats_min,
        tournament.seats_max,
        tournament.advance_per_table,
        had_byes,
    )
    return Plan("elimination", tables, byes)


def _going_on(tournament: Tournament, last: PlayedRound, seed_of: dict[int, int], inactive: set[int]) -> list[int]:
    """Who goes on from a multiplayer knock-out round: a qualifier who dropped is replaced by the
    best runner-up still in."""
    return multiplayer_advancers(
        [t.ranks for t in last.tables],
        last.byes,
        tournament.advance_per_table,
        seed_of,
        tournament.seats_min,
        frozenset(inactive),
    )


def _waiting(rounds: list[PlayedRound]) -> Plan | None:
    """A knock-out at its end: it waits while a table of its last round nobody played is undecided."""
    knockout = [r for r in rounds if r.stage == "elimination"]
    if knockout and knockout[-1] is rounds[-1] and undecided_forfeits(knockout[-1]):
        return Plan(WAITING, [])
    return None


def beaten_in_bracket(tournament: Tournament, entries: list[Entry], rounds: list[PlayedRound]) -> set[int]:
    """The entries a two-player bracket has put out for good (a single elimination's losers, a
    double elimination's after their second loss): nothing is left for them to drop out of.
    A multiplayer knock-out's or a Swiss cut's players left out are not: a drop before the next
    round is made may still call them up, and they may leave to decline it."""
    if tournament.seats_max != 2 or not any(r.stage == "elimination" for r in rounds):
        return set()
    resolved = resolved_bracket(tournament, entries, rounds)
    return {player for player in resolved.eliminated if player is not EMPTY}


def knocked_out(
    tournament: Tournament, entries: list[Entry], rounds: list[PlayedRound], awaiting: bool = False
) -> set[int]:
    """The entries a knock-out has put out so far (none before it starts): a Swiss top cut's
    players left out of the cut, a bracket's players out of it, a multiplayer knock-out's
    players not going on from a finished round. `awaiting`: the knock-out waits for the
    organisers to decide a table nobody played (`WAITING`), whose players are not out yet."""
    knockout = [r for r in rounds if r.stage == "elimination"]
    if not knockout:
        return set()
    undecided = set()
    if awaiting:
        undecided = {player for table in undecided_forfeits(rounds[-1]) for player in table.ranks}
    seeds = elimination_seeds(tournament, entries, rounds)
    out = {entry.pk for entry in entries} - set(seeds)
    inactive = inactive_from(entries, len(rounds) + 1)
    if tournament.seats_max == 2:
        resolved = resolved_bracket(tournament, entries, rounds)
        return (out | {player for player in resolved.eliminated if player is not EMPTY}) - undecided
    last = knockout[-1]
    playing = {player for table in last.tables for player in table.ranks} | set(last.byes)
    out |= set(seeds) - playing
    if last.finished:
        seed_of = {player: number for number, player in enumerate(seeds, 1)}
        out |= playing - set(_going_on(tournament, last, seed_of, inactive))
    return out - undecided


def without_table(
    tournament: Tournament, entries: list[Entry], rounds: list[PlayedRound], number: int, seated: set[int]
) -> set[int]:
    """The players still in a two-player bracket with no table in knock-out round `number`: a
    walkover (their opponent's slot is empty) or a wait for an opponent from another table."""
    if tournament.seats_max != 2:
        return set()
    still_in = set(elimination_seeds(tournament, entries, rounds)) - knocked_out(tournament, entries, rounds)
    return still_in - inactive_from(entries, number) - seated
