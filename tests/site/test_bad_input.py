"""Bad input gets a clear 4xx in the format of the place it was sent to, and changes nothing."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from games.api.models import ApiToken
from games.models import Action
from tests.conftest import make_user

pytestmark = pytest.mark.django_db

DEEP = "[" * 100_000 + "]" * 100_000


@pytest.fixture
def game(db):
    from games.services import do_create_game, do_join

    players = [make_user(name) for name in ("ann", "ben", "cas")]
    game = do_create_game(players[0], "wizard", 3, {})
    for user in players[1:]:
        do_join(game.pk, user)
    game.refresh_from_db()
    return game, players


def test_a_move_nested_100000_deep_is_refused_on_the_table(client, game):
    game, players = game
    client.force_login(players[0])
    response = client.post(reverse("games:act", args=[game.pk]), {"action": DEEP, "version": game.version}, follow=True)
    assert response.status_code == 200
    assert "not understood" in response.content.decode()
    assert not Action.objects.exists()


def test_a_move_nested_100000_deep_is_refused_by_the_api_in_json(client, game):
    game, players = game
    _row, token = ApiToken.issue(players[0], "bot")
    body = '{"version": 0, "action": ' + DEEP + "}"
    response = client.post(
        f"/api/v1/games/{game.pk}/actions", body, content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {token}"
    )
    assert response.status_code == 400
    assert response.json()["error"]["code"]
    assert not Action.objects.exists()


@pytest.mark.parametrize("options", ["edition__regex=(", "edition__gt=1", "__class__=x", "edition__in=x"])
def test_history_filters_never_let_a_visitor_choose_a_lookup(client, options):
    response = client.get(reverse("games:history"), {"options": options})
    assert response.status_code == 200
    assert "Write options as name=value" in response.content.decode()


def test_history_filters_in_the_api_answer_400_in_json(client):
    _row, token = ApiToken.issue(make_user("ann"), "bot")
    response = client.get("/api/v1/history", {"options": "edition__regex=("}, HTTP_AUTHORIZATION=f"Bearer {token}")
    assert response.status_code == 400
    assert "error" in response.json()


def test_an_unknown_api_address_answers_in_json(client):
    response = client.get("/api/v1/no-such-thing")
    assert response.status_code == 404
    assert json.loads(response.content)["error"]["code"] == "not_found"
