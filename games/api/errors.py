"""API errors: a stable `code` for programs, a `message` for people, and the HTTP status."""

from __future__ import annotations

from django.http import JsonResponse
from django.utils.translation import gettext as _

from games.services.errors import ActionRejected

# ActionRejected codes from the services, and the HTTP status each answers with.
SERVICE_STATUS = {
    "no_game": 404,
    "not_your_seat": 403,
    "not_a_bot": 403,  # only the site's bot tasks act as a bot; listed so that every code has a status
    "forbidden": 403,
    "stale": 409,
    "paused": 409,
    "not_running": 409,
    "illegal": 422,
    "no_such_case": 409,  # answers ahead: the game moved on
    "no_answers_ahead": 409,
}


class ApiError(Exception):
    def __init__(self, code: str, message: str, status: int = 400, headers: dict | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.headers = headers or {}

    @classmethod
    def from_rejection(cls, rejected: ActionRejected) -> ApiError:
        return cls(rejected.code, rejected.message, SERVICE_STATUS.get(rejected.code, 400))

    def response(self) -> JsonResponse:
        response = JsonResponse({"error": {"code": self.code, "message": str(self.message)}}, status=self.status)
        for key, value in self.headers.items():
            response[key] = value
        return response


def not_found() -> ApiError:
    return ApiError("not_found", _("There is no such game, or you may not see it."), 404)


def malformed(message: str) -> ApiError:
    return ApiError("malformed", message, 400)
