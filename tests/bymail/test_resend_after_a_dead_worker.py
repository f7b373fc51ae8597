"""A worker killed after the mail server took a mail and before the row says so sends it again:
mail is sent at least once. The second copy carries the first one's Message-ID, so the
recipient's mail service can tell it is the same mail."""

from __future__ import annotations

from datetime import timedelta
from unittest import mock

import pytest
from django.utils import timezone

from tests.bymail.conftest import arrived
from tests.conftest import make_user
from tests.games.conftest import start_game
from wildcards_site.outbox.models import OutboxMessage
from wildcards_site.outbox.sending import STALE_CLAIM, claim_batch, queue_mail, send_claimed, send_due

Status = OutboxMessage.Status


class WorkerKilled(BaseException):
    """SIGKILL: nothing after it runs, not even an `except Exception`."""


def _send_then_die(key: str) -> None:
    [row] = claim_batch([key])
    dies = mock.patch("wildcards_site.outbox.sending.provider_message_id", side_effect=WorkerKilled)
    with dies, pytest.raises(WorkerKilled):
        send_claimed(row)
    assert OutboxMessage.objects.get(key=key).status == Status.SENDING


def _after_the_stale_claim(key: str) -> None:
    OutboxMessage.objects.filter(key=key).update(claimed_at=timezone.now() - STALE_CLAIM - timedelta(seconds=1))


@pytest.mark.django_db
def test_a_mail_without_headers_of_its_own_is_sent_again_with_the_same_message_id(mail_server):
    queue_mail("invite:7", "game-over", "ann@example.org", {"game_name": "Wizard #1"})
    _send_then_die("invite:7")
    _after_the_stale_claim("invite:7")
    assert send_due() == 1

    first, second = arrived(mail_server.inbox.messages, 2)
    assert first["Message-ID"] and first["Message-ID"] == second["Message-ID"]
    assert OutboxMessage.objects.get(key="invite:7").status == Status.SENT


@pytest.mark.django_db
def test_a_game_mail_rendered_at_sending_is_sent_again_with_the_same_message_id(mail_server, settings):
    settings.GAME_MAIL_GRACE_SECONDS = 0
    start_game([make_user("ann"), make_user("ben")], engine="wildcards")
    key = OutboxMessage.objects.get(to="ann@example.org", key__startswith="turn:").key
    _send_then_die(key)
    _after_the_stale_claim(key)
    assert send_due() >= 1

    ann = [message for message in arrived(mail_server.inbox.messages, 3) if str(message["To"]) == "ann@example.org"]
    assert len(ann) == 2
    assert ann[0]["Message-ID"] and ann[0]["Message-ID"] == ann[1]["Message-ID"]


@pytest.mark.django_db
def test_two_mails_never_share_a_message_id(mail_server):
    queue_mail("invite:8", "game-over", "ann@example.org", {"game_name": "Wizard #1"})
    queue_mail("invite:9", "game-over", "ann@example.org", {"game_name": "Wizard #1"})
    assert send_due() == 2

    first, second = arrived(mail_server.inbox.messages, 2)
    assert first["Message-ID"] and second["Message-ID"] and first["Message-ID"] != second["Message-ID"]
