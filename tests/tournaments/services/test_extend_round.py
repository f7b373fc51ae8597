"""An organiser gives a whole round more time: every open wait at every table of it, or none."""

from datetime import timedelta

import pytest
from django.urls import reverse

from games.models import Deadline, GameEvent
from games.services.errors import ActionRejected
from tests.tournaments.helpers import current_tables, make_players
from tournaments.services import do_create_tournament, do_extend_round, do_register, do_start

pytestmark = pytest.mark.django_db


@pytest.fixture
def running():
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "Long Cup", "wildcards", "swiss", seats_preferred=3, seats_min=3, seats_max=3, rounds=2
    )
    for player in make_players(6):
        do_register(tournament.pk, player)
    do_start(tournament.pk, organiser)
    return tournament, organiser


def closing_times(tournament) -> dict[int, object]:
    games = [table.game_id for table in current_tables(tournament)]
    return dict(Deadline.objects.filter(game_id__in=games, closed_at__isnull=True).values_list("pk", "closes_at"))


def test_the_organiser_extends_every_open_wait_of_the_round(running):
    tournament, organiser = running
    before = closing_times(tournament)
    assert len(before) == 6  # two tables of three, every seat bidding
    assert do_extend_round(tournament.pk, organiser, 24) == 6
    after = closing_times(tournament)
    assert {pk: after[pk] - before[pk] for pk in before} == {pk: timedelta(hours=24) for pk in before}
    # One extension a table (the limits count it once), naming the three seats it reached.
    events = GameEvent.objects.filter(kind=GameEvent.Kind.EXTENDED)
    assert sorted(sorted(event.detail["seats"]) for event in events) == [[0, 1, 2], [0, 1, 2]]


def test_a_player_who_does_not_organise_is_refused_and_nothing_moves(running):
    tournament, _organiser = running
    player = tournament.entries.first().user
    before = closing_times(tournament)
    with pytest.raises(ActionRejected) as refused:
        do_extend_round(tournament.pk, player, 24)
    assert refused.value.code == "forbidden"
    assert closing_times(tournament) == before


@pytest.mark.parametrize("hours", [0, 24 * 365])
def test_an_extension_out_of_bounds_changes_no_table(running, hours):
    tournament, organiser = running
    before = closing_times(tournament)
    with pytest.raises(ActionRejected) as refused:
        do_extend_round(tournament.pk, organiser, hours)
    assert refused.value.code == "bad_extension"
    assert closing_times(tournament) == before
    assert not GameEvent.objects.exists()


def test_the_tournament_page_extends_the_round_and_says_so(client, running):
    tournament, organiser = running
    client.force_login(organiser)
    url = reverse("tournaments:organise", args=[tournament.pk, "extend"])
    page = client.post(url, {"hours": "12"}, follow=True).content.decode()
    assert "Every table of the round has more time." in page
    page = client.post(url, {"hours": "soon"}, follow=True).content.decode()
    assert "Give the extension in whole hours." in page
    assert GameEvent.objects.filter(kind=GameEvent.Kind.EXTENDED).count() == 2  # one a table


def test_a_round_extension_counts_once_at_a_table_where_every_seat_is_waited_for(settings):
    # Wild Cards' first phase waits for every seat at once: the round's extension is one extension
    # of each table, not one a seat (a 5-seat table is not refused at the first one).
    settings.GAME_MAX_EXTENSIONS = 3
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "Big Tables", "wildcards", "swiss", seats_preferred=5, seats_min=5, seats_max=5, rounds=2
    )
    for player in make_players(5):
        do_register(tournament.pk, player)
    do_start(tournament.pk, organiser)
    (table,) = current_tables(tournament)
    for _ in range(settings.GAME_MAX_EXTENSIONS):
        before = closing_times(tournament)
        assert len(before) == 5
        assert do_extend_round(tournament.pk, organiser, 12) == 5
        after = closing_times(tournament)
        assert {pk: after[pk] - before[pk] for pk in before} == {pk: timedelta(hours=12) for pk in before}
    before = closing_times(tournament)
    with pytest.raises(ActionRejected) as refused:  # the limit still holds, counted by extensions
        do_extend_round(tournament.pk, organiser, 12)
    assert refused.value.code == "too_many_extensions"
    assert closing_times(tournament) == before
    assert GameEvent.objects.filter(game=table.game, kind=GameEvent.Kind.EXTENDED).count() == 3


@pytest.mark.parametrize(("staff", "most"), [(False, 72), (True, 720)])
def test_the_extend_field_says_its_limits_before_any_refusal(client, running, staff, most):
    # The 1-72 hour limit shows before, not only in the refusal of a longer one.
    tournament, organiser = running
    if staff:
        organiser = make_players(1, "staff")[0]
        organiser.is_staff = True
        organiser.save()
    client.force_login(organiser)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    form = page.split("/organise/extend/", 1)[1].split("</form>", 1)[0]
    assert f'max="{most}"' in form and 'min="1"' in form
    assert f"1 to {most} hours" in form
