"""The outbox sends a batch over one connection to the mail server, and a connection lost
on one mail does not fail the mails after it."""

from __future__ import annotations

import time

import pytest
from aiosmtpd.controller import Controller

from tests.bymail.conftest import _free_port
from wildcards_site.outbox.models import OutboxMessage
from wildcards_site.outbox.sending import queue_mail, send_due

Status = OutboxMessage.Status


class Server:
    """Takes every mail but those it is told to refuse, closing the connection (421) for those."""

    def __init__(self, refuse: set[int] = frozenset()):
        self.peers: list[tuple] = []
        self.refuse = refuse
        self.offered = 0

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's hook name
        self.offered += 1
        if self.offered in self.refuse:
            return "421 closing the connection"
        self.peers.append(session.peer)
        return "250 OK"


@pytest.fixture
def server(settings, request):
    handler = Server(getattr(request, "param", set()))
    controller = Controller(handler, hostname="127.0.0.1", port=_free_port())
    controller.start()
    settings.MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {"host": controller.hostname, "port": controller.port},
        }
    }
    yield handler
    controller.stop()


def _queue(count: int) -> None:
    for number in range(count):
        queue_mail(f"over:{number}", "game-over", f"p{number}@example.org", {"game_name": f"Wizard #{number}"})


def _arrived(handler: Server, count: int) -> list[tuple]:
    deadline = time.monotonic() + 10
    while len(handler.peers) < count and time.monotonic() < deadline:
        time.sleep(0.01)
    return handler.peers


@pytest.mark.django_db
def test_it_sends_a_batch_over_one_connection(server):
    _queue(5)
    assert send_due() == 5
    peers = _arrived(server, 5)
    assert len(peers) == 5 and len(set(peers)) == 1


@pytest.mark.django_db
@pytest.mark.parametrize("server", [{2}], indirect=True)
def test_a_connection_lost_on_one_mail_does_not_fail_the_rest(server):
    _queue(4)
    assert send_due() == 3
    assert len(_arrived(server, 3)) == 3
    refused = OutboxMessage.objects.get(key="over:1")
    assert refused.status == Status.PENDING and "421" in refused.last_error
    assert set(OutboxMessage.objects.exclude(key="over:1").values_list("status", flat=True)) == {Status.SENT}
