"""A bot account enters a tournament only where its organisers allow bot accounts."""

import pytest
from django.urls import reverse

from games.services.errors import ActionRejected
from tests.api.conftest import api_for
from tests.conftest import make_user
from tournaments.models import Tournament
from tournaments.organiser_settings import FORM_FIELDS, NAMES
from tournaments.services import do_create_tournament, do_register
from tournaments.services.organising import do_update_tournament
from wildcards_site.accounts.bot_accounts import do_become_bot_account

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser(db):
    return make_user("org")


@pytest.fixture
def robo(db):
    user = make_user("robo", display_name="Robo")
    do_become_bot_account(user)
    return user


def cup(organiser, **fields) -> Tournament:
    return do_create_tournament(
        organiser, "Cup", "emu_ranchers", "swiss", seats_preferred=2, seats_min=2, seats_max=2, rounds=2, **fields
    )


def test_it_is_an_organisers_setting_off_by_default(organiser):
    assert "allow_bot_accounts" in NAMES and "allow_bot_accounts" in FORM_FIELDS
    assert not cup(organiser).allow_bot_accounts


def test_it_refuses_a_bot_account_where_bots_are_not_allowed(organiser, robo):
    tournament = cup(organiser)
    with pytest.raises(ActionRejected) as rejected:
        do_register(tournament.pk, robo)
    assert rejected.value.code == "bot_accounts_not_allowed"
    assert "bot accounts" in rejected.value.message
    assert not tournament.entries.exists()


def test_it_takes_a_bot_account_where_bots_are_allowed(organiser, robo, alice):
    tournament = cup(organiser, allow_bot_accounts=True)
    do_register(tournament.pk, robo)
    do_register(tournament.pk, alice)
    assert tournament.entries.count() == 2


def test_it_takes_people_whatever_the_setting(organiser, alice):
    do_register(cup(organiser).pk, alice)


def test_the_page_says_why_and_registers_nobody(client, organiser, robo):
    tournament = cup(organiser)
    client.force_login(robo)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert "does not take bot accounts" in page
    response = client.post(reverse("tournaments:register", args=[tournament.pk]), follow=True)
    assert "does not take bot accounts" in response.content.decode()
    assert not tournament.entries.exists()


def test_the_api_refuses_with_a_stable_code(organiser, robo, settings):
    settings.API_BOT_RATE_LIMIT = 100_000
    tournament = cup(organiser)
    answer = api_for(robo).post(f"/tournaments/{tournament.pk}/register", {})
    assert answer.status_code == 403
    assert answer.json()["error"]["code"] == "bot_accounts_not_allowed"
    assert not tournament.entries.exists()
    Tournament.objects.filter(pk=tournament.pk).update(allow_bot_accounts=True)
    assert api_for(robo).post(f"/tournaments/{tournament.pk}/register", {}).status_code == 200


def test_the_organiser_cannot_stop_taking_bots_once_one_has_entered(organiser, robo):
    tournament = cup(organiser, allow_bot_accounts=True)
    do_register(tournament.pk, robo)
    with pytest.raises(ActionRejected):
        do_update_tournament(tournament.pk, organiser, allow_bot_accounts=False)
    tournament.refresh_from_db()
    assert tournament.allow_bot_accounts


def test_the_organisers_form_offers_the_setting(client, organiser):
    tournament = cup(organiser)
    client.force_login(organiser)
    page = client.get(reverse("tournaments:edit", args=[tournament.pk])).content.decode()
    assert 'name="allow_bot_accounts"' in page
