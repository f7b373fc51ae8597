import re
from datetime import timedelta

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone

pytestmark = pytest.mark.django_db


def request_link(client, email="alice@example.org") -> str | None:
    client.post(reverse("accounts:login_link_request"), {"email": email})
    if not mail.outbox:
        return None
    return re.search(r"http://\S+", mail.outbox[-1].body).group(0).removeprefix("http://127.0.0.1:8000")


def test_it_mails_a_link_that_logs_in_once(client, alice):
    link = request_link(client)
    assert "/accounts/login-link/alice/" in link
    assert client.get(link).status_code == 200
    assert "_auth_user_id" not in client.session, "GET (a mail scanner) must not log in"
    assert client.post(link).status_code == 302
    assert client.session["_auth_user_id"] == str(alice.pk)


def test_it_refuses_a_reused_link(client, alice):
    link = request_link(client)
    client.post(link)
    client.post(reverse("accounts:logout"))
    response = client.post(link)
    assert response.status_code == 400
    assert "_auth_user_id" not in client.session


def test_it_refuses_an_expired_link(client, alice):
    link = request_link(client)
    alice.profile.refresh_from_db()
    type(alice.profile).objects.filter(pk=alice.profile.pk).update(
        login_token_created=timezone.now() - timedelta(hours=2)
    )
    assert client.post(link).status_code == 400
    assert "_auth_user_id" not in client.session


def test_it_refuses_a_forged_link_or_another_users_token(client, alice, bob):
    link = request_link(client)
    token = link.rstrip("/").rsplit("/", 1)[1]
    assert client.post(f"/accounts/login-link/alice/{token[:-2]}xx/").status_code == 400
    assert client.post(f"/accounts/login-link/bob/{token}/").status_code == 400
    assert "_auth_user_id" not in client.session
    # The real link still works afterwards: failed attempts do not burn it.
    assert client.post(link).status_code == 302


def test_a_new_link_replaces_the_old_one(client, alice):
    first = request_link(client)
    second = request_link(client)
    assert client.post(first).status_code == 400
    assert client.post(second).status_code == 302


def test_it_answers_the_same_for_unknown_addresses_and_sends_nothing(client, alice):
    response = client.post(reverse("accounts:login_link_request"), {"email": "nobody@example.org"})
    assert "a login link is on its way" in response.content.decode()
    assert mail.outbox == []


def test_the_token_is_stored_only_as_a_hash(client, alice):
    link = request_link(client)
    token = link.rstrip("/").rsplit("/", 1)[1]
    alice.profile.refresh_from_db()
    assert alice.profile.login_token_hash
    assert token not in alice.profile.login_token_hash
