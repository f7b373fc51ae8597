"""A Swiss that takes late entries says so and lets latecomers register from its page.

Found by trying the demo: an organiser set "Late entries until round 3", and a player opening the
running tournament saw no way to enter and nothing saying that they could."""

import pytest
from django.urls import reverse

from tests.conftest import make_user
from tests.tournaments.helpers import make_players, register_and_start
from tournaments.models import Entry
from tournaments.services import do_create_tournament

pytestmark = pytest.mark.django_db


def _swiss(late_join_before_round: int, prefix: str = "p"):
    tournament = do_create_tournament(
        make_user(f"olga-{prefix}"),
        "Late Swiss",
        "cubirds",
        "swiss",
        seats_preferred=2,
        seats_min=2,
        seats_max=2,
        rounds=3,
        late_join_before_round=late_join_before_round,
    )
    return register_and_start(tournament, make_players(4, prefix=prefix))


def _entry_box(client, tournament) -> str:
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    return page.split('id="your-entry"')[1].split("</section>")[0] if 'id="your-entry"' in page else ""


def test_a_latecomer_reads_the_rule_and_registers_from_the_page(client):
    tournament = _swiss(late_join_before_round=3)
    late = make_user("lucia", display_name="Lucia")
    client.force_login(late)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert "Latecomers may enter until round 3 is paired, with no points for the rounds they missed." in page
    box = _entry_box(client, tournament)
    assert "You would be paired from round 2 on." in box and "Register" in box
    answer = client.post(reverse("tournaments:register", args=[tournament.pk]), follow=True).content.decode()
    assert "You are in." in answer
    assert Entry.objects.filter(tournament=tournament, user=late).exists()
    assert "Drop out after this round" in _entry_box(client, tournament)


def test_a_swiss_past_its_late_entries_or_without_them_offers_no_registration(client):
    client.force_login(make_user("lucia"))
    for tournament in (_swiss(0, prefix="a"), _swiss(1, prefix="b")):
        page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
        assert "Latecomers" not in page
        assert _entry_box(client, tournament) == ""
