"""Answers ahead in Emu Ranchers: the next turn stored while the other plays, kept while legal
and while the card it takes is still on top; a stale one is dropped with why, never played."""

from __future__ import annotations

import pytest

from games.ahead.models import StoredAnswer
from games.engines import get_engine
from games.models import Action, Deadline
from games.services import do_action
from games.services.ahead import do_answer_ahead
from tests.conftest import make_user
from tests.games.conftest import seat_user, start_game

pytestmark = pytest.mark.django_db
ENGINE = get_engine("emu_ranchers")


def _game():
    game = start_game([make_user("ann"), make_user("ben")], engine="emu_ranchers")
    # A few turns in, with a card on the discard pile.
    while not game.state["discard"] or game.state["turn_number"] < 4:
        seat = ENGINE.to_act(game.state)[0]
        legal = ENGINE.legal_actions(game.state, seat)
        action = next((a for a in legal if a["type"] == "discard"), legal[0])
        do_action(game.pk, seat, action, "web", user=seat_user(game, seat), expected_version=game.version)
        game.refresh_from_db()
    return game


def test_a_next_turn_from_the_deck_is_played_the_moment_the_other_has_played(db):
    game = _game()
    mover = ENGINE.to_act(game.state)[0]
    waiting = 1 - mover
    case = next(c for c in ENGINE.ahead_cases(game.state, waiting) if c["case"] == "any")
    answer = case["moves"][0]
    do_answer_ahead(game.pk, seat_user(game, waiting), case["phase"], "any", answer, "web")
    action = ENGINE.legal_actions(game.state, mover)[0]
    do_action(game.pk, mover, action, "web", user=seat_user(game, mover), expected_version=game.version)
    game.refresh_from_db()
    last = Action.objects.filter(game=game).latest("seq")
    assert (last.seat, last.payload, last.channel) == (waiting, answer, Action.Channel.AHEAD)
    assert not Deadline.objects.filter(game=game, seat=waiting, closed_at__isnull=True).exists()


def test_a_turn_that_takes_a_card_covered_meanwhile_is_dropped_with_why_and_the_seat_asked(db):
    game = _game()
    mover = ENGINE.to_act(game.state)[0]
    waiting = 1 - mover
    top = game.state["discard"][-1]
    case = next(c for c in ENGINE.ahead_cases(game.state, waiting) if c["case"] == f"top:{top}")
    assert case["moves"], "the fixed deal offers a turn that takes the discard pile's top"
    do_answer_ahead(game.pk, seat_user(game, waiting), case["phase"], case["case"], case["moves"][0], "web")
    # The other player covers it.
    cover = next(a for a in ENGINE.legal_actions(game.state, mover) if a["type"] == "discard")
    do_action(game.pk, mover, cover, "web", user=seat_user(game, mover), expected_version=game.version)
    game.refresh_from_db()
    assert ENGINE.to_act(game.state) == [waiting]
    assert Deadline.objects.filter(game=game, seat=waiting, closed_at__isnull=True).exists()
    (answer,) = StoredAnswer.objects.filter(game=game, seat=waiting)
    assert answer.status == StoredAnswer.Status.DROPPED
    assert "is no longer on top of the discard pile" in answer.reason["template"]
    assert not Action.objects.filter(game=game, channel=Action.Channel.AHEAD).exists()


def test_the_table_offers_the_next_turn_and_says_why_a_stale_one_was_not_played(client):
    game = _game()
    mover = ENGINE.to_act(game.state)[0]
    waiting = 1 - mover
    client.force_login(seat_user(game, waiting))
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Your next turn, as you would play it now" in page and "still on top of the discard pile" in page
