"""One request a move: a move's answer carries the new view of the mover's seat, who is to act
and what the seat may do next, and nothing the seat may not see."""

import random

import pytest

from games.engines import get_engine
from games.models import Game
from tests.api.conftest import api_for
from tests.history.conftest import new_game
from tests.history.secret_engine import hidden_from

pytestmark = pytest.mark.django_db


def test_a_move_s_answer_is_the_seat_s_own_view_and_who_acts_next_and_hides_the_rest(players):
    game = new_game(players, "secret")
    engine = get_engine("secret")
    apis = {seat.position: api_for(seat.user) for seat in game.seats.all()}
    rng = random.Random(7)
    answers = 0
    while game.status == Game.Status.RUNNING:
        position = rng.choice(engine.to_act(game.state))
        action = rng.choice(engine.legal_actions(game.state, position))
        response = apis[position].post(f"/games/{game.pk}/actions", {"version": game.version, "action": action})
        assert response.status_code == 200, response.content
        game.refresh_from_db()
        answer = response.json()
        text = response.content.decode()
        leaked = [marker for marker in hidden_from(game.state, position) if marker in text]
        assert not leaked, f"the answer to seat {position} shows {leaked}"
        assert answer["view"] == engine.view(game.state, position)
        running = game.status == Game.Status.RUNNING
        assert answer["to_act"] == (engine.to_act(game.state) if running else [])
        assert answer["my_turn"] == (position in answer["to_act"])
        assert answer["actions"] == (engine.legal_actions(game.state, position) if running else [])
        assert answer["version"] == game.version and answer["status"] == game.status
        answers += 1
    assert answers > 5 and answer["result"] is not None


def test_against_bots_each_answer_is_enough_for_the_next_move(players):
    game = new_game([players[0]], "wizard", bots=2, seed="one-request")
    api = api_for(players[0])
    state = api.get(f"/games/{game.pk}/legal-actions").json()
    assert state["status"] == "running" and state["my_turn"] and state["actions"]
    requests = 1
    rng = random.Random(3)
    while state["status"] == "running":
        assert state["my_turn"], "beside bots alone the game always waits for me"
        state = api.post(
            f"/games/{game.pk}/actions", {"version": state["version"], "action": rng.choice(state["actions"])}
        ).json()
        requests += 1
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    mine = game.seats.get(user=players[0]).position
    # A move forced on the seat (a single card to play) is made for it: no request at all.
    assert requests == 1 + game.actions.filter(seat=mine, channel="api").count()
