"""A real SMTP server in the test process, and mail in and out the way providers deliver it."""

from __future__ import annotations

import base64
import email
import hashlib
import hmac
import html
import json
import re
import socket
import time
from email.message import EmailMessage
from email.policy import default as default_policy
from email.utils import make_msgid

import pytest
from aiosmtpd.controller import Controller

from wildcards_site.outbox.sending import send_due

WEBHOOK_SECRET = "hook:secret-for-tests"
MAILGUN_KEY = "key-mailgun-signing-for-tests"


class Inbox:
    """Collects every message the SMTP server accepts, as parsed mail."""

    def __init__(self):
        self.messages: list[email.message.EmailMessage] = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's hook name
        message = email.message_from_bytes(envelope.content, policy=default_policy)
        message["X-Envelope-To"] = ",".join(envelope.rcpt_tos)
        self.messages.append(message)
        return "250 OK"


def arrived(items: list, count: int, seconds: float = 10) -> list:
    """`items` once it holds `count` (the SMTP server's thread appends to it), or as it is after `seconds`."""
    deadline = time.monotonic() + seconds
    while len(items) < count and time.monotonic() < deadline:
        time.sleep(0.01)
    return items


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def smtp():
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=_free_port())
    controller.start()
    try:
        yield inbox, controller
    finally:
        controller.stop()


@pytest.fixture
def mail_server(smtp, settings):
    """Send the outbox through SMTP to the in-process server; `deliver()` returns what arrived."""
    inbox, controller = smtp
    settings.MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {"host": controller.hostname, "port": controller.port},
        }
    }
    settings.ANYMAIL = {"WEBHOOK_SECRET": WEBHOOK_SECRET, "MAILGUN_WEBHOOK_SIGNING_KEY": MAILGUN_KEY}

    def deliver() -> list:
        seen = len(inbox.messages)
        expected = send_due()
        return arrived(inbox.messages, seen + expected)[seen:]

    deliver.inbox = inbox
    return deliver


@pytest.fixture(autouse=True)
def webhook_settings(settings):
    settings.ANYMAIL = {"WEBHOOK_SECRET": WEBHOOK_SECRET, "MAILGUN_WEBHOOK_SIGNING_KEY": MAILGUN_KEY}


def text_of(message) -> str:
    part = message.get_body(preferencelist=("plain",))
    return part.get_content() if part is not None else ""


def html_of(message) -> str:
    part = message.get_body(preferencelist=("html",))
    return part.get_content() if part is not None else ""


def listed_moves(message) -> list[str]:
    """The reply commands a game mail offers, as its HTML shows them."""
    return [html.unescape(found) for found in re.findall(r"<code>(.*?)</code>", html_of(message))]


def reply_mime(original, sender: str, body: str, *, html_only: bool = False, to: str | None = None) -> bytes:
    """A reply as a mail client writes it: the answer on top, the original quoted below."""
    reply = EmailMessage()
    reply["From"] = sender
    reply["To"] = to or original["Reply-To"]
    reply["Subject"] = "Re: " + str(original["Subject"])
    reply["Message-ID"] = make_msgid(domain="mail.example.org")
    reply["In-Reply-To"] = original["Message-ID"]
    reply["Date"] = "Tue, 3 Mar 2026 10:00:00 +0100"
    quoted = "\n".join("> " + line for line in text_of(original).splitlines())
    text = f"{body}\n\nOn Tue, 3 Mar 2026 at 09:00, Wildcards <games@wildcards.localhost> wrote:\n{quoted}\n"
    if html_only:
        reply.set_content(f"<html><body><p>{html.escape(body)}</p></body></html>", subtype="html")
    else:
        reply.set_content(text)
    return reply.as_bytes()


def _lenient_content(part) -> str:
    """A part's text as Postmark would give it, even in a charset Python does not know."""
    if part is None:
        return ""
    try:
        return part.get_content()
    except LookupError:
        return (part.get_payload(decode=True) or b"").decode("utf-8", "replace")


def postmark_payload(raw: bytes) -> dict:
    """Postmark's inbound webhook JSON (with "Include raw email content" on), fields as Postmark sends them."""
    message = email.message_from_bytes(raw, policy=default_policy)
    sender = email.utils.parseaddr(str(message["From"]))
    to = email.utils.parseaddr(str(message["To"]))
    text = message.get_body(preferencelist=("plain",))
    body_html = message.get_body(preferencelist=("html",))
    local, _at, domain = to[1].partition("@")
    mailbox_hash = local.partition("+")[2]
    return {
        "FromName": sender[0],
        "MessageStream": "inbound",
        "From": sender[1],
        "FromFull": {"Email": sender[1], "Name": sender[0], "MailboxHash": ""},
        "To": str(message["To"]),
        "ToFull": [{"Email": to[1], "Name": to[0], "MailboxHash": mailbox_hash}],
        "Cc": "",
        "CcFull": [],
        "Bcc": "",
        "BccFull": [],
        "OriginalRecipient": to[1],
        "Subject": str(message["Subject"]),
        "MessageID": "73e6d360-66eb-11e1-8e72-a8904824019b",
        "ReplyTo": "",
        "MailboxHash": mailbox_hash,
        "Date": str(message["Date"]),
        "TextBody": _lenient_content(text),
        "HtmlBody": body_html.get_content() if body_html is not None else "",
        "StrippedTextReply": "",
        "Tag": "",
        "Headers": [
            {"Name": "Return-Path", "Value": f"<{sender[1]}>"},
            {"Name": "X-Spam-Status", "Value": "No"},
            {"Name": "X-Spam-Score", "Value": "-0.1"},
            {"Name": "Message-ID", "Value": str(message["Message-ID"])},
        ],
        "Attachments": [],
        "RawEmail": raw.decode("utf-8", "replace"),
    }


def post_postmark(client, raw: bytes):
    auth = "Basic " + base64.b64encode(WEBHOOK_SECRET.encode()).decode()
    return client.post(
        "/anymail/postmark/inbound/",
        data=json.dumps(postmark_payload(raw)),
        content_type="application/json",
        HTTP_AUTHORIZATION=auth,
    )


def mailgun_form(raw: bytes, timestamp: str = "1741000000", token: str | None = None) -> dict:
    """Mailgun's forward() to a URL containing "mime": the raw message plus its signature fields."""
    message = email.message_from_bytes(raw, policy=default_policy)
    token = token or hashlib.sha256(raw).hexdigest()[:50]
    signature = hmac.new(MAILGUN_KEY.encode(), f"{timestamp}{token}".encode(), hashlib.sha256).hexdigest()
    return {
        "recipient": email.utils.parseaddr(str(message["To"]))[1],
        "sender": email.utils.parseaddr(str(message["From"]))[1],
        "from": str(message["From"]),
        "subject": str(message["Subject"]),
        "body-mime": raw.decode("utf-8", "replace"),
        "timestamp": timestamp,
        "token": token,
        "signature": signature,
        "message-headers": json.dumps([[k, str(v)] for k, v in message.items()]),
    }


def post_mailgun(client, raw: bytes):
    auth = "Basic " + base64.b64encode(WEBHOOK_SECRET.encode()).decode()
    return client.post("/anymail/mailgun/inbound_mime/", data=mailgun_form(raw), HTTP_AUTHORIZATION=auth)


@pytest.fixture(scope="session", autouse=True)
def compiled_translations():
    """The mail catalogues compiled, as scripts/_bootstrap.sh does, when pytest runs on its own."""
    import shutil
    import subprocess
    from pathlib import Path

    from django.conf import settings

    for po in Path(settings.BASE_DIR, "locale").glob("*/LC_MESSAGES/django.po"):
        mo = po.with_suffix(".mo")
        if (not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime) and shutil.which("msgfmt"):
            subprocess.run(["msgfmt", "-o", str(mo), str(po)], check=True)


def ahead_mail_in(language: str, game, seat: int, deliver):
    """The seat's answer-ahead mail, asked again after its player's language is set to `language`
    (the first went out before): what that player finds in their mailbox."""
    from games.bymail import mails_ahead
    from wildcards_site.outbox.models import OutboxMessage

    user = game.seats.get(position=seat).user
    user.profile.language = language
    user.profile.save()
    OutboxMessage.objects.filter(key__startswith=f"ahead:{game.pk}:{seat}:").delete()
    mails_ahead.queue(game, list(game.seats.select_related("user")), set)
    return next(m for m in deliver() if m["X-Wildcards-Event"] == "answer-ahead" and str(m["To"]) == user.email)
