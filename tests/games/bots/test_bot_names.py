"""A bot seat keeps its name from the lobby to the table : two bots
waiting in a lobby are not both "Bot 1", nor "Bot 3" and "Bot 4" at the table."""

import pytest
from django.urls import reverse

from games.services import do_create_game
from games.services.lobby import do_join
from tests.conftest import make_user

pytestmark = pytest.mark.django_db


def _seats_listed(client, game) -> list[str]:
    page = client.get(reverse("games:table", args=[game.pk])).content.decode()
    section = page.split('class="card seats"', 1)[1].split("</ol>", 1)[0]
    return [item.split(">", 1)[1].split("\n", 1)[0].strip() for item in section.split("<li")[1:]]


def test_bots_have_names_of_their_own_in_the_lobby_and_keep_them_at_the_table(client):
    ann = make_user("ann", display_name="Ann")
    game = do_create_game(ann, "wizard", 4, bots=2, bot_levels=["good", "strong"], seed="names")
    client.force_login(ann)
    waiting = _seats_listed(client, game)
    assert sorted(name for name in waiting if name.startswith("Bot")) == ["Bot 1", "Bot 2"]
    levels = {seat.bot_level: seat.name for seat in game.seats.filter(user__isnull=True)}
    do_join(game.pk, make_user("ben", display_name="Ben"))
    game.refresh_from_db()
    assert game.status == "running"
    # Seated at random, each bot keeps the name it had while waiting.
    assert {seat.bot_level: seat.name for seat in game.seats.filter(user__isnull=True)} == levels
    assert sorted(name for name in _seats_listed(client, game) if name.startswith("Bot")) == ["Bot 1", "Bot 2"]


def test_a_game_against_bots_alone_names_them_one_to_n():
    ann = make_user("ann")
    game = do_create_game(ann, "wizard", 4, bots=3, seed="alone")
    assert sorted(seat.name for seat in game.seats.filter(user__isnull=True)) == ["Bot 1", "Bot 2", "Bot 3"]
