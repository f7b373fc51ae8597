"""anymail tracking webhooks set the outbox rows' sent, bounced and failed states."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json

import pytest
from django.utils import timezone

from tests.bymail.conftest import MAILGUN_KEY, WEBHOOK_SECRET
from wildcards_site.outbox.models import OutboxMessage

AUTH = "Basic " + base64.b64encode(WEBHOOK_SECRET.encode()).decode()


def _row(message_id: str, status=OutboxMessage.Status.SENT) -> OutboxMessage:
    return OutboxMessage.objects.create(
        key=f"k:{message_id}",
        to="alice@example.org",
        subject="s",
        text="t",
        status=status,
        next_attempt_at=timezone.now(),
        provider_message_id=message_id,
    )


def _postmark(client, payload: dict):
    return client.post(
        "/anymail/postmark/tracking/", json.dumps(payload), content_type="application/json", HTTP_AUTHORIZATION=AUTH
    )


@pytest.mark.django_db
def test_a_postmark_hard_bounce_marks_the_row_bounced(client):
    row = _row("883953f4-6105-42a2-a16a-77a8eac79483")
    payload = {
        "RecordType": "Bounce",
        "MessageStream": "outbound",
        "ID": 4323372036854775807,
        "Type": "HardBounce",
        "TypeCode": 1,
        "Name": "Hard bounce",
        "Tag": "",
        "MessageID": "883953f4-6105-42a2-a16a-77a8eac79483",
        "Metadata": {},
        "ServerID": 23,
        "Description": "The server was unable to deliver your message (ex: unknown user, mailbox not found).",
        "Details": "smtp;550 5.1.1 The email account that you tried to reach does not exist.",
        "Email": "alice@example.org",
        "From": "games@wildcards.localhost",
        "BouncedAt": "2026-03-02T10:12:00Z",
        "DumpAvailable": True,
        "Inactive": True,
        "CanActivate": True,
        "Subject": "Your move in Wild Cards #1",
        "Content": "",
    }
    assert _postmark(client, payload).status_code == 200
    row.refresh_from_db()
    assert row.status == OutboxMessage.Status.BOUNCED
    assert "unable to deliver" in row.last_error


@pytest.mark.django_db
def test_a_postmark_delivery_keeps_it_sent_and_never_hides_a_bounce(client):
    sent = _row("00000000-0000-0000-0000-000000000001")
    bounced = _row("00000000-0000-0000-0000-000000000002", OutboxMessage.Status.BOUNCED)
    for message_id in (sent.provider_message_id, bounced.provider_message_id):
        payload = {
            "RecordType": "Delivery",
            "ServerID": 23,
            "MessageStream": "outbound",
            "MessageID": message_id,
            "Recipient": "alice@example.org",
            "Tag": "",
            "DeliveredAt": "2026-03-02T10:10:00Z",
            "Details": "Test delivery webhook details",
            "Metadata": {},
        }
        assert _postmark(client, payload).status_code == 200
    sent.refresh_from_db()
    bounced.refresh_from_db()
    assert sent.status == OutboxMessage.Status.SENT
    assert bounced.status == OutboxMessage.Status.BOUNCED


@pytest.mark.django_db
def test_a_mailgun_permanent_failure_marks_the_row_failed(client):
    row = _row("<20260302101200.1.ABCDEF@mg.wildcards.example>")
    timestamp, token = "1772446320", "a8ce0edb2dd8301dee6c2405235584e45aa91d1e9f979f3de0"
    signature = hmac.new(MAILGUN_KEY.encode(), f"{timestamp}{token}".encode(), hashlib.sha256).hexdigest()
    payload = {
        "signature": {"timestamp": timestamp, "token": token, "signature": signature},
        "event-data": {
            "event": "failed",
            "severity": "permanent",
            "reason": "suppress-bounce",
            "id": "G9Bn5sl1TC6nu79C8C0bwg",
            "timestamp": 1772446320.1,
            "log-level": "error",
            "recipient": "alice@example.org",
            "recipient-domain": "example.org",
            "tags": [],
            "user-variables": {},
            "flags": {"is-routed": False},
            "envelope": {"sender": "games@mg.wildcards.example", "transport": "smtp", "targets": "alice@example.org"},
            "message": {
                "headers": {
                    "to": "alice@example.org",
                    "message-id": "20260302101200.1.ABCDEF@mg.wildcards.example",
                    "from": "games@mg.wildcards.example",
                    "subject": "Your move",
                },
                "attachments": [],
                "size": 111,
            },
            "delivery-status": {
                "code": 605,
                "message": "",
                "description": "Not delivering to previously bounced address",
                "attempt-no": 1,
                "session-seconds": 0.0,
            },
        },
    }
    response = client.post(
        "/anymail/mailgun/tracking/", json.dumps(payload), content_type="application/json", HTTP_AUTHORIZATION=AUTH
    )
    assert response.status_code == 200
    row.refresh_from_db()
    assert row.status in (OutboxMessage.Status.FAILED, OutboxMessage.Status.BOUNCED)


@pytest.mark.django_db
def test_a_webhook_without_the_secret_changes_nothing(client):
    row = _row("00000000-0000-0000-0000-000000000003")
    payload = {
        "RecordType": "Bounce",
        "Type": "HardBounce",
        "MessageID": row.provider_message_id,
        "ID": 1,
        "Email": "alice@example.org",
        "BouncedAt": "2026-03-02T10:12:00Z",
    }
    response = client.post("/anymail/postmark/tracking/", json.dumps(payload), content_type="application/json")
    assert response.status_code in (400, 403)
    row.refresh_from_db()
    assert row.status == OutboxMessage.Status.SENT
