"""Migration 0016 rebuilds the cached state of Wild Cards games stored before `known` was
recorded, so that a game under way goes on knowing what its replay knows."""

from importlib import import_module

import pytest
from django.apps import apps

from games.history.replay import verify
from games.models import Game
from tests.conftest import make_user
from tests.games.conftest import play_until_a_card_is_known, start_game

pytestmark = pytest.mark.django_db
migration = import_module("games.migrations.0016_wildcards_known_cards")


def _stored_before_the_change(game: Game) -> dict:
    old = {key: value for key, value in game.state.items() if key != "known"}
    Game.objects.filter(pk=game.pk).update(state=old)
    return old


def test_it_rebuilds_a_game_stored_without_known_cards_from_its_log():
    game = play_until_a_card_is_known(start_game([make_user(n) for n in ("lia", "leo2", "lou")], engine="wildcards"))
    known = game.state["known"]
    _stored_before_the_change(game)
    game.refresh_from_db()
    assert verify(game) == ["the cached state differs from the state rebuilt from the log"]
    migration.rebuild_wildcards_states(apps, None)
    game.refresh_from_db()
    assert game.state["known"] == known and any(known)
    assert verify(game) == []


def test_it_leaves_a_state_that_differs_otherwise_as_it_is():
    game = play_until_a_card_is_known(start_game([make_user(n) for n in ("mia", "max", "mo")], engine="wildcards"))
    old = _stored_before_the_change(game)
    odd = {**old, "tokens": [9, 9, 9]}  # not what the log gives: someone should look, not a migration
    Game.objects.filter(pk=game.pk).update(state=odd)
    migration.rebuild_wildcards_states(apps, None)
    game.refresh_from_db()
    assert game.state == odd
