import pytest
from django.urls import reverse

from tests.conftest import PASSWORD, make_user

pytestmark = pytest.mark.django_db


def test_it_logs_in_with_username_or_email_in_any_case(client, alice):
    for login in ("alice", "ALICE", "Alice@Example.org"):
        response = client.post(reverse("accounts:login"), {"login": login, "password": PASSWORD})
        assert response.status_code == 302, login
        assert client.session["_auth_user_id"] == str(alice.pk)
        client.post(reverse("accounts:logout"))


def test_it_explains_a_wrong_password_and_logs_nobody_in(client, alice):
    response = client.post(reverse("accounts:login"), {"login": "alice", "password": "wrong"})
    assert response.status_code == 200
    assert "do not match" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_it_asks_an_unconfirmed_player_to_confirm_first(client):
    make_user("eve", active=False)
    response = client.post(reverse("accounts:login"), {"login": "eve", "password": PASSWORD})
    assert "confirm your email address first" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_it_asks_for_missing_fields(client):
    response = client.post(reverse("accounts:login"), {"login": "", "password": ""})
    assert response.context["form"].errors["login"] == ["This field is required."]


def test_it_follows_a_local_next_link_but_not_a_foreign_one(client, alice):
    response = client.post(
        reverse("accounts:login"), {"login": "alice", "password": PASSWORD, "next": "/accounts/profile/"}
    )
    assert response["Location"] == "/accounts/profile/"
    client.post(reverse("accounts:logout"))
    response = client.post(
        reverse("accounts:login"), {"login": "alice", "password": PASSWORD, "next": "https://evil.example/"}
    )
    assert response["Location"] == "/"


def test_logout_needs_a_post(client, alice):
    client.force_login(alice)
    assert client.get(reverse("accounts:logout")).status_code == 405
    assert "_auth_user_id" in client.session
    client.post(reverse("accounts:logout"))
    assert "_auth_user_id" not in client.session


def test_login_form_is_csrf_protected(alice):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    response = strict.post(reverse("accounts:login"), {"login": "alice", "password": PASSWORD})
    assert response.status_code == 403
