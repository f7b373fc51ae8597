from __future__ import annotations

import pytest

from games.engines import get_engine
from games.models import Game
from games.services import do_action, do_create_game, do_join
from games.services.lobby import TimeControl
from tests.conftest import make_user, register_engine
from tests.games.toy_engine import ToyEngine


@pytest.fixture(autouse=True)
def toy_engine(monkeypatch):
    register_engine(monkeypatch, ToyEngine())


@pytest.fixture
def players(db):
    return [make_user(name, display_name=name.title()) for name in ("alice", "bob", "carol")]


def start_game(players, engine="toy", options=None, bots=0, **time_control) -> Game:
    creator, *others = players
    game = do_create_game(
        creator, engine, len(players) + bots, options, bots=bots, time_control=TimeControl(**time_control), seed="s1"
    )
    for user in others:
        do_join(game.pk, user)
    game.refresh_from_db()
    return game


def seat_user(game: Game, position: int):
    return game.seats.get(position=position).user


def play_until(game: Game, reached, what: str) -> Game:
    """Every seat plays its default move through the service until `reached(state)`; 2,000
    moves without it fail the test, naming `what` was awaited."""
    engine = get_engine(game.engine)
    for _step in range(2000):
        if reached(game.state):
            return game
        position = engine.to_act(game.state)[0]
        action = engine.auto_action(game.state, position)
        do_action(game.pk, position, action, "web", user=seat_user(game, position), expected_version=game.version)
        game.refresh_from_db()
    raise AssertionError(f"2,000 moves and still no {what}")


def play_until_cards_are_discarded(game: Game) -> Game:
    """Until the discard pile holds cards (Wild Cards, CuBirds, Emu Ranchers: the games whose
    state has one)."""
    return play_until(game, lambda state: state["discard"], "card in the discard pile")


def play_until_a_card_is_known(game: Game) -> Game:
    """Until the table has seen a card go back into a hand (Wild Cards: a pass, the ibex's
    take-back)."""
    return play_until(game, lambda state: any(state["known"]), "card seen going back into a hand")


def play_to_the_end(game: Game) -> Game:
    """Every seat plays its engine's default move through do_action until the game is over."""
    engine = get_engine(game.engine)
    while True:
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING:
            return game
        position = engine.to_act(game.state)[0]
        action = engine.auto_action(game.state, position)
        do_action(game.pk, position, action, "web", user=seat_user(game, position), expected_version=game.version)
