"""Everyone's place when a tournament ends, from the rounds played: a knock-out's by the round
each player went out in, the rest by the format's standings, no-shows below players, the
disqualified last."""

from __future__ import annotations

from tournaments.formats import get_format
from tournaments.formats.elimination import multiplayer_advancers
from tournaments.formats.scoring import rank_key
from tournaments.models import Entry, Tournament
from tournaments.services.results import (
    PlayedRound,
    elimination_seeds,
    resolved_bracket,
    round_robin_counted,
    swiss_standings,
)


def final_places(tournament: Tournament, entries: list[Entry], rounds: list[PlayedRound]) -> list[tuple[int, int]]:
    """(place, entry id) for everybody, best first; the disqualified last."""
    spec = get_format(tournament.format)
    order: list[tuple[int, int]] = []
    late: list[tuple[tuple, int]] = []  # a multiplayer knock-out's players who never played a game
    has_knockout = any(r.stage == "elimination" for r in rounds)
    vacant = 0  # 1: nobody won the final, and its place 1 stays empty
    quit_unseated: set[int] = set()  # a knock-out's entries who never sat anywhere and gave up
    if has_knockout and tournament.seats_max == 2:
        resolved = resolved_bracket(tournament, entries, rounds)
        order = list(resolved.places)
        # A final without a winner leaves 1st empty: the bracket's places start at 2, and so
        # must the count for those after it, or a Swiss's rest would stand one place high.
        vacant = int(resolved.finished and resolved.champion is None)
    elif has_knockout:
        seeds = elimination_seeds(tournament, entries, rounds)
        seed_of = {player: number for number, player in enumerate(seeds, 1)}
        placed: set[int] = set()
        sequence: list[tuple[tuple, int]] = []  # ((round, rank at the table), player), best first
        knockout = [r for r in rounds if r.stage == "elimination"]
        final = knockout[-1]
        is_final = len(final.tables) == 1 and not final.byes
        if is_final and all(r is None for r in final.tables[0].ranks.values()):
            # A final decided a double forfeit crowns nobody, as a 2-player bracket's does: its
            # players share 2nd, not 1st.
            vacant = 1
        for played in reversed(knockout):
            # Later rounds first; within a round by place at the table (then seed, for the order
            # of the list): players out in the same round at the same place share it, as the
            # semi-final losers of a 2-player bracket do (not 5th, 6th, 7th by seed).
            # A bye's player went on unbeaten: with the tables' winners, should drops end the
            # knock-out after that round, and are not placed last. So does
            # everyone who qualified there (the top of each table, a tie by seed) before who did
            # not: a player level at the top who lost the tie on seed is out, not 1st.
            qualified = set() if is_final and played is final else _qualified(tournament, played, seed_of)
            rows = sorted(
                [
                    ((p not in qualified, rank_key(t.ranks[p])), seed_of.get(p, 10**9), p)
                    for t in played.tables
                    for p in t.ranks
                ]
                + [((p not in qualified, rank_key(1)), seed_of.get(p, 10**9), p) for p in played.byes]
            )
            for rank, _seed, player in rows:
                if player not in placed:
                    sequence.append(((played.number, rank), player))
                    placed.add(player)
        # Who never played a game of the event and then dropped out or left a table without one
        # move of their own goes below everyone who played one, whatever round byes took them to:
        # no-shows never finish above players.
        # A bye's player whom nothing left to play keeps their place (they were never beaten).
        gave_up = {entry.pk for entry in entries if entry.dropped_before_round is not None}
        gave_up |= {p for r in rounds for t in r.tables for p in t.absent if t.ranks.get(p) is None}
        absent = never_played(rounds) & placed & gave_up
        order = _numbered([row for row in sequence if row[1] not in absent], 1 + vacant)
        late = [row for row in sequence if row[1] in absent]
        # Who never sat at all (a late entry) and gave up is a no-show too, below the knock-out's
        # no-shows, who reached further.
        never_seated = {entry.pk for entry in entries} - seated_in(rounds)
        quit_unseated = never_seated & gave_up
    placed_ids = {player for _place, player in order} | {player for _key, player in late}
    rest = [row for row in swiss_standings(tournament, entries, rounds) if row.player not in placed_ids]
    last = [row for row in rest if row.player in quit_unseated]
    rest = [row for row in rest if row.player not in quit_unseated]
    # Level on points and every tie-break: a shared place (entry order is no merit).
    start = len(order) + vacant
    order.extend((start + place, player) for place, player in spec.places(rest))
    order.extend(_numbered(late, len(order) + vacant + 1))
    start = len(order) + vacant
    order.extend((start + place, player) for place, player in spec.places(last))
    if spec.annuls_early_leavers and tournament.schedule:
        # A leaver whose every result is annulled takes no place above anyone who played on.
        order = _disqualified_last(order, round_robin_counted(tournament, entries, rounds).annulled)
    return _disqualified_last(order, {entry.pk for entry in entries if entry.disqualified})


def seated_in(rounds: list[PlayedRound]) -> set[int]:
    """Entries seated at a table or given a bye in any of these rounds."""
    return {player for played in rounds for table in played.tables for player in table.ranks} | {
        player for played in rounds for player in played.byes
    }


def never_played(rounds: list[PlayedRound]) -> set[int]:
    """Entries seated in these rounds who played none of their tables: each was a forfeit without
    one move of their own (an organiser's place at the table counts as played), or a bye."""
    seated = seated_in(rounds)
    played_one = {
        player
        for played in rounds
        for table in played.tables
        for player, rank in table.ranks.items()
        if not (player in table.absent and rank is None)
    }
    return seated - played_one


def _numbered(rows: list[tuple[tuple, int]], first: int) -> list[tuple[int, int]]:
    """(key, player) rows in order -> (place, player) from `first`: rows with the same key share a place."""
    numbered: list[tuple[int, int]] = []
    previous = None
    for index, (key, player) in enumerate(rows):
        place = numbered[-1][0] if numbered and key == previous else first + index
        numbered.append((place, player))
        previous = key
    return numbered


def _qualified(tournament: Tournament, played: PlayedRound, seed_of: dict[int, int]) -> set[int]:
    """Who earned a place in the next round at `played`'s tables, drops aside (they keep their results)."""
    seated = [player for table in played.tables for player in table.ranks] + list(played.byes)
    # Every seated player has a seed, as the rows below count them: a seed list drawn anew from
    # the standings (a Swiss's cut) must not stop the event from finishing.
    seeds = {player: seed_of.get(player, 10**9) for player in seated}
    return set(
        multiplayer_advancers([t.ranks for t in played.tables], played.byes, tournament.advance_per_table, seeds)
    )


def _disqualified_last(order: list[tuple[int, int]], disqualified: set[int]) -> list[tuple[int, int]]:
    """A disqualified player keeps their results but takes no place ahead of anyone (nor does a
    round robin's leaver whose results are annulled): they go last, and everyone they were ahead
    of moves up by one a disqualified player (shared places stay shared)."""
    if not disqualified & {player for _place, player in order}:
        return order
    kept = [
        (place - sum(1 for other, player in order if player in disqualified and other < place), player)
        for place, player in order
        if player not in disqualified
    ]
    out = [player for _place, player in order if player in disqualified]
    last = max((place for place, _player in kept), default=0)
    after = last + sum(1 for place, _player in kept if place == last) if kept else 1  # after the last kept
    return kept + [(after + number, player) for number, player in enumerate(out)]
