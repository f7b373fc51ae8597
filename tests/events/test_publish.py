"""When a table's events are written: once a transaction, after it commits, never for a rollback."""

from __future__ import annotations

import json

import pytest
from django.db import transaction

from games.events import store, topics
from games.models import Game, TableMessage
from games.services import do_create_game, do_join
from games.services.lobby import TimeControl
from tests.conftest import make_user


@pytest.fixture
def game(transactional_db):
    alice, bob = make_user("alice"), make_user("bob")
    game = do_create_game(alice, "cubirds", 2, {}, time_control=TimeControl(), seed="publish")
    do_join(game.pk, bob)
    return Game.objects.get(pk=game.pk)


def watched(game: Game) -> list[dict]:
    return [json.loads(fields[b"d"]) for _id, fields in store.client().xrange(store.key(topics.watch(game.pk)))]


def test_a_change_rolled_back_writes_nothing_and_the_next_one_is_still_written(game):
    before = len(watched(game))
    with transaction.atomic():
        try:
            with transaction.atomic():
                TableMessage.objects.create(game=game, user=game.seats.first().user, text="never said")
                raise RuntimeError
        except RuntimeError:
            pass
        assert len(watched(game)) == before, "nothing is written before the commit"
        TableMessage.objects.create(game=game, user=game.seats.first().user, text="said")
    events = watched(game)[before:]
    assert [[line["text"] for line in event["talk"]] for event in events] == [["said"]]


def test_many_saves_in_one_transaction_make_one_event(game):
    before = len(watched(game))
    with transaction.atomic():
        for text in ("one", "two", "three"):
            TableMessage.objects.create(game=game, user=game.seats.first().user, text=text)
            game.save()
    events = watched(game)[before:]
    assert [[line["text"] for line in event["talk"]] for event in events] == [["one", "two", "three"]]


def test_a_save_that_changes_nothing_anyone_sees_writes_nothing(game):
    before = len(watched(game))
    game.save()
    assert len(watched(game)) == before


@pytest.fixture
def redis_gone(settings):
    """Events pointed at a port where no Redis listens."""
    settings.EVENTS_REDIS_URL = "redis://127.0.0.1:1/0"
    store.client.cache_clear()
    store._append_script.cache_clear()
    yield
    store.client.cache_clear()
    store._append_script.cache_clear()
    store._resting_until = 0.0


def test_moves_are_stored_when_redis_is_gone_and_it_is_not_asked_again_at_each_move(game, redis_gone):
    import random

    from games.engines import get_engine
    from games.services import do_action

    engine = get_engine("cubirds")
    rng = random.Random(1)
    for _ in range(3):
        game.refresh_from_db()
        seat = engine.to_act(game.state)[0]
        action = rng.choice(engine.legal_actions(game.state, seat))
        user = game.seats.get(position=seat).user
        do_action(game.pk, seat, action, "api", user=user, expected_version=game.version)
        # After the first failure the events rest, so a move does not wait on a dead Redis.
        assert not store.enabled()
    game.refresh_from_db()
    assert game.version == 3 and game.actions.count() == 3
