"""No backscatter: refusals go only to registered players, at their registered address, quoting no stranger."""

from __future__ import annotations

from datetime import timedelta

import pytest
from anymail.inbound import AnymailInboundMessage
from django.utils import timezone

from games.bymail.inbound import receive
from games.bymail.mails_replies import REFUSALS_AN_HOUR
from games.bymail.models import InboundMail
from tests.bymail.conftest import post_mailgun, post_postmark, reply_mime, text_of
from tests.conftest import make_user
from tests.games.conftest import start_game
from wildcards_site.outbox.models import OutboxMessage

FORGED = "Authentication-Results: mx.wildcards.example; spf=fail; dkim=none; dmarc=fail\r\n"
SPAM_SUBJECT = "WIN A PRIZE at http://spam.example"


@pytest.fixture
def table(db, mail_server):
    game = start_game([make_user("alice"), make_user("bruno")], engine="wildcards")
    mails = {str(m["To"]): m for m in mail_server()}
    return game, mails["alice@example.org"], mail_server


def _with_subject(raw: bytes, subject: str) -> bytes:
    head, sep, body = raw.partition(b"\n\n")
    lines = [line for line in head.split(b"\n") if not line.startswith(b"Subject:")]
    return b"\n".join([*lines, b"Subject: " + subject.encode()]) + sep + body


def test_a_stranger_without_a_token_gets_no_mail(client, table):
    game, original, deliver = table
    stray = reply_mime(original, "victim@example.net", "hello", to="games@wildcards.localhost")
    raw = _with_subject(stray, SPAM_SUBJECT)
    assert post_postmark(client, raw).status_code == 200
    assert InboundMail.objects.get().outcome == "no_token"
    assert not OutboxMessage.objects.filter(key__startswith="inbound:").exists()
    assert deliver() == []


def test_authenticity_is_checked_before_the_token(client, table):
    game, original, deliver = table
    raw = FORGED.encode() + reply_mime(original, "victim@example.net", "hello", to="games@wildcards.localhost")
    assert post_mailgun(client, raw).status_code == 200
    assert InboundMail.objects.get().outcome == "forged_sender"
    assert deliver() == []


def test_a_forged_mail_from_a_players_address_is_answered_there_without_its_subject(client, table):
    game, original, deliver = table
    raw = FORGED.encode() + _with_subject(reply_mime(original, "ALICE@example.org", "bid refill"), SPAM_SUBJECT)
    assert post_postmark(client, raw).status_code == 200
    assert InboundMail.objects.get().outcome == "forged_sender"
    [answer] = deliver()
    assert str(answer["To"]) == "alice@example.org"  # the registered spelling, not the claimed one
    assert "spam.example" not in str(answer["Subject"]) and "spam.example" not in text_of(answer)


def _forged_from(address: str, number: int) -> AnymailInboundMessage:
    raw = (
        f"{FORGED}From: {address}\r\nTo: play@wildcards.localhost\r\n"
        f"Message-ID: <spoof-{number}@attacker.example>\r\nSubject: hello\r\n\r\nbid refill\r\n"
    )
    return AnymailInboundMessage.parse_raw_mime(raw)


def test_forged_mails_in_a_players_name_get_a_few_answers_an_hour_not_one_each(db):
    make_user("victim")
    for number in range(30):
        receive(_forged_from("victim@example.org", number))
    answered = OutboxMessage.objects.filter(to="victim@example.org")
    assert answered.count() == REFUSALS_AN_HOUR
    assert InboundMail.objects.filter(outcome="forged_sender").count() == 30  # each one still recorded
    # An hour later the player is answered again.
    InboundMail.objects.update(received_at=timezone.now() - timedelta(minutes=61))
    receive(_forged_from("victim@example.org", 31))
    assert answered.count() == REFUSALS_AN_HOUR + 1


def test_refusals_to_others_do_not_use_up_a_players_answers(db):
    make_user("victim"), make_user("other")
    for number in range(REFUSALS_AN_HOUR):
        receive(_forged_from("other@example.org", number))
    receive(_forged_from("victim@example.org", 99))
    assert OutboxMessage.objects.filter(to="victim@example.org").count() == 1


def test_the_players_own_replies_are_answered_after_strangers_used_up_the_hours_answers(client, table):
    # After five refusals in an hour (a typo, replies to old mails) the player's own next
    # mistakes get no answer: the fifth says so.
    from games.bymail.mails_replies import OWN_REFUSALS_AN_HOUR

    game, original, deliver = table
    for number in range(REFUSALS_AN_HOUR + 3):
        receive(_forged_from("alice@example.org", number))
    for _ in range(3):
        assert post_postmark(client, reply_mime(original, "alice@example.org", "bid a unicorn")).status_code == 200
    own = InboundMail.objects.filter(outcome="unknown_command")
    assert own.count() == 3
    answered = OutboxMessage.objects.filter(to="alice@example.org", key__startswith="inbound:")
    assert answered.count() == REFUSALS_AN_HOUR + 3  # five to the forgeries, one to each own reply
    # Her own mistakes are answered up to a limit of their own, and the last answer says so.
    for _ in range(OWN_REFUSALS_AN_HOUR):
        post_postmark(client, reply_mime(original, "alice@example.org", "bid a unicorn"))
    assert answered.count() == OWN_REFUSALS_AN_HOUR
    texts = [text_of(message) for message in deliver() if str(message["To"]) == "alice@example.org"]
    warned = [text for text in texts if "more mails that change nothing will not be answered" in text]
    assert len(warned) == 2  # the last answer to a stranger's mail, and the last to her own
