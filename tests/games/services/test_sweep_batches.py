"""The deadline sweep closes games in batches: one transaction, a fixed number of queries a game."""

import logging
from datetime import timedelta

import pytest
from django.conf import settings
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from games.models import Action, Deadline
from games.services import close_games
from games.services import deadlines as deadline_service
from tests.games.conftest import start_game
from wildcards_site.outbox.models import OutboxMessage
from wildcards_site.outbox.sending import collecting, queue_recipe

pytestmark = pytest.mark.django_db
DAY = 86400


def games_overdue(players, count):
    games = [start_game(players, phase_seconds=DAY) for _ in range(count)]
    latest = Deadline.objects.filter(closed_at__isnull=True).order_by("-closes_at").first().closes_at
    return games, latest + timedelta(seconds=1)


def test_a_batch_closes_every_game_in_it_once(players):
    games, moment = games_overdue(players, 4)
    assert close_games([game.pk for game in games], now=moment) == 12
    assert close_games([game.pk for game in games], now=moment) == 0
    assert Action.objects.filter(channel=Action.Channel.TIMEOUT).count() == 12
    assert Deadline.objects.filter(outcome=Deadline.Outcome.TIMEOUT).count() == 12


def test_one_broken_game_is_rolled_back_alone_and_the_others_close(players, monkeypatch, caplog):
    games, moment = games_overdue(players, 3)
    broken = games[1]
    real = deadline_service._play_defaults

    def fails_for_one(game, *args, **kwargs):
        if game.pk == broken.pk:
            raise RuntimeError("a game the engine cannot read")
        return real(game, *args, **kwargs)

    monkeypatch.setattr(deadline_service, "_play_defaults", fails_for_one)
    with caplog.at_level(logging.ERROR, logger="games.services.deadlines"):
        assert close_games([game.pk for game in games], now=moment) == 6
    broken.refresh_from_db()
    assert broken.version == 0
    assert not Action.objects.filter(game=broken).exists()
    assert Deadline.objects.filter(game=broken, closed_at__isnull=True).count() == 3
    assert not OutboxMessage.objects.filter(key__startswith="timeout:").filter(recipe__game=broken.pk).exists()
    for game in (games[0], games[2]):
        assert Action.objects.filter(game=game, channel=Action.Channel.TIMEOUT).count() == 3
    assert f"closing overdue waits of game {broken.pk} failed" in caplog.text


def test_a_batch_costs_the_same_few_queries_for_each_more_game(players):
    def queries_to_close(count):
        games, moment = games_overdue(players, count)
        with CaptureQueriesContext(connection) as captured:
            assert close_games([game.pk for game in games], now=moment) == 3 * count
        return len(captured)

    one, five = queries_to_close(1), queries_to_close(5)
    # A game costs its actions, seats, waits (read, close, open) and its row: 6 statements.
    assert (five - one) / 4 <= 6, (one, five)


def test_mail_queued_in_a_block_that_fails_is_not_stored():
    with pytest.raises(RuntimeError), transaction.atomic(), collecting():
        queue_recipe("turn:1:0:1", "ann@example.org", {"builder": "game"})
        raise RuntimeError("the close failed")
    assert not OutboxMessage.objects.exists()
    with transaction.atomic(), collecting():
        queue_recipe("turn:1:0:1", "ann@example.org", {"builder": "game"})
        queue_recipe("turn:1:0:1", "ann@example.org", {"builder": "game"})
        queue_recipe("turn:1:1:2", "bob@example.org", {"builder": "game"})
        assert not OutboxMessage.objects.exists()  # one INSERT at the end of the block
    assert sorted(OutboxMessage.objects.values_list("key", flat=True)) == ["turn:1:0:1", "turn:1:1:2"]


@pytest.mark.skipif(not settings.CELERY_BROKER_URL.startswith("redis://"), reason="priorities are Redis's")
def test_the_broker_hands_out_deadline_closes_before_mail_queued_earlier(monkeypatch):
    from wildcards_site import queueing
    from wildcards_site.celery import app
    from wildcards_site.outbox import sending

    queue = "wc-test-priorities"

    def to_test_queue(name, args, **options):
        return queueing.queue_task(name, args, queue=queue, **options)

    monkeypatch.setattr(sending, "queue_task", to_test_queue)
    with app.connection_for_write() as conn:
        channel = conn.default_channel
        channel.queue_declare(queue)
        channel.queue_purge(queue)
        for number in range(3):  # three commits that queued mail, as the outbox does
            with transaction.atomic():
                queue_recipe(f"turn:{number}:0:1", "ann@example.org", {"builder": "game"})
            sending._kick()  # the test's transaction never commits: hand the keys over as on_commit would
        to_test_queue("games.tasks.close_overdue_games", ([1, 2],))
        order = []
        while (message := channel.basic_get(queue, no_ack=True)) is not None:
            order.append(message.headers["task"])
        channel.queue_delete(queue)
    assert order == ["games.tasks.close_overdue_games"] + ["wildcards_site.outbox.tasks.send_outbox_keys"] * 3
