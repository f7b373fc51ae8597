import re

import pytest
from django.core import mail
from django.urls import reverse

from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db
NEW_PASSWORD = "a-brand-new-secret-77"


def reset_link(client, email="bob@example.org") -> str:
    client.post(reverse("accounts:password_reset"), {"email": email})
    return re.search(r"http://\S+", mail.outbox[-1].body).group(0).removeprefix("http://127.0.0.1:8000")


def set_password(client, link, password=NEW_PASSWORD):
    page = client.get(link, follow=True)
    form_url = page.redirect_chain[-1][0] if page.redirect_chain else link
    return client.post(form_url, {"new_password1": password, "new_password2": password})


def test_it_mails_a_reset_link_in_the_players_language(client, bob):
    reset_link(client)
    message = mail.outbox[0]
    assert message.to == ["bob@example.org"]
    assert "password" in message.subject.lower() or "Password" in message.subject


def test_it_sets_a_new_password_once(client, bob):
    link = reset_link(client)
    response = set_password(client, link)
    assert response.status_code == 302
    bob.refresh_from_db()
    assert bob.check_password(NEW_PASSWORD)
    # The same link cannot be used again to take the account.
    again = client.get(link, follow=True)
    assert not again.context["validlink"]
    set_password(client, link, "attacker-password-99")
    bob.refresh_from_db()
    assert bob.check_password(NEW_PASSWORD)


def test_it_refuses_a_forged_reset_link(client, bob):
    link = reset_link(client)
    forged = link.rstrip("/")[:-4] + "abcd/"
    page = client.get(forged, follow=True)
    assert not page.context["validlink"]
    bob.refresh_from_db()
    assert bob.check_password(PASSWORD)


def test_it_refuses_an_expired_reset_link(client, bob, settings):
    link = reset_link(client)
    settings.PASSWORD_RESET_TIMEOUT = -1
    page = client.get(link, follow=True)
    assert not page.context["validlink"]


def test_it_says_the_same_for_unknown_addresses(client, bob):
    response = client.post(reverse("accounts:password_reset"), {"email": "nobody@example.org"}, follow=True)
    assert "If the address belongs to an account" in response.content.decode()
    assert mail.outbox == []
