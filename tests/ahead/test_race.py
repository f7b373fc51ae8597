"""The leader's card and a follower's answer ahead for that very case arriving at once: one
outcome whichever wins the lock, the follower's card played once (PostgreSQL's row lock)."""

import pytest
from django.db import connection  # noqa: F401 - read by skipif

from games.ahead.models import StoredAnswer
from games.engines import get_engine
from games.models import Action, Game
from games.services import do_action
from games.services.ahead import do_answer_ahead
from games.services.deadlines import sweep_overdue
from tests.conftest import make_user
from tests.games.conftest import play_until, seat_user, start_game
from tests.racing import race, raised

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif("connection.vendor != 'postgresql'", reason="row locks need PostgreSQL"),
]
ENGINE = get_engine("wizard")
SUITS = ("blue", "green", "red", "yellow")


def _trick():
    game = start_game([make_user(name) for name in ("ann", "ben", "cy")], engine="wizard")
    game = play_until(game, lambda s: s["round"] == 3 and s["phase"] == "play" and not s["trick"], "round 3")
    leader = game.state["turn"]
    second = (leader + 1) % 3
    led = next(c for c in game.state["hands"][leader] if c.split("-")[0] in SUITS)
    case = next(c for c in ENGINE.ahead_cases(game.state, second) if c["case"] == led.split("-")[0])
    return game, leader, second, led, case


@pytest.mark.parametrize("repeat", range(4))
def test_the_leader_s_card_and_a_follower_s_answer_at_once_give_one_outcome(repeat):
    game, leader, second, led, case = _trick()
    answer = case["moves"][0]
    leader_user, second_user = seat_user(game, leader), seat_user(game, second)
    version = game.version
    results = race(
        [
            lambda: do_action(
                game.pk, leader, {"type": "play", "card": led}, "web", user=leader_user, expected_version=version
            ),
            lambda: do_answer_ahead(game.pk, second_user, case["phase"], case["case"], answer, "email_reply"),
            # A duplicate delivery of the same answer, and the sweep, at the same moment.
            lambda: do_answer_ahead(game.pk, second_user, case["phase"], case["case"], answer, "email_reply"),
            lambda: sweep_overdue(),
        ]
    )
    errors = [error for error in raised(results) if getattr(error, "code", "") not in ("stale", "not_your_turn")]
    game = Game.objects.get(pk=game.pk)
    mine = list(Action.objects.filter(game=game, seat=second, seq__gte=version))
    # The follower's card played exactly once, whichever order the lock took them in.
    assert [a.payload for a in mine] == [answer], (results, errors)
    assert game.state["trick"][:2] == [[leader, led], [second, answer["card"]]]
    assert not StoredAnswer.objects.filter(game=game, phase=case["phase"], seat=second).exists()
    # A duplicate that came after the card was played finds its case over: refused, nothing changed.
    assert all(getattr(error, "code", "") == "no_such_case" for error in errors), errors
