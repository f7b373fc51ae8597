"""A whole-event simulator: the planner (`tournaments.services.planning`) and the pure formats
run events to the end with random results, shared places, drops, disqualifications, late
joins and no-shows (a player who left ranks last; a table nobody played is a double forfeit)
at random moments, with plain stand-ins for the rows, no database.

Every event must finish within its bound of rounds; every round must seat each active player
once or give them a bye (a knock-out seats only players still in), within the table limits; a
bracket match, once seated, keeps its players; the final ranking places everyone once, and a
multiplayer knock-out's places match a ranking worked by hand from the rules. A round
robin plays its stored schedule: every table played sits inside a table of the schedule (a drop
gives byes, never a new seating), so no pair meets more often than the schedule says, and where
a resolvable design exists and nobody drops, every pair meets exactly once.
"""

import math
import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tournaments.stand_ins import stand_in_entry, stand_in_tournament
from tournaments.formats import round_robin
from tournaments.services.final_places import final_places
from tournaments.services.planning import plan_next_round, round_robin_schedule
from tournaments.services.results import PlayedRound, PlayedTable, drop_times, inactive_from, two_player_bracket

_schedules: dict = {}
_schedule = round_robin.schedule


def stored_schedule(players, *limits):
    """The schedule made once per event, as the site stores it, not once per round."""
    key = (tuple(players), *limits)
    if key not in _schedules:
        _schedules[key] = _schedule(players, *limits)
    return _schedules[key]


SEATS = [(2, 2, 2), (3, 3, 3), (4, 3, 4), (5, 4, 5), (4, 2, 4), (5, 3, 5)]


def event(rng: random.Random, fmt: str, seats: tuple, players: int, rounds: int | None, top_cut: int, advance: int):
    tournament = stand_in_tournament(fmt, seats, rounds, top_cut, advance)
    entries = [stand_in_entry(pk, rng.randint(1000, 2000), seed=pk) for pk in range(1, players + 1)]
    # A round robin's schedule is computed once at the start and kept, as the services do.
    tournament.schedule = round_robin_schedule(tournament, entries) if fmt == "round_robin" else None
    return tournament, entries


def results_for(tables: list[list[int]], rng: random.Random, no_shows: float) -> list[dict]:
    out = []
    for table in tables:
        if rng.random() < no_shows:
            out.append(dict.fromkeys(table, None))  # nobody played: a double forfeit
            continue
        order = list(table)
        rng.shuffle(order)
        ranks = {player: place for place, player in enumerate(order, 1)}
        if rng.random() < 0.15:  # a shared place
            ranks[order[1]] = ranks[order[0]]
        out.append(ranks)
    return out


def bound(tournament, players: int) -> int:
    log = math.ceil(math.log2(max(players, 2)))
    if tournament.format == "swiss":
        return tournament.rounds + (
            2 * math.ceil(math.log2(max(tournament.top_cut, 2))) + 3 if tournament.top_cut else 0
        )
    if tournament.format == "round_robin":
        return len(tournament.schedule)
    if tournament.seats_max == 2:
        return 2 * log + 3
    return players


def run(rng: random.Random, tournament, entries, drops: float, no_shows: float, late: int) -> list[PlayedRound]:
    rounds: list[PlayedRound] = []
    seated_matches: dict[str, tuple] = {}
    limit = bound(tournament, len(entries) + late)
    while True:
        number = len(rounds) + 1
        if number == 2 and tournament.format == "swiss":
            for _ in range(late):  # late joins before round 2, unseeded
                pk = len(entries) + 1
                entries.append(stand_in_entry(pk, 1500))
        plan = plan_next_round(tournament, entries, rounds)
        if waits_for_organisers(plan):
            decide_undecided(rng, rounds[-1])
            continue
        if plan is None or not plan.tables:
            return rounds
        assert number <= limit, f"round {number} is past the bound of {limit}"
        inactive = inactive_from(entries, number)
        seated = [player for table in plan.tables for player in table]
        assert len(seated) + len(plan.byes) == len(set(seated) | set(plan.byes)), "seated once"
        assert not (set(seated) | set(plan.byes)) & inactive, "nobody who left is seated"
        if plan.stage in ("swiss", "round_robin"):
            active = {entry.pk for entry in entries} - inactive
            assert set(seated) | set(plan.byes) == active, "each active player sits once or has a bye"
        for table in plan.tables:
            if plan.matches:
                assert len(table) == 2
            else:
                assert tournament.seats_min <= len(table) <= tournament.seats_max
        for match, table in zip(plan.matches, plan.tables, strict=False):
            assert match not in seated_matches, "a match is played once"
            seated_matches[match] = tuple(table)
        tables = [
            PlayedTable(index, plan.matches[index - 1] if plan.matches else "", 0, "finished", ranks)
            for index, ranks in enumerate(results_for(plan.tables, rng, no_shows), 1)
        ]
        rounds.append(PlayedRound(number, plan.stage, tables, list(plan.byes)))
        if plan.stage == "round_robin":
            check_round_robin_plays_its_schedule(tournament, rounds)
        if tables and rng.random() < 0.1:  # an organiser adjudicates a table before the next round
            adjudicate(rng, rng.choice(tables))
        if plan.matches:
            check_matches_keep_their_players(tournament, entries, rounds, seated_matches)
        for entry in entries:  # drops and disqualifications take effect from the next round
            if entry.dropped_before_round is None and not entry.disqualified and rng.random() < drops:
                entry.dropped_before_round = number + 1
                entry.disqualified = rng.random() < 0.3


def waits_for_organisers(plan) -> bool:
    from tournaments.services.planning import WAITING

    return plan is not None and plan.stage == WAITING


def decide_undecided(rng: random.Random, last: PlayedRound) -> None:
    """A knock-out nobody finished waits for the organisers: they decide each table nobody played."""
    from tournaments.services.results import undecided_forfeits

    tables = undecided_forfeits(last)
    assert tables, "a knock-out waits only for a table nobody played"
    for table in tables:
        adjudicate(rng, table)


def adjudicate(rng: random.Random, table: PlayedTable) -> None:
    """An organiser's decision: new places, a single forfeit or a double forfeit."""
    players = list(table.ranks)
    rng.shuffle(players)
    ranks = {player: place for place, player in enumerate(players, 1)}
    if rng.random() < 0.2:
        ranks[players[-1]] = None
    if rng.random() < 0.1:
        ranks = dict.fromkeys(players)
    table.ranks, table.adjudicated = ranks, True


def check_matches_keep_their_players(tournament, entries, rounds, seated_matches) -> None:
    bracket = two_player_bracket(tournament, entries, rounds)
    results = {t.match: t.ranks for r in rounds if r.stage == "elimination" for t in r.tables}
    times = drop_times(entries)
    resolved = bracket.resolve(results, {player: times[player] for player in inactive_from(entries, len(rounds) + 1)})
    for match, players in seated_matches.items():
        assert resolved.players[match] == players, f"{match} changed players"


def pair_meetings(tables) -> Counter:
    met: Counter = Counter()
    for table in tables:
        met.update(frozenset(pair) for pair in combinations(table, 2))
    return met


def check_round_robin_plays_its_schedule(tournament, rounds) -> None:
    scheduled = pair_meetings(table for tables, _byes in tournament.schedule for table in tables)
    played = pair_meetings(list(t.ranks) for r in rounds for t in r.tables)
    for pair, times in played.items():
        assert times <= scheduled[pair], f"{set(pair)} met {times} times, scheduled {scheduled[pair]}"
    # Each played table is what is left of one table of a scheduled round, in schedule order.
    position = 0
    for r in rounds:
        while not all(any(set(t.ranks) <= set(s) for s in tournament.schedule[position][0]) for t in r.tables):
            position += 1
            assert position < len(tournament.schedule), "a round that is not in the schedule"
        position += 1


def check_the_end(tournament, entries, rounds) -> None:
    places = final_places(tournament, entries, rounds)
    assert sorted(player for _place, player in places) == sorted(entry.pk for entry in entries)
    assert all(place >= 1 for place, _player in places)
    assert [place for place, _player in places] == sorted(place for place, _player in places)
    if tournament.seats_max > 2:
        check_a_knockout_places_by_the_round_reached(entries, rounds, dict((p, place) for place, p in places))
    if tournament.seats_max > 2 and tournament.format == "single":
        check_a_knockout_places_as_worked_by_hand(tournament, entries, rounds, dict((p, place) for place, p in places))


def qualifiers_by_hand(ranks_by_table: list[dict], byes: list, advance: int) -> set:
    """The rules of a multiplayer knock-out's round, written out again from docs/organisers.md:
    the byes and the best `advance` of each table go on (the game's rank, a tie by the better
    seed, here the lower entry number); a place left by a forfeit (no rank) goes to the best
    runner-up of any table, by their place at their table (the game's), then seed."""
    going = set(byes)
    runners_up = []
    places = len(byes)
    for ranks in ranks_by_table:
        played = sorted((rank, player) for player, rank in ranks.items() if rank is not None)
        places += min(advance, len(ranks))
        going |= {player for _rank, player in played[:advance]}
        runners_up += played[advance:]  # (the game's place, seed)
    return going | {player for _place, player in sorted(runners_up)[: max(0, places - len(going))]}


def played_one_and_gave_up(entries, rounds) -> tuple[set, set]:
    """Who played a game in these rounds (a forfeit they were not absent from counts), and who
    gave up: dropped, or absent from a table they had no place at."""
    played_one = {
        player
        for played in rounds
        for table in played.tables
        for player, rank in table.ranks.items()
        if rank is not None or player not in table.absent
    }
    gave_up = {entry.pk for entry in entries if entry.dropped_before_round is not None}
    gave_up |= {p for played in rounds for t in played.tables for p in t.absent if t.ranks.get(p) is None}
    return played_one, gave_up


def check_a_knockout_places_as_worked_by_hand(tournament, entries, rounds, place) -> None:
    """Every place of a multiplayer knock-out against a hand-worked ranking: who never played a
    game and gave up last; then the deepest round reached first; in that round, who qualified
    before who did not, then the place at the table (a forfeit last; a bye as a table's winner);
    players level on all of it share a place (1, 2, 2, 4). A final nobody played leaves 1st
    empty; the disqualified come after everyone."""
    knockout = [r for r in rounds if r.stage == "elimination"]
    merit = {}
    for depth, played in enumerate(knockout):
        final = played is knockout[-1] and len(played.tables) == 1 and not played.byes
        ranks = [t.ranks for t in played.tables]
        qualified = set() if final else qualifiers_by_hand(ranks, played.byes, tournament.advance_per_table)
        for player in played.byes:
            merit[player] = (-depth, player not in qualified, False, 1)
        for table in ranks:
            for player, rank in table.items():
                merit[player] = (-depth, player not in qualified, rank is None, rank or 0)
    # Who never played a game of the event (each table a forfeit without a move of their own, or
    # only byes) and gave up (dropped, or absent at a table) comes below everyone who played one
    # (docs/organisers.md); among themselves, as above.
    played_one, gave_up = played_one_and_gave_up(entries, knockout)
    for player in merit:
        merit[player] = (player not in played_one and player in gave_up, *merit[player])
    final = knockout[-1]
    vacant = len(final.tables) == 1 and not final.byes and all(r is None for r in final.tables[0].ranks.values())
    kept = {entry.pk for entry in entries if not entry.disqualified}
    for player in kept:
        better = sum(1 for other in kept if merit[other] < merit[player])
        assert place[player] == 1 + vacant + better, f"{player}: placed {place[player]}, by hand {1 + vacant + better}"
    assert all(place[entry.pk] > place[player] for entry in entries if entry.disqualified for player in kept)


def check_a_knockout_places_by_the_round_reached(entries, rounds, place) -> None:
    """A multiplayer knock-out: whoever sat (or had a bye) in a later round is placed above
    everyone out before it, the disqualified aside (they go last), and so are those who never
    played a game of the event and gave up (docs/organisers.md: they go below everyone who played
    one, whatever round byes took them to; a Swiss entrant with two byes who left in the
    knock-out's second round was found placed below one who lost their only Swiss game). Among
    those no-shows the round reached still counts: a late entrant who never sat anywhere and left
    goes below one whom byes took into the knock-out (found placed above them)."""
    reached = dict.fromkeys(place, -1)
    for depth, played in enumerate(r for r in rounds if r.stage == "elimination"):
        for player in [p for t in played.tables for p in t.ranks] + list(played.byes):
            reached[player] = depth
    played_one, gave_up = played_one_and_gave_up(entries, rounds)
    kept = [entry.pk for entry in entries if not entry.disqualified]
    no_shows = {player for player in kept if player not in played_one and player in gave_up}
    for a in kept:
        for b in kept:
            if reached[a] > reached[b] and not (a in no_shows and b not in no_shows):
                assert place[a] < place[b], f"{a} reached round {reached[a]}, {b} only {reached[b]}"


FORMATS = st.sampled_from(["swiss", "round_robin", "single", "double"])


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(
    fmt=FORMATS,
    seats=st.sampled_from(SEATS),
    players=st.integers(2, 60),
    rounds=st.integers(1, 8),
    top_cut=st.sampled_from([0, 0, 2, 4, 8]),
    advance=st.integers(1, 4),
    blank_rounds=st.booleans(),
    drops=st.sampled_from([0, 0.02, 0.1, 0.3]),
    no_shows=st.sampled_from([0, 0.05, 0.2, 1.0]),
    late=st.integers(0, 3),
    seed=st.integers(0, 10**9),
)
def test_every_event_finishes_with_valid_rounds_and_a_complete_ranking(
    monkeypatch, fmt, seats, players, rounds, top_cut, advance, blank_rounds, drops, no_shows, late, seed
):
    monkeypatch.setattr(round_robin, "schedule", stored_schedule)
    rng = random.Random(seed)
    if fmt == "double":
        seats = (2, 2, 2)
    players = max(players, 2 if seats[2] == 2 else seats[1])
    advance = min(advance, seats[1] - 1) if seats[2] > 2 else 1
    if fmt == "round_robin":
        rounds = None if blank_rounds else rounds
        late = 0
    if fmt in ("single", "double"):
        rounds, top_cut, late = None, 0, 0
    if fmt == "round_robin" and seats[0] > 2:
        players = min(players, 30)  # making a balanced schedule for 60 takes seconds (it is made once, stored)
    tournament, entries = event(rng, fmt, seats, players, rounds, top_cut, advance)
    played = run(rng, tournament, entries, drops, no_shows, late)
    check_the_end(tournament, entries, played)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(
    fmt=st.sampled_from(["swiss", "single", "double", "round_robin"]),
    seats=st.sampled_from(SEATS),
    players=st.integers(61, 200),
    drops=st.sampled_from([0.02, 0.1, 0.3]),
    no_shows=st.sampled_from([0, 0.05, 0.2, 1.0]),
    late=st.integers(0, 3),
    seed=st.integers(0, 10**9),
)
def test_large_events_finish_with_valid_rounds_and_a_complete_ranking(
    monkeypatch, fmt, seats, players, drops, no_shows, late, seed
):
    """The same checks at 61-200 players (fewer examples: a round of a large field costs more)."""
    monkeypatch.setattr(round_robin, "schedule", stored_schedule)
    rng = random.Random(seed)
    if fmt in ("double", "round_robin"):
        seats = (2, 2, 2)  # a large round robin at 3+ seats takes tens of seconds to plan (bench/tournaments)
    advance = 1
    rounds, top_cut = (rng.randint(3, 6), rng.choice([0, 8])) if fmt == "swiss" else (None, 0)
    if fmt != "swiss":
        late = 0
    tournament, entries = event(rng, fmt, seats, players, rounds, top_cut, advance)
    played = run(rng, tournament, entries, drops, no_shows, late)
    check_the_end(tournament, entries, played)


def test_a_disqualification_during_a_swiss_top_cut_does_not_redraw_the_cut():
    rng = random.Random(5)
    tournament, entries = event(rng, "swiss", (3, 3, 3), 12, 2, 4, 1)
    rounds = []
    for number in (1, 2, 3):
        plan = plan_next_round(tournament, entries, rounds)
        tables = [PlayedTable(i, "", 0, "finished", r) for i, r in enumerate(results_for(plan.tables, rng, 0), 1)]
        rounds.append(PlayedRound(number, plan.stage, tables, list(plan.byes)))
    assert rounds[-1].stage == "elimination"
    finalist = next(iter(rounds[-1].tables[0].ranks))
    entries[finalist - 1].disqualified, entries[finalist - 1].dropped_before_round = True, 4
    plan = plan_next_round(tournament, entries, rounds)
    assert plan is None or finalist not in {p for table in plan.tables for p in table}
    check_the_end(tournament, entries, rounds)


def test_a_swiss_whose_top_cut_lost_everyone_but_one_ends_on_its_standings():
    rng = random.Random(3)
    tournament, entries = event(rng, "swiss", (2, 2, 2), 4, 1, 4, 1)
    plan = plan_next_round(tournament, entries, [])
    tables = [PlayedTable(i, "", 0, "finished", r) for i, r in enumerate(results_for(plan.tables, rng, 0), 1)]
    rounds = [PlayedRound(1, plan.stage, tables, list(plan.byes))]
    for entry in entries[1:]:
        entry.dropped_before_round = 2
    assert plan_next_round(tournament, entries, rounds) is None
    check_the_end(tournament, entries, rounds)


# Resolvable designs by field size and seats, written out here rather than asked of the code.
DESIGNS = [(9, 3), (15, 3), (21, 3), (27, 3), (33, 3), (45, 3), (63, 3), (16, 4), (28, 4), (40, 4), (25, 5)]


@pytest.mark.parametrize("design", DESIGNS)
@pytest.mark.parametrize("blank", [True, False])
def test_a_round_robin_with_a_design_and_no_drops_meets_every_pair_exactly_once(design, blank):
    players, size = design
    rng = random.Random(players * size)
    no_shows = 0.2 if blank else 0  # a table nobody played still counts as seated
    rounds = (players - 1) // (size - 1)
    tournament, entries = event(rng, "round_robin", (size, size, size), players, None if blank else rounds, 0, 1)
    played = run(rng, tournament, entries, 0, no_shows, 0)
    assert len(played) == rounds
    met: Counter = Counter()
    for r in played:
        seated = [player for t in r.tables for player in t.ranks]
        assert sorted(seated) == list(range(1, players + 1)) and not r.byes
        for t in r.tables:
            for a in t.ranks:
                for b in t.ranks:
                    if a < b:
                        met[(a, b)] += 1
    assert [met[(a, b)] for a in range(1, players + 1) for b in range(a + 1, players + 1)] == [1] * (
        players * (players - 1) // 2
    )


@pytest.mark.parametrize(("players", "seats"), [(21, (3, 3, 3)), (16, (4, 3, 4)), (13, (4, 3, 4)), (10, (3, 3, 3))])
def test_a_drop_in_a_round_robin_gives_byes_and_never_a_second_meeting(players, seats):
    rng = random.Random(players)
    tournament, entries = event(rng, "round_robin", seats, players, None, 0, 1)
    rounds = []
    for number in range(1, 4):
        plan = plan_next_round(tournament, entries, rounds)
        tables = [PlayedTable(i, "", 0, "finished", r) for i, r in enumerate(results_for(plan.tables, rng, 0), 1)]
        rounds.append(PlayedRound(number, plan.stage, tables, list(plan.byes)))
    # Enough players of one table of round 4 drop to leave it short of the minimum.
    scheduled = tournament.schedule[3][0][0]
    for pk in scheduled[: len(scheduled) - seats[1] + 1]:
        entries[pk - 1].dropped_before_round = 4
    left = [pk for pk in scheduled if entries[pk - 1].dropped_before_round is None]
    plan = plan_next_round(tournament, entries, rounds)
    assert set(left) <= set(plan.byes)
    assert [t for t in plan.tables if set(t) & set(left)] == []
    assert plan.tables == [t for t in tournament.schedule[3][0] if not set(t) & set(scheduled)]
    played = run_on(rng, tournament, entries, rounds)
    check_round_robin_plays_its_schedule(tournament, played)
    check_the_end(tournament, entries, played)


def run_on(rng, tournament, entries, rounds):
    while (plan := plan_next_round(tournament, entries, rounds)) is not None:
        tables = [PlayedTable(i, "", 0, "finished", r) for i, r in enumerate(results_for(plan.tables, rng, 0), 1)]
        rounds.append(PlayedRound(len(rounds) + 1, plan.stage, tables, list(plan.byes)))
    return rounds
