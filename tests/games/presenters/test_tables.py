"""Every game's table renders its own cards for players and spectators, and names every move."""

import random

import pytest
from django.test import Client
from django.urls import reverse

from games import registry
from games.engines import ENGINE_NAMES, get_engine
from tests.conftest import make_user
from tests.games.conftest import seat_user, start_game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("engine_name", ENGINE_NAMES)
def test_the_table_renders_for_players_and_spectators(engine_name):
    engine = get_engine(engine_name)
    count = max(engine.min_players, 3) if engine_name != "emu_ranchers" else 2
    users = [make_user(f"{engine_name[:4]}{i}") for i in range(count)]
    game = start_game(users, engine=engine_name)
    player = Client()
    player.force_login(seat_user(game, engine.to_act(game.state)[0]))
    page = player.get(reverse("games:table", args=[game.pk])).content.decode()
    assert 'data-testid="my-hand"' in page and "Your move" in page
    assert "playing-card" in page
    spectator = Client().get(reverse("games:table", args=[game.pk])).content.decode()
    assert 'data-testid="my-hand"' not in spectator and "What spectators see" in spectator


@pytest.mark.parametrize("engine_name", ENGINE_NAMES)
def test_every_legal_move_has_a_label_in_the_games_words(engine_name):
    engine = get_engine(engine_name)
    players = 2 if engine_name == "emu_ranchers" else 3
    presenter = registry.part(engine_name, "table")
    rng = random.Random(7)
    seen = set()
    for seed in range(3):
        options = engine.validate_options(players, {})
        state = engine.new_game(players, seed, options)
        while not engine.is_over(state):
            seat = rng.choice(engine.to_act(state))
            actions = engine.legal_actions(state, seat)
            for action in actions:
                assert presenter.action_label(action), f"no {engine_name} wording for {action}"
                seen.add(action["type"])
            state = engine.apply(state, seat, rng.choice(actions))
    assert len(seen) >= 2
