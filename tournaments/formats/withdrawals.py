"""A round robin's withdrawals, as FIDE's tournament rules settle them.

A player who leaves a round robin having played fewer than half of their scheduled games has
every result annulled: their games count for nobody, and the byes their absence gave later
opponents score nothing. One who leaves later keeps their results, and each game they leave
unplayed is a forfeit won by the opponent (the bye their absence gives, one win, whatever the
organiser made a scheduled bye worth). Otherwise
the players a leaver had not met yet would be handed a free win that those who had already lost
to them never got (a player who dropped after two rounds could place second).

At a table of more than two, the others are scored as if the leaver had not sat there; a table
left with one player, or below the tables' least size, counts for nobody.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping, Sequence

from tournaments.formats.swiss import RoundResult

# A schedule: each round's [tables, byes], players by id (Tournament.schedule).
Schedule = Sequence[Sequence[Sequence]]


def scheduled_indices(schedule: Schedule, played: Sequence[RoundResult]) -> list[int | None]:
    """The scheduled round each played round came from (each played table sits inside one of
    its tables; a scheduled round emptied by drops is passed over); None past the schedule."""
    found: list[int | None] = []
    position = 0
    for result in played:
        tables = [set(table) for table in result.tables]
        for index in range(position, len(schedule)):
            scheduled = [set(table) for table in schedule[index][0]]
            if all(any(table <= s for s in scheduled) for table in tables):
                found.append(index)
                position = index + 1
                break
        else:
            found.append(None)
            position += 1
    return found


REST = "rest"  # a scheduled rest: the tournament's bye points
FORFEIT = "forfeit"  # table-mates who left forfeited the game: one win (`with_forfeit_wins`)
VOID = "void"  # left short only by players whose results are annulled: nothing


def annulled_players(
    schedule: Schedule, played: Sequence[RoundResult], left_before: Mapping[Hashable, int]
) -> set[Hashable]:
    """The players who left having played fewer than half of their scheduled games."""
    scheduled_games = Counter(player for tables, _byes in schedule for table in tables for player in table)
    games = Counter(
        player for result in played for table in result.tables for player, rank in table.items() if rank is not None
    )
    return {player for player in left_before if 2 * games[player] < scheduled_games[player]}


def forfeited_by(
    schedule: Schedule,
    index: int,
    number: int,
    winner: Hashable,
    left_before: Mapping[Hashable, int],
    annulled: set[Hashable],
) -> list[Hashable]:
    """Who forfeited the game `winner` won by walkover in scheduled round `index` (counted as
    round `number`): the table-mates scheduled with them who had left by then and whose results
    stand (an annulled player's absence wins nothing, and one still in the event forfeited nothing)."""
    table = next((table for table in schedule[index][0] if winner in table), ())
    return [
        other
        for other in table
        if other != winner and left_before.get(other, number + 1) <= number and other not in annulled
    ]


def without_early_withdrawals(
    schedule: Schedule,
    played: Sequence[RoundResult],
    left_before: Mapping[Hashable, int],
    numbers: Sequence[int],
    minimum: int = 2,
    indices: Sequence[int | None] | None = None,
) -> list[RoundResult]:
    """The played rounds as the standings count them: `left_before` maps each player who left
    to the round before which they did; `numbers` are the played rounds' numbers. A table an
    annulled player leaves below `minimum` (the tables' least size) counts for nobody, as the
    later tables they leave so give byes worth nothing: early and late opponents end level.
    `indices`: `scheduled_indices(schedule, played)`, when the caller has them already."""
    annulled = annulled_players(schedule, played, left_before)
    if not annulled:
        return list(played)
    out = []
    if indices is None:
        indices = scheduled_indices(schedule, played)
    for result, index, number in zip(played, indices, numbers, strict=True):
        tables = []
        for table in result.tables:
            kept = {player: rank for player, rank in table.items() if player not in annulled}
            if len(kept) == len(table) or len(kept) >= max(2, minimum):
                tables.append(kept)
        plan_tables, plan_byes = schedule[index][:2] if index is not None else ([], [])
        # Every result of an annulled player is annulled, a scheduled rest's points too.
        kept_byes = [player for player in result.byes if player not in annulled]
        byes = [p for p in kept_byes if bye_kind(plan_tables, plan_byes, p, left_before, annulled, number) != VOID]
        out.append(RoundResult(tables, byes))
    return out


def bye_kind(
    plan_tables: Sequence[Sequence[Hashable]],
    plan_byes: Sequence[Hashable],
    player: Hashable,
    left_before: Mapping[Hashable, int],
    annulled: set[Hashable],
    number: int,
) -> str:
    """What `player`'s bye in a scheduled round (its tables and rests; played as round `number`)
    is worth: REST, FORFEIT or VOID. The standings count it so, and the round's mail says it."""
    table = next((table for table in plan_tables if player in table), None)
    if player in plan_byes or table is None:
        return REST
    gone = [other for other in table if other != player and left_before.get(other, number + 1) <= number]
    # The absence of a player whose results are annulled wins nothing.
    return VOID if gone and all(other in annulled for other in gone) else FORFEIT


def with_forfeit_wins(
    schedule: Schedule, played: Sequence[RoundResult], indices: Sequence[int | None]
) -> list[RoundResult]:
    """A bye in a round whose schedule seated the player at a table is a game the table's
    leavers forfeited (their early withdrawals' byes are gone already): one win, not a rest
    worth the organiser's bye points. `indices`: the scheduled round of each played round, as
    `scheduled_indices` finds them in the rounds as played (the tables annulled since can no
    longer tell: a round left without tables would match an earlier scheduled one)."""
    out = []
    for result, index in zip(played, indices, strict=True):
        if index is None:
            out.append(result)
            continue
        rests = set(schedule[index][1])
        out.append(
            RoundResult(
                result.tables,
                [player for player in result.byes if player in rests],
                [*result.walkovers, *(player for player in result.byes if player not in rests)],
            )
        )
    return out


def passed_over(
    schedule: Schedule,
    indices: Sequence[int | None],
    numbers: Sequence[int],
    left_before: Mapping[Hashable, int],
    minimum: int,
    last_finished: bool,
) -> list[tuple[int, int, int, RoundResult]]:
    """The scheduled rounds the planner passed over because drops left them without a table,
    as (position among the rounds made, scheduled index, number, result): each player of the round still in
    it rests, so `with_forfeit_wins` scores the forfeits a leaver left there and a scheduled
    rest keeps its points. Otherwise a round the last leaver emptied would score nothing.

    `indices`: the scheduled round of every round made so far (`scheduled_indices`), `numbers`
    their numbers, `left_before` as in `without_early_withdrawals` (everyone who left, an
    undated disqualification as round 0). A round between two made rounds was passed over
    when the later one was made (it counts from that number); rounds after the last one only
    once it is over and none of them has a table left (the event ends there)."""
    found: list[tuple[int, int, int, RoundResult]] = []

    def without_table(index: int, number: int) -> bool:
        """As the planner saw it: no scheduled table keeps `minimum` players still in."""
        return all(
            sum(left_before.get(player, number + 1) > number for player in table) < minimum
            for table in schedule[index][0]
        )

    def still_in(index: int, number: int) -> RoundResult:
        tables, byes = schedule[index][:2]
        players = [player for table in tables for player in table] + list(byes)
        return RoundResult([], [player for player in players if left_before.get(player, number + 1) > number])

    previous = -1
    for position, (index, number) in enumerate(zip(indices, numbers, strict=True)):
        if index is None:
            continue
        gap = range(previous + 1, index)
        # A gap the planner could not have passed (a schedule drawn again for an event that
        # started before schedules were kept, say) is no round of this event: nothing is put back.
        if all(without_table(k, number) for k in gap):
            found.extend((position, k, number, still_in(k, number)) for k in gap)
        previous = index
    number = (numbers[-1] if numbers else 0) + 1
    rest = range(previous + 1, len(schedule))
    if last_finished and all(without_table(k, number) for k in rest):
        found.extend((len(indices), k, number, still_in(k, number)) for k in rest)
    return found
