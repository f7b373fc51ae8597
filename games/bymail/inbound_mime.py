"""Reading an inbound mail without trusting it: its sender, its own text, its size.

Everything here returns plain values and never raises on what a sender can
write: unknown or empty charsets, garbage or doubled From headers, NUL bytes
(PostgreSQL refuses them in text columns), attached messages. Only the
message's own body parts are read; a forwarded `message/rfc822` attachment is
someone else's mail, and its text is never taken for the player's.
"""

from __future__ import annotations

import codecs
from email.utils import getaddresses

from django.conf import settings

# Longest text kept in InboundMail.detail and echoed back in a refusal.
DETAIL_CHARS = 2000


def clean(text: str, limit: int | None = None) -> str:
    """Text safe to store: no NUL bytes, at most `limit` characters."""
    text = text.replace("\x00", "")
    if limit is not None and len(text) > limit:
        return text[: limit - 1] + "…"
    return text


def header(message, name: str) -> str:
    try:
        value = message.get(name)
    except Exception:  # noqa: BLE001 - a header the parser cannot decode is no header
        return ""
    return clean(str(value or "")).strip()


def sender(message) -> str:
    """The one address of the From header, or "" when it has none, several, or garbage."""
    try:
        values = [str(value) for value in message.get_all("From") or []]
    except Exception:  # noqa: BLE001
        return ""
    found = [addr for _name, addr in getaddresses(values) if addr]
    if len(found) != 1:
        return ""
    address = clean(found[0]).strip()
    local, at, domain = address.rpartition("@")
    if not at or not local or "." not in domain or any(c.isspace() for c in address) or len(address) > 254:
        return ""
    return address


def max_bytes() -> int:
    return getattr(settings, "INBOUND_MAX_BYTES", 10 * 1024 * 1024)


def size(message) -> int:
    """The encoded size of the message's leaf parts (cheap: no decoding)."""
    total = 0
    for part in message.walk():
        if not part.is_multipart():
            payload = part.get_payload()
            total += len(payload) if isinstance(payload, str | bytes) else 0
    return total


def _own_parts(message):
    """The message's own leaf parts, not descending into attached messages."""
    if message.get_content_maintype() == "message":
        return
    if message.is_multipart():
        for part in message.get_payload():
            yield from _own_parts(part)
    else:
        yield message


def _decoded(part) -> str:
    data = part.get_payload(decode=True) or b""
    charset = part.get_content_charset() or "utf-8"
    try:
        codecs.lookup(charset)
    except LookupError:
        charset = "utf-8"
    return clean(data.decode(charset, errors="replace"))


def body(message, subtype: str) -> str:
    """The first inline text/<subtype> part of the message's own body, decoded leniently."""
    for part in _own_parts(message):
        disposition = (part.get("Content-Disposition") or "").split(";")[0].strip().lower()
        if part.get_content_type() == f"text/{subtype}" and disposition != "attachment":
            return _decoded(part)
    return ""


def malformed(message) -> bool:
    """Structural damage: broken multipart, missing boundaries, no header/body split."""
    try:
        return any(part.defects for part in message.walk())
    except Exception:  # noqa: BLE001
        return True
