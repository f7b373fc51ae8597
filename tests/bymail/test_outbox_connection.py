"""The outbox sends a batch over one connection to the mail server, and a connection lost
on one mail does not fail the mails after it."""

from __future__ import annotations

import time

import pytest
from aiosmtpd.controller import Controller

from tests.bymail.conftest import _free_port, arrived
from wildcards_site.outbox.models import OutboxMessage
from wildcards_site.outbox.sending import queue_mail, queue_recipe, send_due

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
    """Parametrised with `refuse` (see Server) and `timeout` (seconds a session may idle)."""
    given = getattr(request, "param", {})
    handler = Server(given.get("refuse", set()))
    controller = Controller(handler, hostname="127.0.0.1", port=_free_port(), timeout=given.get("timeout", 300))
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


@pytest.mark.django_db
def test_it_sends_a_batch_over_one_connection(server):
    _queue(5)
    assert send_due() == 5
    peers = arrived(server.peers, 5)
    assert len(peers) == 5 and len(set(peers)) == 1


@pytest.mark.django_db
@pytest.mark.parametrize("server", [{"refuse": {2}}], indirect=True)
def test_a_connection_lost_on_one_mail_does_not_fail_the_rest(server):
    _queue(4)
    assert send_due() == 3
    assert len(arrived(server.peers, 3)) == 3
    refused = OutboxMessage.objects.get(key="over:1")
    assert refused.status == Status.PENDING and "421" in refused.last_error
    assert set(OutboxMessage.objects.exclude(key="over:1").values_list("status", flat=True)) == {Status.SENT}


@pytest.fixture
def slow_recipes(monkeypatch):
    """Recipe rows whose building takes `seconds`, as a batch of heavy game mails does; `built` says when each began."""
    from wildcards_site.emails import make_message
    from wildcards_site.outbox import recipes

    built: list[str] = []
    then: dict = {}  # name -> what to do while that mail is built

    def build(recipe: dict, memo: dict):
        built.append(recipe["name"])
        if recipe.get("seconds"):
            time.sleep(recipe["seconds"])
        if recipe["name"] in then:
            then[recipe["name"]]()
        return make_message("game-over", recipe["to"], {"game_name": recipe["name"]})

    monkeypatch.setitem(recipes._builders, "slow-test", build)

    def queue(name: str, seconds: float = 0, then_do=None) -> None:
        to = f"{name}@example.org"
        queue_recipe(name, to, {"builder": "slow-test", "name": name, "to": to, "seconds": seconds})
        if then_do is not None:
            then[name] = then_do

    queue.built = built
    return queue


@pytest.mark.django_db
@pytest.mark.parametrize("server", [{"timeout": 1}], indirect=True)
def test_a_connection_the_server_dropped_while_a_mail_was_built_is_opened_again(server, slow_recipes, monkeypatch):
    monkeypatch.setattr("wildcards_site.outbox.connection.REOPEN_IDLE_SECONDS", 0.5)
    slow_recipes("first")
    slow_recipes("second", seconds=1.5)
    assert send_due() == 2
    assert len(arrived(server.peers, 2)) == 2
    assert set(OutboxMessage.objects.values_list("status", flat=True)) == {Status.SENT}


@pytest.mark.django_db
def test_it_opens_a_fresh_connection_after_so_many_mails(server, monkeypatch):
    monkeypatch.setattr("wildcards_site.outbox.connection.REOPEN_AFTER_MAILS", 2)
    _queue(5)
    assert send_due() == 5
    peers = arrived(server.peers, 5)
    assert len(set(peers)) == 3


@pytest.mark.django_db
def test_the_mails_waiting_in_a_long_batch_keep_their_claim(server, slow_recipes, monkeypatch):
    from wildcards_site.outbox.sending import claim_batch, send_batch

    monkeypatch.setattr("wildcards_site.outbox.sending.CLAIM_REFRESH_SECONDS", 0)
    seen: list = []
    slow_recipes("one")
    slow_recipes("two", then_do=lambda: seen.append(OutboxMessage.objects.get(key="three").claimed_at))
    slow_recipes("three")
    rows = claim_batch(["one", "two", "three"])
    claimed_at = rows[0].claimed_at
    assert send_batch(rows) == 3
    assert seen and seen[0] > claimed_at  # not left to look like a dead worker's while the batch went on


@pytest.mark.django_db
def test_a_mail_the_mailer_took_nothing_of_is_not_marked_sent(settings):
    settings.MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {"host": "127.0.0.1", "port": _free_port(), "fail_silently": True},
        }
    }
    _queue(1)
    assert send_due() == 0
    row = OutboxMessage.objects.get(key="over:0")
    assert row.status == Status.PENDING and row.last_error and row.sent_at is None
