"""Signed action links: GET confirms, only POST acts; used, stale, expired and forged links change nothing."""

from __future__ import annotations

import re
from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.core import signing
from django.utils import timezone

from games.bymail import mail_context
from games.bymail.tokens import LINK_SALT, WaitToken, action_link_token, read_action_link
from games.models import Action, Deadline
from games.services.organiser import do_extend_deadline
from tests.conftest import make_user
from tests.games.conftest import start_game


@pytest.fixture
def game(db):
    return start_game([make_user("alice"), make_user("bruno", language="it")], engine="wildcards")


def _link(game, position=0, index=0):
    seat = game.seats.select_related("user__profile").get(position=position)
    wait = Deadline.objects.get(game=game, seat=position, closed_at__isnull=True)
    move = mail_context.turn_context(game, seat, wait)["moves"][index]
    return re.sub(r"^https?://[^/]+", "", move["link"]), move


def test_it_confirms_on_get_and_acts_only_on_post(client, game):
    path, move = _link(game)
    page = client.get(path)
    assert page.status_code == 200
    assert move["label"] in page.content.decode()
    game.refresh_from_db()
    assert game.version == 0
    assert client.post(path).status_code == 200
    game.refresh_from_db()
    assert game.version == 1
    assert Action.objects.get(game=game).channel == Action.Channel.EMAIL_LINK


def test_a_used_link_says_so_and_changes_nothing(client, game):
    path, _move = _link(game)
    client.post(path)
    again = client.post(path)
    assert "was used already" in again.content.decode()
    game.refresh_from_db()
    assert game.version == 1


def test_a_stale_link_explains_and_changes_nothing(client, game):
    first, _move = _link(game, index=0)
    second, _other = _link(game, index=1)
    client.post(first)
    response = client.post(second)
    assert response.status_code == 409
    assert "You have already moved since this mail was sent." in response.content.decode()
    game.refresh_from_db()
    assert game.version == 1


def test_the_others_sealed_bid_does_not_spoil_a_link(client, game):
    alice_link, _move = _link(game, position=0)
    bruno_link, _other = _link(game, position=1)
    assert client.post(bruno_link).status_code == 200
    assert client.post(alice_link).status_code == 200
    game.refresh_from_db()
    assert game.version >= 2


def test_a_link_past_its_deadline_changes_nothing(client, game):
    path, _move = _link(game)
    # The deadline passed and the sweep has not closed the wait yet.
    Deadline.objects.filter(game=game, seat=0).update(closes_at=timezone.now() - timedelta(seconds=1))
    response = client.post(path)
    assert response.status_code == 410
    assert "This link has expired" in response.content.decode()
    game.refresh_from_db()
    assert game.version == 0


def test_a_link_works_until_its_extended_deadline(client, game, monkeypatch):
    path, _move = _link(game, position=1)
    wait = Deadline.objects.get(game=game, seat=1, closed_at__isnull=True)
    mailed = wait.closes_at
    do_extend_deadline(game.pk, game.created_by, 1, 24)
    later = mailed + timedelta(hours=1)  # past the deadline the mail gave, before the extended one
    monkeypatch.setattr("games.bymail.views.timezone", SimpleNamespace(now=lambda: later))
    assert client.post(path).status_code == 200
    game.refresh_from_db()
    assert Action.objects.get(game=game, seat=1).channel == Action.Channel.EMAIL_LINK


def test_a_link_mailed_before_links_lost_their_own_expiry_still_works():
    wait = WaitToken(1, 0, 0, 1)
    old = signing.dumps({"u": 7, "g": 1, "s": 0, "v": 0, "d": 1, "a": {"type": "pass"}, "e": 1}, salt=LINK_SALT)
    assert read_action_link(old) == read_action_link(action_link_token(7, wait, {"type": "pass"}))


def test_a_forged_link_changes_nothing(client, game):
    path, _move = _link(game)
    response = client.post(path[:-8] + "AAAAAAA/")
    assert response.status_code == 400
    assert "not valid" in response.content.decode()
    game.refresh_from_db()
    assert game.version == 0


def test_the_confirmation_names_whose_seat_and_warns_someone_signed_in_as_another_player(client, game):
    # A link acts for the player it was mailed to, whoever holds it (signed in as another
    # account, "Make this move" still moves for the player mailed).
    path, _move = _link(game)
    owner = game.seats.select_related("user__profile").get(position=0).user
    page = client.get(path).content.decode()
    assert f"for {owner.profile.name}" in page and "signed in as" not in page
    client.force_login(make_user("carla", display_name="Carla"))
    page = client.get(path).content.decode()
    assert f"for {owner.profile.name}" in page
    assert "You are signed in as Carla" in page
