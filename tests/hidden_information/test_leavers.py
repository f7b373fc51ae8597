"""A player who left a running game sees it as a spectator until it ends.

A bot plays the seat of a player who resigned, timed out or was removed: its new cards are the
bot's, and the player who left may still be in touch with someone at the table. So the table, its
refresh, the replay and the API show them what a spectator sees, however the hidden cards fall
(or the leaver could read the bot's hand, round after round, from their table and API).
"""

from __future__ import annotations

import random
import re

import pytest
from django.test import Client
from django.urls import reverse

from games.engines import get_engine
from games.models import Game
from games.services import do_action, do_create_game, do_join
from games.services.bot_moves import do_bot_move
from games.services.organiser import do_resign
from tests.api.conftest import api_for
from tests.conftest import make_user
from tests.hidden_information.twins import TWINS

CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')


def _wizard_game_bruno_left() -> tuple[Game, object]:
    alice, bruno, carla = (make_user(name) for name in ("alice", "bruno", "carla"))
    game = do_create_game(alice, "wizard", 3, {"hidden_bids": True}, seed="leavers")
    for user in (bruno, carla):
        do_join(game.pk, user)
    game.refresh_from_db()
    do_resign(game.pk, bruno)
    engine = get_engine("wizard")
    # Play on into round 2, so that the bot has been dealt new cards and made a sealed bid.
    while True:
        game.refresh_from_db()
        if game.state["round"] >= 2 and game.state["phase"] == "play":
            return game, bruno
        position = engine.to_act(game.state)[0]
        seat = game.seats.get(position=position)
        if seat.kind == "bot":  # a searching bot's move, as its task makes it
            do_bot_move(game.pk, position)
            continue
        action = engine.auto_action(game.state, position)
        do_action(game.pk, position, action, "web", user=seat.user, expected_version=game.version)


def _section(html: str, ident: str) -> str:
    found = re.search(rf'<section[^>]*id="{ident}".*?</section>', html, re.S)
    return found.group(0) if found else ""


def _what_bruno_sees(client: Client, api, game: Game) -> dict[str, object]:
    table = CSRF.sub("", client.get(reverse("games:table", args=[game.pk])).content.decode())
    return {
        "view": _section(table, "view"),
        "my-turn": _section(table, "my-turn"),
        "refresh": "".join(re.findall(r"<div hidden data-refresh[^>]*></div>", table)),
        "api": api.get(f"/games/{game.pk}").json()["view"],
    }


def _replays(client: Client, api, game: Game) -> tuple[str, dict]:
    """The replay page's log and views at the last step, and the API's replay there."""
    page = client.get(reverse("games:replay_step", args=[game.pk, game.version])).content.decode()
    main = CSRF.sub("", re.search(r"<main.*?</main>", page, re.S).group(0))
    return main, api.get(f"/games/{game.pk}/replay", step=str(game.version)).json()


@pytest.mark.django_db
def test_a_player_who_resigned_sees_no_hidden_card_of_the_seat_a_bot_now_plays(monkeypatch):
    from types import SimpleNamespace

    from django.utils import timezone

    moment = timezone.now()  # the refresh stamp's minute held still
    monkeypatch.setattr("games.play.refresh.timezone", SimpleNamespace(now=lambda: moment))
    game, bruno = _wizard_game_bruno_left()
    position = game.seats.get(user=bruno).position
    assert game.seats.get(user=bruno).kind == "bot"
    client = Client()
    client.force_login(bruno)
    api = api_for(bruno)
    _what_bruno_sees(client, api, game)  # a first look: the recap starts after it from now on
    before = _what_bruno_sees(client, api, game)
    assert before["api"] == get_engine("wizard").view(game.state, None)  # a spectator's view
    assert "A bot plays your seat now" in before["my-turn"]
    original = Game.objects.get(pk=game.pk)
    for seed in range(3):
        twin = TWINS["wizard"](original.state, None, random.Random(seed), None)
        assert twin["hands"][position] != original.state["hands"][position]  # the bot's hand did change
        Game.objects.filter(pk=game.pk).update(state=twin, seed=f"twin-{seed}")
        after = _what_bruno_sees(client, api, Game.objects.get(pk=game.pk))
        for key in before:
            assert after[key] == before[key], f"{key} tells the bot's hidden cards to the player who left"


@pytest.mark.django_db
def test_a_player_who_resigned_replays_the_running_game_as_a_spectator():
    # The replay rebuilds every step from the seed and the log, so here the twin is a spectator:
    # the player who left must see what a stranger sees, the bot's sealed bids included.
    game, bruno = _wizard_game_bruno_left()
    stranger = make_user("dario")
    clients = {}
    for user in (bruno, stranger):
        clients[user] = Client()
        clients[user].force_login(user)
    bruno_sees = _replays(clients[bruno], api_for(bruno), game)
    stranger_sees = _replays(clients[stranger], api_for(stranger), game)
    assert bruno_sees[1] == stranger_sees[1]
    assert bruno_sees[1]["step"] == game.version and bruno_sees[1]["log"]  # the whole log, to compare
    assert bruno_sees[0] == stranger_sees[0]
