"""Game mail is queued as a recipe in the action's transaction and rendered by the worker when it is sent."""

from __future__ import annotations

import re
import time
from unittest import mock

import pytest

from games.engines import get_engine
from games.models import Action
from games.services import do_action
from tests.conftest import make_user, rendered
from tests.games.conftest import seat_user, start_game
from wildcards_site.outbox import recipes
from wildcards_site.outbox.models import OutboxMessage
from wildcards_site.outbox.sending import claim_batch, queue_recipe, send_batch, send_due

Status = OutboxMessage.Status


@pytest.fixture(autouse=True)
def players_away_from_the_table(settings):
    # The players here move in quick succession, as if at the table; the mail they would not get
    # then has its own tests (test_mail_at_the_table.py). Here every mail goes at once.
    settings.GAME_MAIL_GRACE_SECONDS = 0


def _act(game, seat=None):
    engine = get_engine(game.engine)
    game.refresh_from_db()
    seat = engine.to_act(game.state)[0] if seat is None else seat
    action = engine.legal_actions(game.state, seat)[0]
    do_action(game.pk, seat, action, Action.Channel.WEB, user=seat_user(game, seat), expected_version=game.version)
    game.refresh_from_db()


# Signed links carry the second they were signed in, so two renderings a second apart differ there
# and nowhere else; what the mail says is compared with each signed token replaced by a marker.
_SIGNED_TOKEN = re.compile(r"(/mail/(?:unsubscribe|act)/)[^/\s\"'<>]+/")


def _unsigned(message) -> tuple:
    def mask(text: str) -> str:
        return _SIGNED_TOKEN.sub(r"\1<signed>/", text)

    alternatives = [(mask(content), mimetype) for content, mimetype in message.alternatives]
    return message.subject, mask(message.body), alternatives


@pytest.mark.django_db
def test_the_action_stores_a_recipe_not_a_rendered_mail():
    game = start_game([make_user("ann"), make_user("ben")], engine="wildcards")
    row = OutboxMessage.objects.get(to="ann@example.org", key__startswith="turn:")
    assert row.text == "" and row.subject == ""
    assert row.recipe["event"] == "your-turn" and row.recipe["version"] == game.version
    assert "Wild Cards" in rendered(row).subject


@pytest.mark.django_db
def test_a_late_round_results_mail_still_says_what_was_true_when_the_round_ended():
    game = start_game([make_user("ann"), make_user("ben", language="it")], engine="wildcards")
    results = OutboxMessage.objects.filter(key__startswith="results:", to="ben@example.org")
    while not results.exists():
        _act(game)
    recipe = results.get().recipe
    on_time = recipes.build(recipe)
    for _ in range(12):  # well into the next round before the mail goes out
        _act(game)
    assert game.version > recipe["version"]
    with mock.patch("time.time", return_value=time.time() + 5):  # the worker is seconds late: tokens differ
        late = recipes.build(recipe)
    assert _unsigned(late) == _unsigned(on_time)
    assert "/mail/unsubscribe/" in late.body
    assert "Offerte rivelate" in late.body


@pytest.mark.django_db
def test_it_drops_a_turn_mail_whose_turn_was_played_before_it_went_out(mail_server):
    game = start_game([make_user("ann"), make_user("ben")], engine="wildcards")
    _act(game, seat=0)  # a simultaneous bid: seat 1 is still waited for
    delivered = mail_server()
    ann_turn = OutboxMessage.objects.get(key__startswith=f"turn:{game.pk}:0:")
    ben_turn = OutboxMessage.objects.get(key__startswith=f"turn:{game.pk}:1:")
    assert ann_turn.status == Status.DROPPED and ann_turn.text == ""
    assert ben_turn.status == Status.SENT
    assert [str(message["To"]) for message in delivered] == ["ben@example.org"]


@pytest.mark.django_db
def test_a_mail_that_cannot_be_rendered_waits_for_a_retry_and_is_not_lost(caplog):
    queue_recipe("broken:1", "ann@example.org", {"builder": "no-such-builder"})
    assert send_due() == 0
    row = OutboxMessage.objects.get(key="broken:1")
    assert row.status == Status.PENDING and row.attempts == 1
    assert "no-such-builder" in row.last_error
    assert row.next_attempt_at > row.created_at


@pytest.mark.django_db
def test_queueing_the_same_event_twice_keeps_one_mail():
    queue_recipe("same:1", "ann@example.org", {"builder": "game", "event": "your-turn"})
    queue_recipe("same:1", "ann@example.org", {"builder": "game", "event": "your-turn"})
    assert OutboxMessage.objects.filter(key="same:1").count() == 1


@pytest.mark.django_db
def test_a_mail_sent_through_an_anymail_backend_is_recorded_as_sent_with_its_id(settings):
    settings.MAILERS = {"default": {"BACKEND": "anymail.backends.test.EmailBackend"}}
    start_game([make_user("ann"), make_user("ben")], engine="wildcards")
    assert send_due() == 2
    rows = OutboxMessage.objects.filter(key__startswith="turn:")
    assert {row.status for row in rows} == {Status.SENT}
    # anymail's test backend numbers its messages (an int, where providers give strings)
    assert sorted(row.provider_message_id for row in rows) == ["0", "1"]
    assert send_due() == 0  # nothing left claimed to be sent again


@pytest.mark.django_db
def test_a_batch_is_claimed_once_and_in_the_order_it_was_queued():
    for key in ("b:1", "b:2", "b:3"):
        queue_recipe(key, "ann@example.org", {"builder": "game", "event": "game-over"})
    rows = claim_batch(["b:3", "b:1", "b:2"])
    assert [row.key for row in rows] == ["b:3", "b:1", "b:2"]
    assert {row.status for row in OutboxMessage.objects.all()} == {Status.SENDING}
    assert claim_batch(["b:1", "b:2", "b:3"]) == []  # a second worker finds nothing to take


@pytest.mark.django_db
def test_one_batch_of_round_results_loads_the_game_and_its_state_once(django_assert_max_num_queries):
    game = start_game([make_user("ann"), make_user("ben"), make_user("cas")], engine="wildcards")
    results = OutboxMessage.objects.filter(key__startswith=f"results:{game.pk}:1:")
    while not results.exists():
        _act(game)
    for _ in range(3):  # the game moves on: the state at the round's end must be rebuilt from the log
        _act(game)
    rows = claim_batch(list(results.order_by("key").values_list("key", flat=True)))
    assert len(rows) == 3
    # Once for the batch: game, seats, the log for the state at the round's end, the round's actions
    # and the log up to them (its last moves), and where the game belongs (a tournament's table,
    # once per language); then one update per mail (the rendered mail and its outcome together).
    # Loading per mail would cost 13 more.
    with django_assert_max_num_queries(6 + 3):
        assert send_batch(rows) == 3


@pytest.mark.django_db
def test_the_admin_lists_a_mail_waiting_to_be_rendered_by_its_event(client):
    start_game([make_user("ann"), make_user("ben")], engine="wildcards")
    client.force_login(_superuser())
    page = client.get("/admin/outbox/outboxmessage/").content.decode()
    assert "(to be rendered: your-turn)" in page
    assert "ann@example.org" in page


def _superuser():
    from django.contrib.auth.models import User

    return User.objects.create_superuser("root", "root@example.org", "a-long-admin-password")


@pytest.mark.django_db
def test_a_rendered_mail_that_fails_to_send_keeps_its_content_for_the_retry(settings):
    settings.MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {"host": "127.0.0.1", "port": 1},
        }
    }
    start_game([make_user("ann"), make_user("ben")], engine="wildcards")
    assert send_due() == 0
    row = OutboxMessage.objects.get(to="ann@example.org", key__startswith="turn:")
    assert row.status == Status.PENDING and row.attempts == 1 and row.last_error
    assert "Wild Cards" in row.subject and "ann" in row.text.lower()  # what the retry will send, as rendered


@pytest.mark.django_db
def test_a_mail_claimed_by_a_worker_that_died_goes_out_minutes_later_not_ten(mail_server):
    from datetime import timedelta

    from django.utils import timezone

    from wildcards_site.outbox.sending import STALE_CLAIM, queue_mail

    queue_mail("dead:1", "game-over", "ann@example.org", {"game_name": "Wizard #1"})
    rows = claim_batch(["dead:1"])  # a worker claims it, then is killed before sending
    assert [row.key for row in rows] == ["dead:1"]
    assert send_due() == 0  # still held: the worker might just be slow
    assert timedelta(minutes=2) >= STALE_CLAIM
    OutboxMessage.objects.filter(key="dead:1").update(claimed_at=timezone.now() - STALE_CLAIM - timedelta(seconds=1))
    assert send_due() == 1
    assert OutboxMessage.objects.get(key="dead:1").status == Status.SENT
    assert [str(m["To"]) for m in mail_server.inbox.messages] == ["ann@example.org"]
