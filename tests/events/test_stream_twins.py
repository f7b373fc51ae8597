"""Hidden information in a seat's stream, tested by changing it.

Two games stored alike, then one's state replaced by its twin for seat v (everything v
must not know dealt anew, `tests/hidden_information/twins.py`); v makes the same move in
both. The event each game's stream of seat v then carries must be the same, as long as
the move reveals nothing by the rules.
"""

from __future__ import annotations

import json
import random

import pytest

from games.engines import get_engine
from games.events import store, topics
from games.models import Game
from games.services import do_action, do_create_game, do_join
from games.services.lobby import TimeControl
from tests.conftest import make_user
from tests.hidden_information.test_twin_states import KEEP_TOP, _reveals_nothing
from tests.hidden_information.twins import TWINS

CASES = [
    ("cubirds", 3, {}),
    ("wizard", 3, {}),
    ("wizard", 4, {"hidden_bids": True}),
    ("wildcards", 3, {"edition": "2022"}),
    ("emu_ranchers", 2, {}),
]


def _game(users, engine: str, options: dict, seed: str, moves: list) -> Game:
    game = do_create_game(users[0], engine, len(users), options, time_control=TimeControl(), seed=seed)
    for user in users[1:]:
        do_join(game.pk, user)
    for seat, action in moves:
        game.refresh_from_db()
        do_action(game.pk, seat, action, "api", user=_player(game, seat), expected_version=game.version)
    game.refresh_from_db()
    return game


def _player(game: Game, seat: int):
    return game.seats.get(position=seat).user


def _last_event(game: Game, seat: int) -> dict:
    ((entry_id, fields),) = store.client().xrevrange(store.key(topics.seat(game.pk, seat)), count=1)
    event = json.loads(fields[b"d"])
    event.pop("game")
    # When each wait closes depends on when each game was made, not on any card.
    event["deadlines"] = [wait["seat"] for wait in event["deadlines"]]
    return event


@pytest.mark.parametrize(("engine_name", "num_players", "options"), CASES)
def test_a_seats_stream_is_the_same_whatever_it_cannot_see(asgi_server, engine_name, num_players, options):
    users = [make_user(f"p{n}") for n in range(num_players)]
    engine = get_engine(engine_name)
    rng = random.Random(engine_name)
    compared = 0
    for sample in range(3):
        seed = f"twins-{sample}"
        original = _game(users, engine_name, options, seed, [])
        moves: list = []
        # Play on to a turn at a random point of the first deal.
        for _ in range(rng.randrange(2, 12)):
            seat = rng.choice(engine.to_act(original.state))
            action = rng.choice(engine.legal_actions(original.state, seat))
            do_action(original.pk, seat, action, "api", user=_player(original, seat), expected_version=original.version)
            moves.append((seat, action))
            original.refresh_from_db()
            if original.status != Game.Status.RUNNING:
                break
        if original.status != Game.Status.RUNNING:
            continue
        viewer = engine.to_act(original.state)[0]
        twin = _game(users, engine_name, options, seed, moves)
        near = TWINS[engine_name](original.state, viewer, rng, KEEP_TOP)
        Game.objects.filter(pk=twin.pk).update(state=near)
        twin.refresh_from_db()
        action = rng.choice(engine.legal_actions(original.state, viewer))
        assert action in engine.legal_actions(near, viewer)
        before = original.state
        for game in (original, twin):
            do_action(game.pk, viewer, action, "api", user=_player(game, viewer), expected_version=game.version)
            game.refresh_from_db()
        if not (
            _reveals_nothing(engine_name, before, action, original.state)
            and _reveals_nothing(engine_name, near, action, twin.state)
        ):
            continue
        seen, twin_seen = _last_event(original, viewer), _last_event(twin, viewer)
        assert seen["version"] == twin_seen["version"] and seen["moves"], "the move made no event"
        assert seen == twin_seen, f"seat {viewer}'s stream tells a hidden card ({engine_name} sample {sample})"
        compared += 1
    assert compared > 0, "no move was compared"
