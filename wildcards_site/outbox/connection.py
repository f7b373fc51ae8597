"""One connection to the mail server or provider for a batch of mail, opened anew when it may
have gone stale: servers drop a session left idle (while a heavy mail is built) and some cap the
mails a session may carry."""

from __future__ import annotations

import contextlib
import time

from django.core.mail import EmailMessage, mailers

REOPEN_IDLE_SECONDS = 20.0
REOPEN_AFTER_MAILS = 100


class BatchConnection:
    def __init__(self) -> None:
        self.connection = mailers.create_connection("default")
        self.used_at: float | None = None
        self.sent = 0

    def send(self, message: EmailMessage) -> int:
        """Send one message; the number the mailer took (0: none, though it raised nothing)."""
        idle = self.used_at is not None and time.monotonic() - self.used_at > REOPEN_IDLE_SECONDS
        if idle or self.sent >= REOPEN_AFTER_MAILS:
            self.close()
        try:
            self.connection.open()  # nothing while it is open
            taken = self.connection.send_messages([message])
        except Exception:
            self.close()  # the next mail opens a fresh one
            raise
        self.used_at = time.monotonic()
        self.sent += 1
        return taken or 0

    def close(self) -> None:
        with contextlib.suppress(Exception):  # closing a connection the server dropped
            self.connection.close()
        self.used_at, self.sent = None, 0
