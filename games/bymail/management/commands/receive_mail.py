"""Read one mail as raw MIME on standard input and act on it (for a self-hosted mail server).

Postfix, for example: `play: "|/srv/wildcards/.venv/bin/python manage.py receive_mail --recipient ${recipient}"`
with `recipient_delimiter = +`.
"""

from __future__ import annotations

import sys

from anymail.inbound import AnymailInboundMessage
from django.conf import settings
from django.core.management.base import BaseCommand

from games.bymail.inbound import receive
from games.bymail.inbound_parts import head_only, too_large


class Command(BaseCommand):
    help = "Act on one inbound mail read as raw MIME from standard input."

    def add_arguments(self, parser):
        parser.add_argument("--recipient", default="", help="the envelope recipient, when the MTA passes it")
        parser.add_argument("--sender", default="", help="the envelope sender, when the MTA passes it")

    def handle(self, *args, recipient: str = "", sender: str = "", **options):
        raw = sys.stdin.buffer.read(settings.INBOUND_MAX_BYTES + 1)
        size = len(raw) + (len(sys.stdin.buffer.read()) if len(raw) > settings.INBOUND_MAX_BYTES else 0)
        # Too large a mail is refused from its headers: its body is never parsed.
        message = AnymailInboundMessage.parse_raw_mime_bytes(head_only(raw) if too_large(size) else raw)
        message.envelope_recipient = recipient or None
        message.envelope_sender = sender or None
        record = receive(message, size=size)
        if record is None:
            self.stdout.write("duplicate: already processed")
        else:
            self.stdout.write(f"{record.outcome}: {record.detail}".strip())
