"""The providers' webhooks (anymail) answer only when they can tell the provider from a forger.

Anymail accepts unauthenticated posts when no `WEBHOOK_SECRET` is set (it only
warns), and an inbound post plays a move: without the shared secret every
`/anymail/` URL answers 404 as if it did not exist. `check --deploy` fails
when a provider is configured without it (see `checks.py`).
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseNotFound

PREFIX = "/anymail/"


def webhooks_enabled() -> bool:
    return bool((getattr(settings, "ANYMAIL", None) or {}).get("WEBHOOK_SECRET"))


class WebhookSecretRequired:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path.startswith(PREFIX) and not webhooks_enabled():
            return HttpResponseNotFound(
                b"Webhooks are off: ANYMAIL_WEBHOOK_SECRET is not set.", content_type="text/plain"
            )
        return self.get_response(request)
