"""Read one mail as raw MIME on standard input and act on it (for a self-hosted mail server).

Postfix, for example: `play: "|/srv/wildcards/.venv/bin/python manage.py receive_mail --recipient ${recipient}"`
with `recipient_delimiter = +`.
"""

from __future__ import annotations

import sys

from anymail.inbound import AnymailInboundMessage
from django.core.management.base import BaseCommand

from games.bymail import inbound_mime
from games.bymail.inbound import receive

# How much of an oversized mail is parsed: its header, to know whom to answer.
HEAD_BYTES = 64 * 1024


class Command(BaseCommand):
    help = "Act on one inbound mail read as raw MIME from standard input."

    def add_arguments(self, parser):
        parser.add_argument("--recipient", default="", help="the envelope recipient, when the MTA passes it")
        parser.add_argument("--sender", default="", help="the envelope sender, when the MTA passes it")

    def handle(self, *args, recipient: str = "", sender: str = "", **options):
        stream = sys.stdin.buffer
        limit = inbound_mime.max_bytes()
        raw = stream.read(limit + 1)
        too_large = len(raw) > limit
        if too_large:
            # Refused early: only the header is parsed, the rest is drained without being kept.
            head = raw[:HEAD_BYTES]
            end = min((i for i in (head.find(b"\r\n\r\n"), head.find(b"\n\n")) if i >= 0), default=len(head))
            raw = head[:end] + b"\r\n\r\n"
            while stream.read(1024 * 1024):
                pass
        message = AnymailInboundMessage.parse_raw_mime_bytes(raw)
        message.envelope_recipient = recipient or None
        message.envelope_sender = sender or None
        record = receive(message, too_large=too_large)
        if record is None:
            self.stdout.write("duplicate: already processed")
        else:
            self.stdout.write(f"{record.outcome}: {record.detail}".strip())
