"""A new account is welcomed, not welcomed back: the home page says no "Welcome back, <name>" on a
brand-new account's first visit."""

import re

import pytest
from django.core import mail
from django.urls import reverse

from tests.conftest import PASSWORD, make_user

pytestmark = pytest.mark.django_db


def _heading(client) -> str:
    page = client.get(reverse("home")).content.decode()
    return " ".join(re.search(r"<h1>(.*?)</h1>", page, re.S).group(1).split())


def test_a_new_account_is_welcomed_on_its_first_visit_and_welcomed_back_after(client):
    client.post(reverse("accounts:signup"), {"username": "newbie", "email": "newbie@example.org", "password": PASSWORD})
    link = re.search(r"http://\S+", mail.outbox[-1].body).group(0).removeprefix("http://127.0.0.1:8000")
    client.post(link)  # confirmed: logged in for the first time
    assert _heading(client) == "Welcome, newbie"
    client.get(reverse("accounts:profile"))
    assert _heading(client) == "Welcome, newbie"  # the whole first visit
    client.logout()
    client.post(reverse("accounts:login"), {"login": "newbie", "password": PASSWORD})  # a later visit
    assert _heading(client) == "Welcome back, newbie"
    client.force_login(make_user("alice", display_name="Alice"))
    assert _heading(client) == "Welcome back, Alice"
