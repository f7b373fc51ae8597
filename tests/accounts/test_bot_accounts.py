"""Bot accounts: the one-way upgrade from the settings page, and its refusals."""

import pytest
from django.urls import reverse

from games.models import Game
from games.services.lobby import do_create_game, do_join
from tests.conftest import make_user
from tests.ratings.conftest import finished_game
from tournaments.services import do_create_tournament, do_register
from wildcards_site.accounts.bot_accounts import BotAccountRefused, bot_account_refusal, do_become_bot_account

pytestmark = pytest.mark.django_db


def test_it_makes_a_new_account_a_bot_account(alice):
    do_become_bot_account(alice)
    alice.profile.refresh_from_db()
    assert alice.profile.bot_account


def test_it_refuses_an_account_that_has_played_a_rated_game(alice, bob):
    finished_game([(alice, 1), (bob, 2)])
    with pytest.raises(BotAccountRefused) as refused:
        do_become_bot_account(alice)
    assert "rated games" in refused.value.message
    alice.profile.refresh_from_db()
    assert not alice.profile.bot_account


def test_it_refuses_an_account_in_a_rated_game_under_way(alice, bob):
    game = do_create_game(alice, "emu_ranchers", 2)
    do_join(game.pk, bob)
    assert Game.objects.get(pk=game.pk).status == Game.Status.RUNNING
    assert bot_account_refusal(bob)
    with pytest.raises(BotAccountRefused):
        do_become_bot_account(bob)


def test_it_lets_an_account_with_unrated_games_only_become_a_bot_account(alice, bob):
    finished_game([(alice, 1), (bob, 2)], rated=False)
    do_become_bot_account(alice)
    alice.profile.refresh_from_db()
    assert alice.profile.bot_account


def test_it_refuses_twice(alice):
    do_become_bot_account(alice)
    with pytest.raises(BotAccountRefused) as refused:
        do_become_bot_account(alice)
    assert "already" in refused.value.message


def test_it_refuses_while_entered_in_a_tournament_without_bots(alice):
    organiser = make_user("org")
    tournament = do_create_tournament(
        organiser, "Cup", "emu_ranchers", "swiss", seats_preferred=2, seats_min=2, rounds=2
    )
    do_register(tournament.pk, alice)
    with pytest.raises(BotAccountRefused) as refused:
        do_become_bot_account(alice)
    assert "tournament" in refused.value.message


def test_the_settings_page_asks_to_confirm_it_is_one_way(client, alice):
    client.force_login(alice)
    page = client.get(reverse("accounts:profile")).content.decode()
    assert 'id="bot-account"' in page and "one-way" in page and "data-confirm" in page
    # Unconfirmed: nothing changes, and the page says why.
    response = client.post(reverse("accounts:become_bot_account"), follow=True)
    assert "tick the box" in response.content.decode()
    alice.profile.refresh_from_db()
    assert not alice.profile.bot_account
    response = client.post(reverse("accounts:become_bot_account"), {"confirm": "yes"}, follow=True)
    assert "now a bot account" in response.content.decode()
    alice.profile.refresh_from_db()
    assert alice.profile.bot_account
    assert 'class="bot-account"' in client.get(reverse("accounts:profile")).content.decode()


def test_the_settings_page_says_why_not_instead_of_offering_the_button(client, alice, bob):
    finished_game([(alice, 1), (bob, 2)])
    client.force_login(alice)
    page = client.get(reverse("accounts:profile")).content.decode()
    assert "Open a new account for your bot" in page
    assert reverse("accounts:become_bot_account") not in page
    response = client.post(reverse("accounts:become_bot_account"), {"confirm": "yes"}, follow=True)
    assert "Open a new account for your bot" in response.content.decode()
    alice.profile.refresh_from_db()
    assert not alice.profile.bot_account


def test_the_upgrade_needs_a_post(client, alice):
    client.force_login(alice)
    assert client.get(reverse("accounts:become_bot_account")).status_code == 405
