"""Input no view can use is answered 400 before it reaches one.

PostgreSQL text cannot hold a NUL byte: a lookup with one raises instead of finding
nothing, so a NUL anywhere in a path, a query string or a form field is refused here,
once, rather than in every view and form. The inbound webhooks are the exception for
their bodies: a mail may carry NUL bytes, and the inbound code drops them before saving.

Anymail's webhook views for providers this site is not set up for raise configuration
errors, and their parsers raise on payloads that are not what the provider sends; both
are the sender's problem (404 and 400), not a server error.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.core.exceptions import ImproperlyConfigured
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, HttpResponseNotFound, JsonResponse
from django.utils.translation import gettext as _

from wildcards_site.webhooks import PREFIX as WEBHOOK_PREFIX

log = logging.getLogger(__name__)

NUL = "\x00"

# What anymail's parsers raise on a body of the wrong shape (JSON that is a list, a missing key).
MALFORMED_PAYLOAD = (ValueError, KeyError, TypeError, AttributeError, IndexError)


def _has_nul(query) -> bool:
    return any(NUL in key or any(NUL in value for value in values) for key, values in query.lists())


def bad_request(request: HttpRequest, message: str) -> HttpResponse:
    """400 in the format of the place the request was sent to: JSON under /api/, text elsewhere."""
    if request.path.startswith("/api/"):
        return JsonResponse({"error": {"code": "malformed", "message": message}}, status=400)
    return HttpResponseBadRequest(message.encode(), content_type="text/plain; charset=utf-8")


class RefuseNulBytes:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        fields = [request.GET]
        if request.method == "POST" and not request.path.startswith(WEBHOOK_PREFIX):
            # The body first: parsing a multipart form straight from the stream would leave
            # nothing for a view that reads `request.body` (the API's JSON). RequestSizeLimit,
            # before this, has kept it to PAGE_MAX_BYTES.
            request.body  # noqa: B018 - read and kept by the request
            fields.append(request.POST)
        if NUL in request.path or any(_has_nul(query) for query in fields):
            return bad_request(request, _("Bad request: the address or the form contains a NUL character."))
        return self.get_response(request)


class WebhookErrors:
    """Anymail's configuration and parsing errors on /anymail/ answer 404 and 400."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not request.path.startswith(WEBHOOK_PREFIX):
            return None
        if isinstance(exception, ImproperlyConfigured):
            # Anymail's AnymailConfigurationError and AnymailImproperlyInstalled: a provider
            # whose keys (or package) this site does not have. Its webhook does not exist here.
            log.warning("inbound path=%s outcome=not-configured error=%s", request.path, str(exception)[:200])
            return HttpResponseNotFound(b"This provider's webhook is not set up here.", content_type="text/plain")
        if isinstance(exception, MALFORMED_PAYLOAD):
            # Logged with its traceback: the provider may have changed its format.
            log.warning("inbound path=%s outcome=malformed", request.path, exc_info=exception)
            return HttpResponseBadRequest(b"This is not a payload this webhook understands.", content_type="text/plain")
        return None
