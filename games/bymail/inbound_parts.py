"""Reading what an inbound mail says, whatever shape it arrives in, without ever raising.

Real mail carries unknown charsets, From headers that are garbage or only a name,
two From addresses, NUL bytes, forwarded messages attached whole, and bodies of
many megabytes. Each reader here answers with what can be used ("" when nothing
can), so that the mail ends in one recorded outcome instead of a traceback.
"""

from __future__ import annotations

import re
from email.utils import getaddresses

from django.conf import settings

# What is stored of a mail, and echoed back of a line, is capped: a 5 MB first line
# must not be copied into the database or into the answer.
DETAIL_LIMIT = 2000
ECHO_LIMIT = 120

_ADDRESS = re.compile(r"[^@\s<>\"(),;:]+@[^@\s<>\"(),;:]+\.[^@\s<>\"(),;:]+")


def clean(text: object, limit: int | None = None) -> str:
    """Text safe to store: NUL bytes removed (PostgreSQL refuses them), at most `limit` characters."""
    value = str(text or "").replace("\x00", "")
    return value if limit is None or len(value) <= limit else value[: limit - 1] + "…"


def header(message, name: str) -> str:
    try:
        return clean(message.get(name) or "")
    except Exception:  # noqa: BLE001 - a header that cannot even be decoded says nothing
        return ""


def usable_sender(message) -> str:
    """The one address in From; "" when there is none, several, or only a display name or garbage."""
    try:
        values = message.get_all("From") or []
        if len(values) != 1:
            return ""
        addresses = [address for _name, address in getaddresses([str(values[0])]) if address]
    except Exception:  # noqa: BLE001
        return ""
    if len(addresses) != 1 or not _ADDRESS.fullmatch(addresses[0]):
        return ""
    return clean(addresses[0], 254)


def _decoded(part) -> str:
    payload = part.get_payload(decode=True) or b""
    if isinstance(payload, str):
        return payload
    charset = part.get_content_charset() or "utf-8"
    try:
        return payload.decode(charset, errors="replace")
    except LookupError:  # an unknown or empty charset: read it as UTF-8, replacing what does not fit
        return payload.decode("utf-8", errors="replace")


def bodies(message) -> tuple[str, bool]:
    """(the message's own plain text, whether it has an HTML body).

    Only the message's own body is read: a message attached to it (a forwarded
    mail, `message/rfc822`) is an attachment, never a move.
    """
    try:
        plain = message.get_body(preferencelist=("plain",))
    except Exception:  # noqa: BLE001
        plain = None
    if plain is not None and plain.get_content_type() == "text/plain":
        return clean(_decoded(plain)), False
    try:
        html = message.get_body(preferencelist=("html",))
    except Exception:  # noqa: BLE001
        html = None
    return "", html is not None


def too_large(size: int | None) -> bool:
    return size is not None and size > settings.INBOUND_MAX_BYTES


def head_only(raw: bytes) -> bytes:
    """The headers of a raw message, for one too large to read whole."""
    for separator in (b"\r\n\r\n", b"\n\n"):
        end = raw.find(separator, 0, 256 * 1024)
        if end >= 0:
            return raw[: end + len(separator)]
    return raw[: 64 * 1024] + b"\r\n\r\n"
