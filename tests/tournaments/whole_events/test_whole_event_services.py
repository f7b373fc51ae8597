"""The whole-event simulator through the services, on the real database (issue 28).

Dozens of real tournaments (every format, 2 to 5 seats) with real entrants are driven only by
the `do_*` services, as organisers and players would: start, late joins, drops and
disqualifications, no-shows (everyone at a table resigns: nobody played it), a player leaving
a table, stalled tables, and organisers' adjudications at random moments (of a table still
being played, of one already over, and of a knock-out waiting for their decision). Results
come from adjudications and abandoned games: playing games out move by move costs seconds a
game (tests/tournaments/services/test_adjudication.py and test_running.py do that), too slow for
dozens of events.

Every event must finish; every round is checked from its rows (each active entrant seated once
or given a bye in Swiss and round robin rounds, nobody who left seated, table sizes within the
limits); the final ranking places every entrant once; and no result of a round before the
current one ever changes, whatever happens later.
"""

import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import Game, Seat
from games.services.errors import ActionRejected
from games.services.organiser import do_resign
from tests.conftest import make_user
from tests.tournaments.helpers import current_tables, start
from tournaments.models import Round, Table, Tournament
from tournaments.services import (
    do_adjudicate_table,
    do_advance_round,
    do_create_tournament,
    do_disqualify,
    do_drop,
    do_register,
)
from tournaments.services.results import inactive_from, played_rounds, undecided_forfeits

pytestmark = pytest.mark.django_db

_names = itertools.count()
LIVE = (Game.Status.OPEN, Game.Status.RUNNING, Game.Status.PAUSED)
# (format, preferred, minimum, maximum) at 2 to 5 seats; "knockout" is a multiplayer single elimination.
SHAPES = [
    ("swiss", 2, 2, 2),
    ("swiss", 3, 3, 3),
    ("swiss", 4, 3, 4),
    ("swiss", 5, 4, 5),
    ("round_robin", 2, 2, 2),
    ("round_robin", 3, 3, 3),
    ("round_robin", 4, 3, 4),
    ("round_robin", 5, 5, 5),
    ("single", 2, 2, 2),
    ("double", 2, 2, 2),
    ("knockout", 3, 3, 3),
    ("knockout", 4, 3, 4),
    ("knockout", 5, 4, 5),
]


def people(count: int) -> list:
    return [make_user(f"sim{next(_names)}") for _ in range(count)]


def create(rng: random.Random, shape, players: int):
    fmt, preferred, minimum, maximum = shape
    organiser = people(1)[0]
    fields = {"seats_preferred": preferred, "seats_min": minimum, "seats_max": maximum}
    if fmt == "swiss":
        rounds = rng.randint(1, 3)
        fields.update(rounds=rounds, top_cut=rng.choice([0, 0, 2, 4]) if maximum == 2 else 0)
        fields["late_join_before_round"] = rng.choice([0, min(2, rounds)])
    elif fmt == "round_robin":
        fields["rounds"] = rng.choice([None, rng.randint(1, 3)])
    elif fmt == "knockout":
        fields["advance_per_table"] = rng.randint(1, minimum - 1)
    name = "single" if fmt == "knockout" else fmt
    tournament = do_create_tournament(organiser, f"Sim {next(_names)}", "wildcards", name, **fields)
    for player in people(players):
        do_register(tournament.pk, player)
    return start(tournament, organiser), organiser


def results_so_far(tournament) -> dict:
    """(round, table) -> its ranks, for every round before the current one."""
    return {
        (played.number, table.number): dict(table.ranks)
        for played in played_rounds(tournament)
        if played.number < tournament.current_round
        for table in played.tables
    }


def random_ranks(rng: random.Random, entries: list[int]) -> dict:
    order = list(entries)
    rng.shuffle(order)
    ranks = {player: place for place, player in enumerate(order, 1)}
    roll = rng.random()
    if roll < 0.15:
        ranks[order[-1]] = None  # a single forfeit
    elif roll < 0.22:
        ranks = dict.fromkeys(order)  # a double forfeit
    elif roll < 0.35 and len(order) > 1:
        ranks[order[1]] = ranks[order[0]]  # a shared place
    return ranks


def table_ranks(rng: random.Random, tournament, table) -> dict[int, int | None]:
    by_user = dict(tournament.entries.values_list("user_id", "pk"))
    return random_ranks(rng, [by_user[seat.user_id] for seat in table.game.seats.all()])


def adjudicate(rng: random.Random, tournament, organiser, table) -> None:
    ranks = table_ranks(rng, tournament, table)
    firsts = [player for player, rank in ranks.items() if rank == 1]
    if table.match and len(firsts) > 1:
        # A bracket's match needs a winner: refused, nothing changes, and the organiser picks one.
        before = Table.objects.get(pk=table.pk).adjudicated_ranks
        with pytest.raises(ActionRejected, match="needs a winner"):
            do_adjudicate_table(table.pk, organiser, ranks, "simulated decision")
        assert Table.objects.get(pk=table.pk).adjudicated_ranks == before
        ranks[firsts[1]] = 2
    do_adjudicate_table(table.pk, organiser, ranks, "simulated decision")


def settle_round(rng: random.Random, tournament, organiser) -> None:
    """Every table of the current round ends: adjudicated, or abandoned by all its players."""
    for table in current_tables(tournament):
        seats = list(table.game.seats.select_related("user"))
        roll = rng.random()
        if roll < 0.15:
            for seat in seats:  # a no-show table: everyone leaves, nobody played it
                do_resign(table.game_id, seat.user)
            continue
        if roll < 0.3:
            do_resign(table.game_id, rng.choice(seats).user)  # one leaves; the organisers decide
        adjudicate(rng, tournament, organiser, table)
    tables = current_tables(tournament)
    if tables and rng.random() < 0.2:  # a second thought before the next round is made
        adjudicate(rng, tournament, organiser, rng.choice(tables))
    if tournament.current_round > 1 and rng.random() < 0.2:
        # Too late for an earlier round: refused, and nothing changes (checked by the caller).
        # Said before anything else of the decision (a shared 1st in a bracket's match included:
        # the run that drew one expected "needs a winner").
        earlier = Table.objects.filter(round__tournament=tournament, round__number__lt=tournament.current_round)
        table = rng.choice(list(earlier.select_related("game")))
        with pytest.raises(ActionRejected, match="next round has been made"):
            do_adjudicate_table(table.pk, organiser, table_ranks(rng, tournament, table), "simulated decision")


def leave_and_join(rng: random.Random, tournament, organiser, put_out: dict) -> set[int]:
    """Drops, disqualifications and late joins; the rounds in which a drop was refused as the last.
    `put_out` collects who a drop was refused for as already out of a knock-out, and when."""
    refused = set()
    entries = list(tournament.entries.select_related("user"))
    for entry in entries:
        if entry.dropped_before_round is not None or entry.disqualified or rng.random() > 0.08:
            continue
        try:
            if rng.random() < 0.3:
                do_disqualify(tournament.pk, organiser, entry.user, "Played on a second account.")
            elif rng.random() < 0.5:
                do_drop(tournament.pk, entry.user)
            else:
                do_drop(tournament.pk, organiser, entry.user)
        except ActionRejected as error:
            # Nothing follows the last round to drop out of, nor a knock-out for a player it put
            # out: checked at the end, when the event shows which round was its last and that
            # nobody refused as out sat at a later table.
            assert error.code in ("last_round", "knocked_out"), error.message
            if error.code == "knocked_out":
                put_out[entry.pk] = tournament.current_round
            else:
                refused.add(tournament.current_round)
    if tournament.format == Tournament.Format.SWISS and rng.random() < 0.5:
        try:
            do_register(tournament.pk, people(1)[0])  # a late join, where the event takes them
        except ActionRejected:
            assert tournament.current_round >= tournament.late_join_before_round
    return refused


def check_round(tournament, number: int) -> None:
    round_ = Round.objects.get(tournament=tournament, number=number)
    entries = list(tournament.entries.all())
    by_user = {entry.user_id: entry.pk for entry in entries}
    tables = [[by_user[seat.user_id] for seat in table.game.seats.all()] for table in round_.tables.all()]
    byes = [bye.entry_id for bye in round_.byes.all()]
    seated = [player for table in tables for player in table]
    assert len(seated) + len(byes) == len(set(seated) | set(byes)), "seated once"
    assert not (set(seated) | set(byes)) & inactive_from(entries, number), "nobody who left is seated"
    if round_.stage in ("swiss", "round_robin"):
        active = {entry.pk for entry in entries} - inactive_from(entries, number)
        assert set(seated) | set(byes) == active, "each active entrant sits once or has a bye"
    for table in tables:
        assert tournament.seats_min <= len(table) <= tournament.seats_max


def run_event(rng: random.Random, tournament, organiser) -> None:
    settled: dict = {}
    refused: set[int] = set()
    put_out: dict[int, int] = {}
    for _step in range(40):
        tournament.refresh_from_db()
        if tournament.status == Tournament.Status.FINISHED:
            break
        refused |= leave_and_join(rng, tournament, organiser, put_out)
        if any(table.game.status in LIVE for table in current_tables(tournament)):
            settle_round(rng, tournament, organiser)
        number = tournament.current_round
        do_advance_round(tournament.pk)
        tournament.refresh_from_db()
        if tournament.status == Tournament.Status.RUNNING and tournament.current_round == number:
            # A knock-out waiting for the organisers: a table nobody played decides its end.
            waiting = undecided_forfeits(played_rounds(tournament)[-1])
            assert waiting, "a running event with its round over waits only for an adjudication"
            for table in current_tables(tournament):
                if table.number in {t.number for t in waiting}:
                    adjudicate(rng, tournament, organiser, table)
            continue
        if tournament.status == Tournament.Status.RUNNING:
            check_round(tournament, tournament.current_round)
        now = results_so_far(tournament)
        assert {key: now[key] for key in settled} == settled, "a result already played changed"
        settled = now
    assert tournament.status == Tournament.Status.FINISHED, f"{tournament.format} did not finish"
    assert refused <= {tournament.current_round}, "a drop was refused in a round that another followed"
    for entry_id, number in put_out.items():
        user_id = tournament.entries.get(pk=entry_id).user_id
        later = Round.objects.filter(tournament=tournament, number__gt=number)
        seated = Seat.objects.filter(game__tournament_table__round__in=later, user_id=user_id).exists()
        assert not seated and not later.filter(byes__entry_id=entry_id).exists(), "refused as out, yet played on"
    places = list(tournament.entries.values_list("final_place", flat=True))
    assert None not in places, "everyone gets a final place"
    # Places count as in sport: after k players the next place is at most k + 1 (shared places
    # skip: 1, 2, 2, 4), and one more when a final nobody played left the first place empty.
    vacant = 0 if 1 in places else 1
    assert min(places) >= 1
    assert all(place <= position + vacant for position, place in enumerate(sorted(places), 1)), sorted(places)
    final = results_so_far(tournament)
    assert {key: final[key] for key in settled} == settled, "a result already played changed"
    knockout = [played for played in played_rounds(tournament) if played.stage == "elimination"]
    if knockout and undecided_forfeits(knockout[-1]):
        # A table nobody played in the last round needs no decision when the event has its champion.
        assert 1 in places, "a knock-out ended without a champion and without the organisers' decision"


# Every shape, a few events each: dozens of events in about a minute and a half.
@pytest.mark.parametrize("shape", SHAPES, ids=[f"{shape[0]}-{shape[1]}" for shape in SHAPES])
@settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck))
@given(players=st.integers(2, 11), seed=st.integers(0, 10**9))
def test_every_event_driven_through_the_services_finishes_with_valid_rounds(shape, players, seed):
    rng = random.Random(seed)
    fmt, _preferred, minimum, maximum = shape
    players = max(players, 2 if maximum == 2 else minimum)
    if fmt == "round_robin":
        players = min(players, 7)  # every pair meets: rounds grow with the field
    tournament, organiser = create(rng, shape, players)
    run_event(rng, tournament, organiser)
