"""What a round's bye is worth, so the round's mail and the entrant's card say what the standings
will count, never "a bye scores 4" for a round the standings count as 0.

A round robin seats nobody again after a drop: a player whose table is left short has a bye,
and it is worth what `results.round_robin_counted` makes of it (formats/withdrawals.py)."""

from __future__ import annotations

from tournaments.formats import get_format, swiss
from tournaments.formats.withdrawals import REST, bye_kind, scheduled_indices
from tournaments.models import Entry, Tournament
from tournaments.services.results import PlayedRound, round_robin_counted


def bye_kinds(
    tournament: Tournament, entries: list[Entry], rounds: list[PlayedRound], number: int, counted=None
) -> dict[int, str]:
    """Each bye of round `number` (one of `rounds`), by entry id: REST, FORFEIT or VOID (a bye
    in another format: REST, the tournament's bye points). `counted`: the rounds before it as
    `round_robin_counted` gave them, when the caller has them."""
    played = next((r for r in rounds if r.number == number), None)
    if played is None:
        return {}
    kinds = dict.fromkeys(played.byes, REST)
    spec = get_format(tournament.format)
    if not spec.scheduled or played.stage != spec.stage:
        return kinds
    schedule = tournament.schedule
    if not schedule:
        return kinds  # started before schedules were kept: every bye a rest, as before
    made = [r for r in rounds if r.stage == "round_robin" and r.number <= number]
    index = scheduled_indices(schedule, [swiss.RoundResult([t.ranks for t in r.tables], r.byes) for r in made])[-1]
    if index is None:
        return kinds
    # Counted from the rounds before it: those who left by then, and whose results are annulled.
    counted = counted or round_robin_counted(tournament, entries, [r for r in rounds if r.number < number])
    tables, rests = schedule[index][:2]
    return {player: bye_kind(tables, rests, player, counted.left, counted.annulled, number) for player in kinds}
