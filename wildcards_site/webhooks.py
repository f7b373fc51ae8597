"""The providers' webhooks (anymail) answer only when they can tell the provider from a forger.

Anymail accepts unauthenticated posts when no `WEBHOOK_SECRET` is set (it only
warns), and an inbound post plays a move: without the shared secret every
`/anymail/` URL answers 404 as if it did not exist. `check --deploy` fails
when a provider is configured without it (see `checks.py`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseNotFound, JsonResponse

log = logging.getLogger(__name__)

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


class RequestSizeLimit:
    """Posts larger than their path allows get 413 before anything reads them.

    Django's DATA_UPLOAD_MAX_MEMORY_SIZE is set for the inbound webhooks (a whole
    mail, encoded); pages and the API keep PAGE_MAX_BYTES. Django would answer
    an oversized body with a bare 400 that tells the sender nothing.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        webhook = request.path.startswith(PREFIX)
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE if webhook else settings.PAGE_MAX_BYTES
        if limit is None or length <= limit:
            return self.get_response(request)
        if webhook:
            log.warning("inbound path=%s bytes=%s outcome=too-large", request.path, length)
        message = f"This request is too large ({length} bytes; at most {limit})."
        if request.path.startswith("/api/"):
            return JsonResponse({"error": {"code": "too_large", "message": message}}, status=413)
        return HttpResponse(message.encode(), status=413, content_type="text/plain; charset=utf-8")
