"""Answers ahead through the API: the cases, storing, taking back, refusals; the owner's alone."""

from __future__ import annotations

import json

import pytest

from games.ahead.models import StoredAnswer
from games.engines import get_engine
from games.models import Action
from games.services import do_action
from tests.api.conftest import api_for
from tests.conftest import make_user
from tests.games.conftest import play_until, seat_user, start_game

pytestmark = pytest.mark.django_db
ENGINE = get_engine("wizard")


@pytest.fixture
def trick():
    game = start_game([make_user(name) for name in ("ann", "ben", "cy")], engine="wizard")
    game = play_until(game, lambda s: s["round"] == 3 and s["phase"] == "play" and not s["trick"], "round 3")
    return game, game.state["turn"], (game.state["turn"] + 1) % 3


def _url(game) -> str:
    return f"/games/{game.pk}/answers-ahead"


def test_it_lists_the_cases_stores_one_and_plays_it_when_its_case_holds(trick):
    game, leader, second = trick
    api = api_for(seat_user(game, second))
    listed = api.get(_url(game)).json()
    assert listed["cases"] == ENGINE.ahead_cases(game.state, second) and listed["answers"] == []
    led = next(c for c in game.state["hands"][leader] if c.split("-")[0] in ("blue", "green", "red", "yellow"))
    case = next(c for c in listed["cases"] if c["case"] == led.split("-")[0])
    body = {"phase": case["phase"], "case": case["case"], "action": case["moves"][0]}
    stored = api.post(_url(game), body)
    assert stored.status_code == 200 and stored.json()["played_now"] is False
    assert stored.json()["answers"][0]["action"] == case["moves"][0]
    user = seat_user(game, leader)
    do_action(game.pk, leader, {"type": "play", "card": led}, "web", user=user, expected_version=game.version)
    played = Action.objects.filter(game=game, seat=second).latest("seq")
    assert (played.channel, played.payload) == (Action.Channel.AHEAD, case["moves"][0])


def test_it_takes_an_answer_back(trick):
    game, _leader, second = trick
    api = api_for(seat_user(game, second))
    case = api.get(_url(game)).json()["cases"][0]
    api.post(_url(game), {"phase": case["phase"], "case": case["case"], "action": case["moves"][0]})
    taken = api.delete(_url(game), {"phase": case["phase"], "case": case["case"]})
    assert taken.status_code == 200 and taken.json()["dropped"] is True and taken.json()["answers"] == []
    assert not StoredAnswer.objects.exists()


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"phase": "r3:t0", "case": "any", "action": {"type": "play", "card": "nope"}}, 422, "illegal"),
        ({"phase": "r9:t0", "case": "any", "action": {"type": "play", "card": "blue-1"}}, 409, "no_such_case"),
        ({"phase": "r3:t0", "case": "any"}, 400, "malformed"),
        ({"phase": 3, "case": "any", "action": {"type": "play"}}, 400, "malformed"),
        ({"phase": "r3:t0", "case": "any", "action": {"type": "play"}, "extra": 1}, 400, "malformed"),
    ],
)
def test_bad_input_is_refused_with_a_code_and_changes_nothing(trick, body, status, code):
    game, _leader, second = trick
    answer = api_for(seat_user(game, second)).post(_url(game), body)
    assert (answer.status_code, answer.json()["error"]["code"]) == (status, code)
    assert not StoredAnswer.objects.exists()


def test_nobody_else_reads_a_seat_s_answers(trick):
    game, leader, second = trick
    owner = api_for(seat_user(game, second))
    case = owner.get(_url(game)).json()["cases"][0]
    owner.post(_url(game), {"phase": case["phase"], "case": case["case"], "action": case["moves"][0]})
    other = api_for(seat_user(game, leader)).get(_url(game)).json()
    assert other["seat"] == leader and other["answers"] == []
    stranger = api_for(make_user("eve")).get(_url(game))
    assert stranger.status_code == 403 and stranger.json()["error"]["code"] == "not_your_seat"
    detail = api_for(seat_user(game, leader)).get(f"/games/{game.pk}").json()
    assert "answers" not in json.dumps(detail)
