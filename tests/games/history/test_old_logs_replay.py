"""A Wild Cards log stored before the engine refused moves with keys of their own still replays:
migration 0013 keeps only each move's own keys (else the replay page fails)."""

from importlib import import_module

import pytest
from django.apps import apps
from django.urls import reverse

from games.engines import get_engine
from games.models import Action
from games.services import do_action
from tests.conftest import make_user
from tests.games.conftest import start_game

pytestmark = pytest.mark.django_db
migration = import_module("games.migrations.0013_wildcards_action_keys")


def test_a_move_stored_with_a_key_of_its_own_replays_after_the_migration(client):
    alice, bruno = make_user("alice"), make_user("bruno")
    game = start_game([alice, bruno], engine="wildcards")
    engine = get_engine("wildcards")
    seat = engine.to_act(game.state)[0]
    action = dict(engine.legal_actions(game.state, seat)[0])
    user = game.seats.get(position=seat).user
    do_action(game.pk, seat, action, "web", user=user, expected_version=game.version)
    Action.objects.filter(game=game, seq=0).update(payload=action | {"note": "hi"})  # as stored before

    migration.keep_the_actions_own_keys(apps, None)

    assert Action.objects.get(game=game, seq=0).payload == action
    client.force_login(alice)
    assert client.get(reverse("games:replay_step", args=[game.pk, 1])).status_code == 200
