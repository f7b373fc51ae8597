"""Nothing that guesses passwords or sends mail can be repeated without limit."""

from __future__ import annotations

import pytest
from django.core import mail
from django.urls import reverse

from games.api.models import ApiToken
from games.services import do_create_game
from tests.conftest import PASSWORD, make_user

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("still_ratelimit_clock")]


def test_many_wrong_passwords_lock_the_account_even_against_the_right_one(client, settings):
    settings.AXES_FAILURE_LIMIT = 5
    make_user("alice")
    for attempt in range(5):
        response = client.post(reverse("accounts:login"), {"login": "alice", "password": f"wrong-{attempt}"})
        assert response.status_code in (200, 429)
    response = client.post(reverse("accounts:login"), {"login": "alice", "password": PASSWORD})
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session
    # Naming the account by its address counts against the same account.
    response = client.post(reverse("accounts:login"), {"login": "alice@example.org", "password": PASSWORD})
    assert response.status_code == 429 and "_auth_user_id" not in client.session


def test_a_few_wrong_passwords_do_not_lock_out_the_owner(client, settings):
    settings.AXES_FAILURE_LIMIT = 5
    make_user("alice")
    for attempt in range(3):
        client.post(reverse("accounts:login"), {"login": "alice", "password": f"wrong-{attempt}"})
    client.post(reverse("accounts:login"), {"login": "alice", "password": PASSWORD})
    assert "_auth_user_id" in client.session


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("accounts:login_link_request", {"email": "alice@example.org"}),
        ("accounts:password_reset", {"email": "alice@example.org"}),
    ],
)
def test_mail_to_one_address_is_limited_and_the_limit_says_so(client, settings, name, data):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "mail_address": "2/h"}
    make_user("alice")
    for _ in range(2):
        assert client.post(reverse(name), data).status_code in (200, 302)
    sent = len(mail.outbox)
    response = client.post(reverse(name), data)
    assert response.status_code == 429
    assert "Too many attempts" in response.content.decode()
    assert len(mail.outbox) == sent == 2


def test_sign_ups_from_one_visitor_are_limited(client, settings):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "signup_ip": "2/h"}
    for number in range(2):
        data = {"username": f"new{number}", "email": f"new{number}@example.org", "password": PASSWORD}
        assert client.post(reverse("accounts:signup"), data).status_code == 200
    data = {"username": "new9", "email": "new9@example.org", "password": PASSWORD}
    assert client.post(reverse("accounts:signup"), data).status_code == 429
    assert len(mail.outbox) == 2


def test_revoking_and_making_a_new_api_token_keeps_the_allowance(client, settings):
    settings.API_RATE_LIMIT = 3
    alice = make_user("alice")
    _row, token = ApiToken.issue(alice, "bot")
    for _ in range(3):
        assert client.get("/api/v1/me", HTTP_AUTHORIZATION=f"Bearer {token}").status_code == 200
    _row.revoke()
    _again, fresh = ApiToken.issue(alice, "bot again")
    response = client.get("/api/v1/me", HTTP_AUTHORIZATION=f"Bearer {fresh}")
    assert response.status_code == 429
    assert response.json()["error"]["code"] == "rate_limited"


def test_invitations_from_one_player_are_limited(client, settings):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "invite_user": "2/h"}
    alice = make_user("alice")
    game = do_create_game(alice, "wizard", 4, {})
    client.force_login(alice)
    for number in range(2):
        client.post(reverse("games:invite", args=[game.pk]), {"who": f"friend{number}@example.org"})
    response = client.post(reverse("games:invite", args=[game.pk]), {"who": "friend9@example.org"})
    assert response.status_code == 429
    assert game.invitations.count() == 2


def test_behind_a_proxy_one_visitors_wrong_passwords_do_not_lock_out_the_others(client, settings):
    """Every request comes from the proxy's address: visitors are told apart by the address it forwards."""
    settings.BEHIND_PROXY, settings.AXES_FAILURE_LIMIT = True, 3
    make_user("alice")
    for number in range(3):  # one visitor spraying several accounts
        client.post(
            reverse("accounts:login"),
            {"login": f"nobody{number}", "password": "wrong"},
            REMOTE_ADDR="10.0.0.1",
            HTTP_X_FORWARDED_FOR="198.51.100.7",
        )
    locked = client.post(
        reverse("accounts:login"),
        {"login": "nobody9", "password": "wrong"},
        REMOTE_ADDR="10.0.0.1",
        HTTP_X_FORWARDED_FOR="198.51.100.7",
    )
    assert locked.status_code == 429
    client.post(
        reverse("accounts:login"),
        {"login": "alice", "password": PASSWORD},
        REMOTE_ADDR="10.0.0.1",
        HTTP_X_FORWARDED_FOR="203.0.113.9",
    )
    assert "_auth_user_id" in client.session


def test_without_a_proxy_a_written_forwarded_address_does_not_escape_the_limit(client, settings):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "signup_ip": "2/h"}
    for number in range(3):
        data = {"username": f"new{number}", "email": f"new{number}@example.org", "password": PASSWORD}
        response = client.post(reverse("accounts:signup"), data, HTTP_X_FORWARDED_FOR=f"198.51.100.{number}")
    assert response.status_code == 429
    assert len(mail.outbox) == 2


def test_sign_ups_for_one_new_address_mail_it_a_few_times_at_most(client, settings):
    # Signing up three times with one stranger's address must not send three mails. From
    # many visitors (the per-visitor limit does not see them) the count per address still holds.
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "mail_address": "2/h", "signup_ip": "100/h"}
    for number in range(4):
        data = {"username": f"new{number}", "email": "Victim@Example.org", "password": PASSWORD}
        answer = client.post(reverse("accounts:signup"), data, REMOTE_ADDR=f"203.0.113.{number}")
        assert answer.status_code == 200  # the same answer: nobody learns how often it was tried
    assert len([m for m in mail.outbox if m.to == ["victim@example.org"]]) == 2


def test_sign_ups_for_one_mailbox_however_written_mail_it_a_few_times_at_most(client, settings):
    # The count per address is not kept per spelling: victim+1@, victim+2@ (one mailbox) share
    # one.
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "mail_address": "2/h", "signup_ip": "100/h"}
    spellings = ["victim+1@example.org", "victim+2@example.org", '"victim"@example.org', "Victim@Example.org"]
    for number, address in enumerate(spellings):
        data = {"username": f"new{number}", "email": address, "password": PASSWORD}
        answer = client.post(reverse("accounts:signup"), data, REMOTE_ADDR=f"203.0.113.{number}")
        assert answer.status_code == 200
    assert len(mail.outbox) == 2


def test_asking_players_in_past_the_conditions_counts_with_invitations(client, settings):
    # "Ask a player in past the entry conditions" mails an invitation too, and counts, or an
    # organiser could mail any number of players past the limit.
    from tournaments.models import TournamentInvitation
    from tournaments.services import do_create_tournament

    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "invite_user": "2/h"}
    olga = make_user("olga")
    cup = do_create_tournament(olga, "Cup", "wizard", "swiss", seats_preferred=3, seats_min=3, seats_max=3, rounds=3)
    strangers = [make_user(f"stranger{number}") for number in range(4)]
    client.force_login(olga)
    client.post(reverse("tournaments:organise", args=[cup.pk, "invite"]), {"who": strangers[0].username})
    client.post(reverse("tournaments:organise", args=[cup.pk, "add"]), {"username": strangers[1].username})
    response = client.post(reverse("tournaments:organise", args=[cup.pk, "add"]), {"username": strangers[2].username})
    assert response.status_code == 429
    assert TournamentInvitation.objects.filter(tournament=cup).count() == 2
