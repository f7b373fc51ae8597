"""A turn mail lists a reply command once, though two moves share it (two alike cards): the reply
takes either. The Eagle's holder, who bid two Savannah 2, reads "keep
Savannah 2" once."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from types import SimpleNamespace

import pytest

from games.bymail import mail_context
from games.engines import get_engine
from games.engines.wildcards.cards import HABITAT, VALUE
from tests.conftest import make_user
from tests.games.conftest import start_game

ENGINE = get_engine("wildcards")


def _eagle_with_two_alike_cards() -> dict:
    for seed in range(300):
        rng = random.Random(seed)
        state = ENGINE.new_game(3, seed, ENGINE.validate_options(3, {"edition": "2022"}))
        while not ENGINE.is_over(state):
            if state["phase"] == "eagle":
                cards = [action["card"] for action in ENGINE.legal_actions(state, state["to_act"][0])]
                kinds = {(HABITAT[card], VALUE[card]) for card in cards if isinstance(card, int)}
                if len(cards) == 2 and len(kinds) == 1:
                    return state
            actor = rng.choice(ENGINE.to_act(state))
            state = ENGINE.apply(state, actor, rng.choice(ENGINE.legal_actions(state, actor)))
    raise AssertionError("no Eagle holder with two alike cards in 300 games")


@pytest.mark.django_db
def test_the_eagle_s_choice_between_two_alike_cards_is_listed_once():
    game = start_game([make_user("ann"), make_user("ben"), make_user("cy")], engine="wildcards")
    game.state = _eagle_with_two_alike_cards()
    holder = game.state["to_act"][0]
    seat = game.seats.get(position=holder)
    wait = SimpleNamespace(pk=1, closes_at=datetime(2026, 11, 28, tzinfo=UTC))
    moves = mail_context.turn_context(game, seat, wait)["moves"]
    phrases = [move["phrase"] for move in moves]
    assert len(phrases) == 1 and phrases[0].startswith("keep "), phrases
