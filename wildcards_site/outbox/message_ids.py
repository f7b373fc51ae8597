"""Every outbox mail's Message-ID, fixed by its key: a mail sent again is recognisably the same mail."""

from __future__ import annotations

import hashlib
from email.utils import parseaddr

from django.conf import settings


def reply_domain() -> str:
    """The domain replies go to: MAIL_REPLY_DOMAIN, else the sender's."""
    configured = getattr(settings, "MAIL_REPLY_DOMAIN", "")
    return configured or parseaddr(settings.DEFAULT_FROM_EMAIL)[1].rpartition("@")[2] or "localhost"


def mail_domain() -> str:
    """The site's host, for Message-IDs and thread roots."""
    return settings.SITE_URL.split("://", 1)[-1].split("/")[0].split(":")[0] or reply_domain()


def message_id(key: str) -> str:
    digest = hashlib.sha256(key.encode()).hexdigest()[:24]
    return f"<{digest}@{mail_domain()}>"


def with_message_id(key: str, headers: dict | None) -> dict:
    """`headers`, with the Message-ID of `key` unless they name one already."""
    headers = dict(headers or {})
    if not any(name.lower() == "message-id" for name in headers):
        headers["Message-ID"] = message_id(key)
    return headers
