"""Creating tournaments is limited per player and day, and the list of tournaments comes in pages."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.services.errors import ActionRejected
from tests.conftest import make_user
from tournaments.models import Tournament
from tournaments.pages.views_tournaments import LIST_PAGE_SIZE
from tournaments.services import do_create_tournament

pytestmark = pytest.mark.django_db


def create(user, name="Cup"):
    return do_create_tournament(user, name, "emu_ranchers", "single")


def test_a_player_may_create_so_many_tournaments_a_day_and_no_more(settings):
    settings.TOURNAMENTS_PER_DAY = 5
    player = make_user("ann")
    for number in range(5):
        create(player, f"Cup {number}")
    with pytest.raises(ActionRejected) as refused:
        create(player, "One too many")
    assert refused.value.code == "too_many" and "5 tournaments a day" in refused.value.message
    assert Tournament.objects.count() == 5


def test_tournaments_created_over_a_day_ago_do_not_count(settings):
    settings.TOURNAMENTS_PER_DAY = 1
    player = make_user("ann")
    create(player)
    Tournament.objects.update(created_at=timezone.now() - timedelta(hours=25))
    create(player, "Next day")
    assert Tournament.objects.count() == 2


def test_staff_are_not_limited(settings):
    settings.TOURNAMENTS_PER_DAY = 1
    staff = make_user("org", staff=True)
    create(staff)
    create(staff, "Second")
    assert Tournament.objects.count() == 2


def test_the_form_says_why_one_tournament_too_many_is_refused(client, settings):
    settings.TOURNAMENTS_PER_DAY = 2
    player = make_user("ann")
    create(player)
    create(player, "Second")
    client.force_login(player)
    form = {"name": "Again", "engine": "emu_ranchers", "format": "single", "seats_preferred": 2}
    form.update(seats_min=2, seats_max=2, top_cut=0, phase_hours=48)
    response = client.post(reverse("tournaments:create"), form)
    assert response.status_code == 200
    assert "2 tournaments a day" in response.content.decode()
    assert Tournament.objects.count() == 2


@pytest.fixture
def many(db):
    organiser = make_user("org", staff=True)
    names = [f"Cup-{number:03d}" for number in range(LIST_PAGE_SIZE + 5)]
    for name in names:
        create(organiser, name)
    return names  # oldest first


def test_the_list_of_tournaments_is_paged_newest_first(client, many):
    first = client.get(reverse("tournaments:list")).content.decode()
    assert many[-1] in first and many[5] in first and many[4] not in first
    assert 'rel="next"' in first
    second = client.get(reverse("tournaments:list"), {"page": 2}).content.decode()
    assert many[4] in second and many[0] in second and many[5] not in second


@pytest.mark.parametrize(("page", "shows"), [("9" * 25, 0), ("-1", 0), ("x", -1), ("", -1)])
def test_a_bad_page_number_is_clamped(client, many, page, shows):
    response = client.get(reverse("tournaments:list"), {"page": page})
    assert response.status_code == 200
    assert many[shows] in response.content.decode()
