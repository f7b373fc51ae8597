"""A replay's ends go nowhere, and a finished game links its replay plainly: "Forward ▶" on the
last step does not link to that same step, and a finished table links its replay, not only through
"51 earlier moves are not shown"."""

import re

import pytest
from django.urls import reverse

from tests.games.conftest import play_to_the_end, start_game

pytestmark = pytest.mark.django_db


def test_the_replays_last_step_goes_no_further_and_its_first_no_further_back(client, players):
    game = play_to_the_end(start_game(players))
    client.force_login(players[0])
    last = game.version
    page = client.get(reverse("games:replay_step", args=[game.pk, last])).content.decode()
    assert f'href="{reverse("games:replay_step", args=[game.pk, last])}" rel="next"' not in page
    assert 'rel="next"' not in page and 'rel="last"' not in page
    assert 'rel="prev"' in page and 'rel="first"' in page
    first = client.get(reverse("games:replay_step", args=[game.pk, 0])).content.decode()
    assert 'rel="prev"' not in first and 'rel="first"' not in first and 'rel="next"' in first
    # The ends are still there, as buttons that say they go nowhere.
    assert first.count('aria-disabled="true"') == 2 and page.count('aria-disabled="true"') == 2


def test_a_finished_games_table_links_its_replay_plainly(client, players):
    game = play_to_the_end(start_game(players))
    client.force_login(players[1])
    page = client.get(reverse("games:table", args=[game.pk])).content.decode()
    assert re.search(rf'<a href="{reverse("games:replay", args=[game.pk])}"[^>]*>Replay</a>', page)
