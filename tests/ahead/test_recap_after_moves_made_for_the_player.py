"""A move made for a player while away (answered ahead, by their delegate, by the timeout) is
not one they saw the table for: "Since your last move" in the next turn mail, and "Since your
last look" on the table, still tell what the others did before it (a player found their own
answered-ahead bid and the bid before it missing from the next mail)."""

from __future__ import annotations

import pytest

from games.bymail.mail_context import turn_context
from games.engines import get_engine
from games.models import Action, Deadline, Seat
from games.presenters.wizard.table import card_name
from games.services import do_action
from games.services.ahead import do_answer_ahead
from games.services.looks import look_baseline
from tests.conftest import make_user
from tests.games.conftest import play_until, seat_user, start_game

ENGINE = get_engine("wizard")
SUITS = ("blue", "green", "red", "yellow")


@pytest.fixture
def trick(db):
    game = start_game([make_user(name) for name in ("ann", "ben", "cy")], engine="wizard")
    game = play_until(game, lambda s: s["round"] == 3 and s["phase"] == "play" and not s["trick"], "round 3")
    leader = game.state["turn"]
    return game, leader, (leader + 1) % 3, (leader + 2) % 3


def _play(game, seat, card):
    user = seat_user(game, seat)
    do_action(game.pk, seat, {"type": "play", "card": card}, "web", user=user, expected_version=game.version)
    game.refresh_from_db()
    return game


def _first_trick_with_the_second_answered_ahead(trick):
    game, leader, second, third = trick
    led = next(card for card in game.state["hands"][leader] if card.split("-")[0] in SUITS)
    case = next(c for c in ENGINE.ahead_cases(game.state, second) if c["case"] == led.split("-")[0])
    do_answer_ahead(game.pk, seat_user(game, second), "r3:t0", case["case"], case["moves"][0], "web")
    game = _play(game, leader, led)
    assert game.actions.order_by("-seq").first().channel == Action.Channel.AHEAD
    third_card = ENGINE.legal_actions(game.state, third)[0]["card"]
    game = _play(game, third, third_card)
    return game, led, third_card


def test_the_next_turn_mail_tells_the_card_led_before_a_card_played_ahead(trick):
    game, leader, second, _third = trick
    game, led, third_card = _first_trick_with_the_second_answered_ahead(trick)
    game = play_until(game, lambda s: ENGINE.to_act(s) == [second], "the second seat's next turn")
    seat = Seat.objects.get(game=game, position=second)
    wait = Deadline.objects.get(game=game, seat=second, closed_at__isnull=True)
    told = "\n".join(turn_context(game, seat, wait)["recap"].lines)
    assert card_name(led) in told and card_name(third_card) in told, told


def test_the_table_counts_from_before_a_card_played_ahead(trick):
    game, leader, second, _third = trick
    before = game.version
    game, _led, _third_card = _first_trick_with_the_second_answered_ahead(trick)
    assert look_baseline(Seat.objects.get(game=game, position=second)) <= before
