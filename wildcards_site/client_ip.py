"""The visitor's address that throttles count by (django-axes and django-ratelimit).

Behind a reverse proxy (`BEHIND_PROXY=1`) every request comes from the proxy: counting
by REMOTE_ADDR would let ten wrong passwords from anyone lock every visitor out. The
proxy appends the address it saw to X-Forwarded-For, so the last entry is the one to
trust (earlier ones are whatever the visitor wrote). Without a proxy the header is
ignored, so a visitor cannot escape a limit by writing it.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest


def _valid(address: str) -> str | None:
    try:
        return str(ipaddress.ip_address(address.strip()))
    except ValueError:
        return None


def client_ip(request: HttpRequest) -> str:
    if settings.BEHIND_PROXY:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")[-1]
        address = _valid(forwarded)
        if address:
            return address
    # A Unix socket leaves REMOTE_ADDR empty: one shared address then, never a server error.
    return _valid(request.META.get("REMOTE_ADDR") or "") or "0.0.0.0"
