"""A finished table as a spectator finds it: each player's name leads to their page, and the game
can be downloaded as the export command and the API give it, by whoever may see the table."""

from __future__ import annotations

import json

import pytest

from games.services import do_create_game
from tests.conftest import make_user
from tests.games.conftest import play_to_the_end, start_game

pytestmark = pytest.mark.django_db


def _finished():
    return play_to_the_end(start_game([make_user("ann", display_name="Ann"), make_user("ben")]))


def test_the_players_of_a_finished_table_link_to_their_pages(client):
    game = _finished()
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert '<a href="/games/players/ann/">Ann</a>' in page and '<a href="/games/players/ben/">ben</a>' in page


def test_a_finished_game_downloads_from_its_table_and_replay(client):
    game = _finished()
    for page in (f"/games/{game.pk}/", f"/games/{game.pk}/replay/"):
        assert f'href="/games/{game.pk}/download/" download' in client.get(page).content.decode()
    response = client.get(f"/games/{game.pk}/download/")
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="wildcards-toy-{game.pk}.json"'
    document = json.loads(response.content)
    assert document["engine"] == "toy" and len(document["actions"]) == game.version


def test_a_running_game_has_no_download_and_a_private_one_is_not_for_strangers(client):
    running = start_game([make_user("cy"), make_user("dan")])
    assert client.get(f"/games/{running.pk}/download/").status_code == 404
    assert "/download/" not in client.get(f"/games/{running.pk}/").content.decode()
    eve = make_user("eve")
    private = do_create_game(eve, "toy", 2, None, visibility="private")
    private.status = "finished"
    private.save(update_fields=["status"])
    client.force_login(make_user("mallory"))
    assert client.get(f"/games/{private.pk}/download/").status_code == 404
