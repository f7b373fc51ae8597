"""The table's "Since your last look" does not count a forced move as the player's own move, or
the cards the others played before it would never be told (`games/services/looks.look_baseline`,
as the mail recap's games/bymail/mail_context.py `_since_last_move`)."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.engines import get_engine
from games.models import Action
from games.presenters.wizard.table import card_name
from games.services import do_action
from tests.conftest import make_user
from tests.games.conftest import seat_user, start_game

pytestmark = pytest.mark.django_db


def _act(game, seat, action):
    do_action(game.pk, seat, dict(action), "web", user=seat_user(game, seat), expected_version=game.version)
    game.refresh_from_db()
    return game


def _to_round_two_play(game):
    engine = get_engine("wizard")
    while not (game.state["round"] == 2 and game.state["phase"] == "play"):
        seat = engine.to_act(game.state)[0]
        if game.state["phase"] == "choose_trump":
            game = _act(game, seat, {"type": "choose_trump", "suit": "red"})
        else:
            game = _act(game, seat, {"type": "bid", "bid": 0})
    return game


def test_the_table_recap_tells_the_cards_played_before_a_forced_last_card():
    users = [make_user(name, display_name=name.title()) for name in ("ann", "bob", "cid")]
    game = start_game(users, engine="wizard")
    engine = get_engine("wizard")
    game = _to_round_two_play(game)
    leader = engine.to_act(game.state)[0]
    client = Client()
    client.force_login(seat_user(game, leader))
    game = _act(game, leader, engine.legal_actions(game.state, leader)[0])
    client.get(reverse("games:table", args=[game.pk]))  # the leader looks after their card
    others = []
    for _ in range(2):
        seat = engine.to_act(game.state)[0]
        card = engine.legal_actions(game.state, seat)[0]["card"]
        others.append(card)
        game = _act(game, seat, {"type": "play", "card": card})
    assert game.state["round"] == 3  # the last trick played itself
    forced = game.actions.filter(channel=Action.Channel.FORCED, seat=leader).order_by("-seq").first()
    assert forced is not None  # the leader's last card was made for them
    page = client.get(reverse("games:table", args=[game.pk])).content.decode()
    match = re.search(r'<section[^>]* id="since-last-look".*?</section>', page, re.S)
    recap = match.group(0) if match else ""
    for card in others:
        # What the other two played in the first trick, after the leader last saw the table.
        assert f"played {card_name(card)}." in recap, recap
