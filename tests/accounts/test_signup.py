import re
from urllib.parse import urlencode

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse

from tests.conftest import PASSWORD, make_user

User = get_user_model()
pytestmark = pytest.mark.django_db


def sign_up(client, **fields):
    data = {"username": "dora", "email": "Dora@Example.org", "password": PASSWORD, **fields}
    return client.post(reverse("accounts:signup"), data)


def link_in_last_mail() -> str:
    return re.search(r"http://\S+", mail.outbox[-1].body).group(0)


def test_it_creates_an_inactive_account_and_mails_a_confirmation_link(client):
    response = sign_up(client)
    assert response.status_code == 200
    assert "dora@example.org" in response.content.decode()
    user = User.objects.get(username="dora")
    assert not user.is_active
    assert user.email == "dora@example.org"
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["dora@example.org"]
    assert "/accounts/verify/" in link_in_last_mail()
    assert mail.outbox[0].alternatives[0][1] == "text/html"


def test_it_confirms_only_on_post_and_logs_in(client):
    sign_up(client)
    link = link_in_last_mail().removeprefix("http://127.0.0.1:8000")
    page = client.get(link)
    assert page.status_code == 200
    assert not User.objects.get(username="dora").is_active, "a GET (a mail scanner) must not confirm"
    response = client.post(link)
    assert response.status_code == 302
    assert User.objects.get(username="dora").is_active
    assert client.get(reverse("accounts:profile")).status_code == 200


def test_it_rejects_a_confirmation_link_used_twice(client):
    sign_up(client)
    link = link_in_last_mail().removeprefix("http://127.0.0.1:8000")
    client.post(link)
    client.post(reverse("accounts:logout"))
    again = client.post(link)
    assert again.status_code == 400
    assert "does not work" in again.content.decode()


def test_it_rejects_a_forged_confirmation_link(client):
    sign_up(client)
    link = link_in_last_mail().removeprefix("http://127.0.0.1:8000")
    forged = link[:-3] + ("aaa" if not link.endswith("aaa/") else "bbb") + "/"
    assert client.post(forged).status_code == 400
    assert client.post("/accounts/verify/not-base64!/abc-def/").status_code == 400
    assert not User.objects.get(username="dora").is_active


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"username": "a b"}, "username", "Letters, digits"),
        ({"username": "x"}, "username", "Letters, digits"),
        ({"email": "not-an-address"}, "email", "valid email"),
        ({"password": "123"}, "password", "too short"),
        ({"password": "dora12345", "username": "dora12345"}, "password", "too similar"),
    ],
)
def test_it_explains_bad_sign_up_input_and_creates_nothing(client, fields, field, message):
    response = sign_up(client, **fields)
    assert response.status_code == 200
    assert message in " ".join(response.context["form"].errors[field])
    assert not User.objects.exists()
    assert not mail.outbox


def test_it_refuses_a_taken_username_but_never_tells_that_an_address_has_an_account(client, alice):
    # Usernames are public (player pages show them); addresses are not.
    response = sign_up(client, username="ALICE")
    assert "username is taken" in response.content.decode()
    taken = sign_up(client, username="newcomer", email="Alice@example.org")
    fresh = sign_up(client, username="another", email="fresh@example.org")
    assert taken.status_code == fresh.status_code == 200
    for response in (taken, fresh):
        assert "accounts/signup_sent.html" in [t.name for t in response.templates]

    def page(response, address: str) -> str:
        text = re.sub(r'name="csrfmiddlewaretoken" value="\w+"', "CSRF", response.content.decode())
        return re.sub(re.escape(address), "ADDRESS", text, flags=re.IGNORECASE)

    assert page(taken, "alice@example.org") == page(fresh, "fresh@example.org")
    assert User.objects.filter(email__iexact="alice@example.org").count() == 1
    assert not User.objects.filter(username="newcomer").exists()
    told = [m for m in mail.outbox if m.to == ["alice@example.org"]]
    assert len(told) == 1 and "already belongs to your account" in told[0].body


def test_an_unconfirmed_sign_up_does_not_lock_out_the_real_owner(client):
    make_user("squatter", active=False)
    response = sign_up(client, username="owner", email="squatter@example.org")
    assert response.status_code == 200
    assert not User.objects.filter(username="squatter").exists()
    assert User.objects.get(email="squatter@example.org").username == "owner"


@pytest.mark.parametrize(
    ("sent", "kept"), [("America/New_York", "America/New_York"), ("Mars/Olympus", "UTC"), ("", "UTC")]
)
def test_the_browsers_time_zone_is_kept_and_anything_else_is_utc(client, sent, kept):
    # Filled in by the page's script; a zone that does not exist is no reason to refuse an account.
    from wildcards_site.accounts.models import profile_for

    sign_up(client, time_zone=sent)
    assert profile_for(User.objects.get(username="dora")).time_zone == kept


def test_a_newcomer_invited_by_mail_signs_up_and_is_brought_back_to_the_invitation(client):
    # After confirming, the newcomer lands on the invitation, not on their settings with the
    # invitation mail to dig out again to take the seat they had signed up for.
    from games.services import do_create_game, do_invite

    game = do_create_game(make_user("alice"), "cubirds", 2)
    invitation = do_invite(game.pk, game.created_by, "pal@example.org")
    here = reverse("games:invitation", args=[invitation.token])
    page = client.get(here).content.decode()
    signup = re.search(r'href="(/accounts/signup/\?[^"]+)"', page).group(1).replace("&amp;", "&")
    form = client.get(signup).content.decode()
    assert 'value="pal@example.org"' in form, "the invited address is filled in"
    client.post(signup, {"username": "pal", "email": "pal@example.org", "password": PASSWORD})
    link = link_in_last_mail().removeprefix("http://127.0.0.1:8000")
    assert client.get(link).status_code == 200
    answer = client.post(link)
    assert answer.status_code == 302 and answer.url == here
    seat_page = client.get(here).content.decode()
    assert "Take my seat" in seat_page


@pytest.mark.parametrize("elsewhere", ["https://evil.example/", "//evil.example/x", "javascript:alert(1)"])
def test_a_sign_up_never_sends_the_newcomer_to_another_site(client, elsewhere):
    client.post(
        reverse("accounts:signup") + "?" + urlencode({"next": elsewhere}),
        {"username": "dora", "email": "dora@example.org", "password": PASSWORD},
    )
    link = link_in_last_mail().removeprefix("http://127.0.0.1:8000")
    answer = client.post(link)
    assert answer.status_code == 302 and answer.url == reverse("accounts:profile")


@pytest.mark.parametrize("username", ["Leo", "bot", "Bot2", "carla", "CARLA"])
def test_a_username_that_passes_for_a_bot_leo_or_another_players_name_is_refused(client, username):
    # A username is checked as a display name is (it is shown when there is no display name):
    # else "Leo" could sit at a Wild Cards table beside Leo, "carla" beside Carla.
    make_user("zed", display_name="Carla")
    response = sign_up(client, username=username)
    assert response.status_code == 200
    assert response.context["form"].errors["username"]
    assert not User.objects.filter(username=username).exists()
    assert not mail.outbox


def test_a_username_like_a_name_only_in_part_is_welcome(client):
    make_user("zed", display_name="Carla")
    sign_up(client, username="carlos")
    assert User.objects.filter(username="carlos").exists()


@pytest.mark.parametrize("username", ["AIice", "A1ice", "alice", "ALICE"])
def test_a_username_that_reads_as_another_players_name_is_refused(client, username):
    make_user("zed", display_name="Alice")
    response = sign_up(client, username=username)
    assert response.status_code == 200
    assert response.context["form"].errors["username"]


@pytest.mark.parametrize(("browser", "subject"), [("it-IT,it;q=0.9", "Conferma"), ("nl-NL", "Bevestig")])
def test_the_confirmation_mail_is_in_the_language_the_newcomer_signed_up_in(client, browser, subject):
    # The sign-up page speaks Italian, so does the confirmation mail (the profile's language is
    # saved in the database, and the mail must not read a stale one in memory).
    client.post(
        reverse("accounts:signup"),
        {"username": "dora", "email": "dora@example.org", "password": PASSWORD},
        HTTP_ACCEPT_LANGUAGE=browser,
    )
    assert len(mail.outbox) == 1
    assert mail.outbox[0].subject.startswith(subject), mail.outbox[0].subject


def test_the_confirmation_speaks_the_language_the_player_signed_up_in(client):
    # Signed up in Italian, the link opened in a fresh browser shows the confirmation page in
    # Italian, not "Your address is confirmed" in English over an Italian page.
    from django.test import Client

    client.cookies.load({"django_language": "it"})
    sign_up(client)
    assert User.objects.get(username="dora").profile.language == "it"
    link = link_in_last_mail().removeprefix("http://127.0.0.1:8000")
    fresh = Client(headers={"Accept-Language": "en"})
    page = fresh.get(link).content.decode()
    assert 'lang="it"' in page
    done = fresh.post(link, follow=True).content.decode()
    assert "Your address is confirmed" not in done and 'lang="it"' in done
