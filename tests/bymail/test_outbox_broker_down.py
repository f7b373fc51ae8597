"""With the broker down, actions succeed and mail waits; when it is back, every mail goes out exactly once."""

from __future__ import annotations

import time
from collections import Counter

import pytest
from celery.contrib.testing.worker import start_worker

from games.engines import get_engine
from games.models import Action, Deadline
from games.services import do_action
from tests.conftest import make_user
from tests.games.conftest import seat_user, start_game
from wildcards_site.celery import app
from wildcards_site.outbox.models import OutboxMessage
from wildcards_site.outbox.tasks import send_outbox

PENDING = OutboxMessage.Status.PENDING


def _use_broker(url: str) -> None:
    app.conf.broker_url = url
    app._pool = None  # drop pooled connections to the old broker
    app.amqp._producer_pool = None


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_it_keeps_mail_while_the_broker_is_down_and_sends_each_once_when_it_is_back(mail_server, settings):
    # Every turn mail is due at once, as for players away from the table (the wait for a player who
    # just moved at the table has its own tests: test_mail_at_the_table.py).
    settings.GAME_MAIL_GRACE_SECONDS = 0
    real_broker = app.conf.broker_url
    _use_broker("redis://127.0.0.1:1/0")  # nothing listens there: the broker is stopped
    try:
        users = [make_user(name) for name in ("ann", "ben", "cas")]
        game = start_game(users, engine="wizard")
        engine = get_engine("wizard")
        for _ in range(6):
            game.refresh_from_db()
            seat = engine.to_act(game.state)[0]
            action = engine.legal_actions(game.state, seat)[0]
            user = seat_user(game, seat)
            do_action(game.pk, seat, action, Action.Channel.WEB, user=user, expected_version=game.version)
        game.refresh_from_db()
        assert game.version >= 6
        waiting = OutboxMessage.objects.filter(status=PENDING).count()
        assert waiting >= 6
        assert mail_server.inbox.messages == []
    finally:
        _use_broker(real_broker)

    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
        send_outbox.delay()
        send_outbox.delay()  # a duplicate sweep must not send anything twice
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if not OutboxMessage.objects.filter(status__in=(PENDING, OutboxMessage.Status.SENDING)).exists():
                break
            time.sleep(0.1)
    rows = list(OutboxMessage.objects.all())
    assert len(rows) == waiting
    sent = [row for row in rows if row.status == OutboxMessage.Status.SENT]
    dropped = [row for row in rows if row.status == OutboxMessage.Status.DROPPED]
    assert len(sent) + len(dropped) == len(rows)
    # Only mail that asks for a move is dropped: a turn mail for a turn played before it could go
    # out, an answer-ahead mail for a phase its seat can no longer answer ahead by then.
    for row in dropped:
        if row.key.startswith("turn:"):
            assert Deadline.objects.get(pk=row.recipe["deadline"]).closed_at is not None
        else:
            assert row.key.startswith("ahead:")
            open_now = {case["phase"] for case in engine.ahead_cases(game.state, row.recipe["seat"])}
            assert row.recipe["phase"] not in open_now
    assert sent and any(row.key.startswith("results:") for row in sent)
    time.sleep(0.2)
    arrived = Counter(str(m["Message-ID"]) for m in mail_server.inbox.messages)
    assert len(arrived) == len(sent)
    assert set(arrived.values()) == {1}
