from __future__ import annotations

import random

import pytest
from django.test import override_settings

from games.engines import get_engine
from games.models import Game, Seat
from games.services import do_action, do_create_game, do_join
from games.services.bot_moves import do_bot_move
from games.services.lobby import TimeControl
from tests.conftest import make_user, register_engine
from tests.history.secret_engine import SecretEngine


@pytest.fixture(autouse=True)
def secret_engine(monkeypatch):
    register_engine(monkeypatch, SecretEngine())


@pytest.fixture
def players(db):
    return [make_user(name, display_name=name.title()) for name in ("alice", "bob", "carol")]


def new_game(users, engine: str, bots: int = 0, options=None, seed: str = "s1", **kwargs) -> Game:
    creator, *others = users
    game = do_create_game(
        creator, engine, len(users) + bots, options, bots=bots, time_control=TimeControl(), seed=seed, **kwargs
    )
    for user in others:
        do_join(game.pk, user)
    game.refresh_from_db()
    return game


def play_on(game: Game, rng: random.Random, max_actions: int = 10_000, stop_at: int | None = None) -> Game:
    """Play random legal moves for the people through do_action (bots move themselves)."""
    engine = get_engine(game.engine)
    users = {seat.position: seat.user for seat in game.seats.all()}
    for _ in range(max_actions):
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING or (stop_at is not None and game.version >= stop_at):
            return game
        seat = rng.choice(engine.to_act(game.state))
        if game.seats.filter(position=seat, kind=Seat.Kind.BOT).exists():
            # A searching bot (a resigned player's seat plays Good) moves from its task; its body runs here.
            with override_settings(GAME_BOT_BUDGETS={"good": 4, "strong": 8}):
                assert do_bot_move(game.pk, seat) == game.version
            continue
        action = rng.choice(engine.legal_actions(game.state, seat))
        do_action(game.pk, seat, action, "web", user=users[seat], expected_version=game.version)
    raise AssertionError("the game did not end")


def finished_game(users, engine: str, bots: int = 0, seed: str = "s1", **kwargs) -> Game:
    return play_on(new_game(users, engine, bots=bots, seed=seed, **kwargs), random.Random(seed))
