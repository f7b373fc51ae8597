"""Every API answer is JSON, an unexpected error too, whatever DEBUG says.

`handler500` already answers JSON under /api/ in production; with DEBUG on (the README's
`scripts/run`) Django would show its HTML debug page instead, which a program cannot read.
"""

from __future__ import annotations

import logging

from django.http import HttpRequest, JsonResponse

from wildcards_site.views import server_error

log = logging.getLogger("django.request")


class ApiErrorsAsJson:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest):
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> JsonResponse | None:
        if not request.path.startswith("/api/"):
            return None
        log.error("Internal Server Error: %s", request.path, exc_info=exception, extra={"request": request})
        return server_error(request)
