"""A round robin's schedule is computed once by a worker, never in the organiser's start request.

The start leaves the tournament preparing; the task stores the schedule and creates round 1
(once, however often it runs); later rounds read the stored schedule; the beat sweep hands
out again the work of a task that was lost.
"""

import time
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from tests.tournaments.helpers import current_tables, make_players, play_out
from tournaments.formats import round_robin
from tournaments.models import Round, Table, Tournament
from tournaments.services import (
    do_advance_round,
    do_create_tournament,
    do_drop,
    do_register,
    do_start,
    sweep_tournaments,
)
from tournaments.tasks import prepare_tournament
from wildcards_site.celery import app

pytestmark = pytest.mark.django_db

PREPARE = "tournaments.tasks.prepare_tournament"


def nine_player_round_robin() -> Tournament:
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "RR", "wildcards", "round_robin", seats_preferred=3, seats_min=3, seats_max=3
    )
    for player in make_players(9):
        do_register(tournament.pk, player)
    return tournament


def never_computed(*args, **kwargs):
    raise AssertionError("the round robin's schedule was computed here")


def seated_at(tables) -> list[set[int]]:
    """Who sits at each table, by table number (users; a game shuffles its seats)."""
    return [set(table.game.seats.values_list("user_id", flat=True)) for table in tables]


def scheduled(tournament: Tournament, number: int) -> list[set[int]]:
    """Who the stored schedule seats at each table of round `number` (users)."""
    user_of = dict(tournament.entries.values_list("pk", "user_id"))
    return [{user_of[entry] for entry in table} for table in tournament.schedule[number - 1][0]]


@pytest.fixture
def queued(monkeypatch):
    """The tasks that the services hand to the broker, in order, instead of sending them."""
    sent = []
    for module in ("running", "sweep"):  # the start request's, and the minute sweep's
        monkeypatch.setattr(f"tournaments.services.{module}.queue_task", lambda name, args: sent.append((name, args)))
    return sent


def test_it_starts_a_round_robin_at_once_as_preparing_with_no_round(
    monkeypatch, queued, django_capture_on_commit_callbacks
):
    tournament = nine_player_round_robin()
    monkeypatch.setattr(round_robin, "schedule", never_computed)
    with django_capture_on_commit_callbacks(execute=True):
        do_start(tournament.pk, tournament.created_by)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.PREPARING
    assert tournament.schedule is None and tournament.current_round == 0
    assert not Round.objects.filter(tournament=tournament).exists()
    assert sorted(tournament.entries.values_list("seed", flat=True)) == list(range(1, 10))
    assert queued == [(PREPARE, (tournament.pk,))]  # handed to a worker once the start is committed


def test_it_shows_a_preparing_tournament_on_its_page_and_in_the_api(client):
    tournament = nine_player_round_robin()
    do_start(tournament.pk, tournament.created_by)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert "<strong>preparing</strong>" in page
    assert client.get(reverse("tournaments:api_detail", args=[tournament.pk])).json()["status"] == "preparing"
    assert "RR</a> · Wild Cards · preparing" in client.get(reverse("tournaments:list")).content.decode()
    with translation.override("it"):  # the page turns Italian on; this turns it off again after
        page = client.get(reverse("tournaments:detail", args=[tournament.pk]), headers={"accept-language": "it"})
    assert "<strong>in preparazione</strong>" in page.content.decode()
    assert "Il calendario di tutti i turni è in preparazione" in page.content.decode()


def test_it_stores_the_schedule_and_creates_round_one_with_tables_when_the_task_runs():
    tournament = nine_player_round_robin()
    do_start(tournament.pk, tournament.created_by)
    prepare_tournament(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING and tournament.current_round == 1
    # Nine players at tables of three: the affine plane, four rounds of three tables, no byes.
    assert [len(tables) for tables, byes in tournament.schedule] == [3, 3, 3, 3]
    assert all(byes == [] for _tables, byes in tournament.schedule)
    first = current_tables(tournament)
    assert len(first) == 3 and all(table.game.seats.count() == 3 for table in first)
    assert seated_at(first) == scheduled(tournament, 1)


def test_it_creates_one_round_when_the_task_runs_twice():
    tournament = nine_player_round_robin()
    do_start(tournament.pk, tournament.created_by)
    prepare_tournament(tournament.pk)
    schedule = Tournament.objects.get(pk=tournament.pk).schedule
    prepare_tournament(tournament.pk)
    tournament.refresh_from_db()
    assert Round.objects.filter(tournament=tournament).count() == 1
    assert Table.objects.filter(round__tournament=tournament).count() == 3
    assert tournament.schedule == schedule and tournament.current_round == 1


def test_it_does_not_recompute_the_schedule_when_a_later_round_starts(monkeypatch):
    tournament = nine_player_round_robin()
    do_start(tournament.pk, tournament.created_by)
    prepare_tournament(tournament.pk)
    monkeypatch.setattr(round_robin, "schedule", never_computed)
    for table in current_tables(tournament):
        play_out(table.game)
    second = do_advance_round(tournament.pk)
    tournament.refresh_from_db()
    assert second is not None and second.number == 2
    assert seated_at(second.tables.all()) == scheduled(tournament, 2)


def test_it_keeps_the_schedule_of_a_round_robin_started_before_schedules_were_kept():
    tournament = nine_player_round_robin()
    do_start(tournament.pk, tournament.created_by)
    prepare_tournament(tournament.pk)
    stored = Tournament.objects.get(pk=tournament.pk).schedule
    Tournament.objects.filter(pk=tournament.pk).update(schedule=None)  # as a running one migrated
    for table in current_tables(tournament):
        play_out(table.game)
    second = do_advance_round(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.schedule == stored  # computed once more, the same from the same seeds, and kept
    assert seated_at(second.tables.all()) == scheduled(tournament, 2)


def test_it_sweeps_up_a_preparing_tournament_whose_task_was_lost(queued):
    tournament = nine_player_round_robin()
    do_start(tournament.pk, tournament.created_by)  # rolled back with the test: its task is never queued
    assert queued == []
    sweep_tournaments(timezone.now() + timedelta(minutes=1))
    assert queued == []  # a worker may still be computing it
    later = timezone.now() + timedelta(minutes=10)
    sweep_tournaments(later)
    sweep_tournaments(later + timedelta(seconds=30))
    assert queued == [(PREPARE, (tournament.pk,))]  # handed out again, once
    name, args = queued[0]
    app.tasks[name](*args)  # the worker runs the task the sweep queued
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    assert Round.objects.filter(tournament=tournament).count() == 1 and len(current_tables(tournament)) == 3


def test_a_swiss_still_starts_its_first_round_in_the_start_request(queued, django_capture_on_commit_callbacks):
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "Swiss", "wildcards", "swiss", seats_preferred=3, seats_min=3, seats_max=3, rounds=2
    )
    for player in make_players(6):
        do_register(tournament.pk, player)
    with django_capture_on_commit_callbacks(execute=True):
        do_start(tournament.pk, organiser)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING and tournament.schedule is None
    assert len(current_tables(tournament)) == 2 and queued == []


@pytest.mark.worker
def test_it_has_a_real_worker_finish_the_start_of_a_round_robin(live_worker):
    tournament = nine_player_round_robin()
    do_start(tournament.pk, tournament.created_by)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not Round.objects.filter(tournament=tournament).exists():
        time.sleep(0.2)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING and len(tournament.schedule) == 4
    assert len(current_tables(tournament)) == 3


def test_it_seeds_the_field_by_rating_at_the_start_and_the_unrated_at_1500():
    from tournaments.ratings.models import Rating

    tournament = nine_player_round_robin()
    entries = list(tournament.entries.select_related("user").order_by("pk"))
    now = timezone.now()
    established = {"games": 10, "opponents": 5, "last_game_at": now}
    for entry, rating in zip(entries[:3], [1400, 1700, 1600], strict=True):
        Rating.objects.create(player=entry.user, pool="wildcards", rating=rating, peak=rating, **established)
    Rating.objects.create(player=entries[3].user, pool="wizard", rating=2000, peak=2000, **established)
    # Many games, but against only two people: not established, seeded as a newcomer (issue 26).
    Rating.objects.create(
        player=entries[4].user, pool="wildcards", rating=1900, peak=1900, games=30, opponents=2, last_game_at=now
    )
    do_start(tournament.pk, tournament.created_by)
    seeded = {entry.pk: (entry.seed, entry.rating) for entry in tournament.entries.all()}
    assert [seeded[entries[i].pk] for i in (1, 2)] == [(1, 1700), (2, 1600)]
    assert seeded[entries[0].pk] == (9, 1400)  # below everyone unrated (1500)
    assert seeded[entries[3].pk][1] == 1500  # another game's rating does not count
    assert seeded[entries[4].pk][1] == 1500


def test_the_page_and_the_settings_say_how_many_rounds_a_blank_round_robin_plays(client):
    tournament = nine_player_round_robin()
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    # Nine players at tables of three: the affine plane's four rounds.
    assert "4 rounds: everyone meets everyone" in page
    with translation.override("it"):
        page = client.get(reverse("tournaments:detail", args=[tournament.pk]), headers={"accept-language": "it"})
        assert "4 turni: tutti incontrano tutti" in page.content.decode()
    client.force_login(tournament.created_by)
    form = client.get(reverse("tournaments:edit", args=[tournament.pk])).content.decode()
    assert "for the 9 entrants now, 4 rounds." in form


def test_the_page_shows_how_evenly_pairs_meet_once_the_schedule_is_drawn(client):
    tournament = nine_player_round_robin()
    do_start(tournament.pk, tournament.created_by)
    prepare_tournament(tournament.pk)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert "Who meets whom in the schedule: 36 pairs meet once." in page


def test_a_drop_gives_the_rest_of_a_scheduled_table_a_bye_and_reseats_nobody():
    tournament = nine_player_round_robin()
    do_start(tournament.pk, tournament.created_by)
    prepare_tournament(tournament.pk)
    for table in current_tables(tournament):
        play_out(table.game)
    tournament.refresh_from_db()
    entry_of = dict(tournament.entries.values_list("user_id", "pk"))
    # One player from each of two tables of round 2 leaves: four are left short, enough to seat
    # a new table of three, which would make some of them meet a second time.
    first, second_table, third = scheduled(tournament, 2)
    leaving = [min(first), min(second_table)]
    for user in leaving:
        do_drop(tournament.pk, tournament.created_by, entry_user=tournament.entries.get(user_id=user).user)
    second = do_advance_round(tournament.pk)
    left = (first | second_table) - set(leaving)
    assert seated_at(second.tables.all()) == [third]
    assert set(second.byes.values_list("entry_id", flat=True)) == {entry_of[user] for user in left}
