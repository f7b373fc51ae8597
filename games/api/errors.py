"""API errors: a stable `code` for programs, a `message` for people, and the HTTP status."""

from __future__ import annotations

from django.http import JsonResponse
from django.utils.translation import gettext as _

from games.services.errors import ActionRejected

# The API's own codes (the services' are the keys of SERVICE_STATUS).
API_ERROR_CODES = [
    "unauthenticated",
    "invalid_token",
    "rate_limited",
    "method_not_allowed",
    "not_found",
    "malformed",
    "bad_filter",
    "bad_step",
    "not_started",
    "not_finished",
    "no_invitation",
    "server_error",
    "stream_elsewhere",
    "no_streams",
]

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
    # Creating, joining, leaving and inviting (games/services/lobby.py, invitations.py).
    "bad_options": 400,
    "not_open": 409,
    "already_seated": 409,
    "full": 409,
    "private": 403,
    "bad_invitation": 409,
    "not_invited": 404,
    "not_yours": 403,
    "not_seated": 403,
    "no_user": 422,
    "bad_address": 400,
    "already_invited": 409,
    "too_many_invitations": 429,  # the invitee's daily share of unasked mail (unasked.py)
    # Seat offers (games/services/seats.py).
    "no_offer": 404,
    "answered": 409,
    "expired": 409,
    "no_seat": 409,
    "still_playing": 409,
    "bound_seat": 403,
    # Table talk (games/services/talk.py).
    "empty": 400,
    "too_long": 400,
    "cancelled": 409,
    "too_fast": 429,
    # Tournaments (tournaments/services/registration.py).
    "closed": 409,
    "already_registered": 409,
    "removed": 403,
    "organiser": 409,
    "organised": 403,
    "invitation_only": 403,
    "bot_accounts_not_allowed": 403,
    "rating_too_low": 403,
    "unreliable": 403,
    "started": 409,
    "not_registered": 409,
}
# Refusals that are a limit in time: when to try again (talk's burst is counted over a minute).
RETRY_AFTER = {"too_fast": 60}


class ApiError(Exception):
    def __init__(self, code: str, message: str, status: int = 400, headers: dict | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.headers = headers or {}

    @classmethod
    def from_rejection(cls, rejected: ActionRejected) -> ApiError:
        retry = RETRY_AFTER.get(rejected.code)
        headers = {"Retry-After": str(retry)} if retry else None
        return cls(rejected.code, rejected.message, SERVICE_STATUS.get(rejected.code, 400), headers)

    def response(self) -> JsonResponse:
        response = JsonResponse({"error": {"code": self.code, "message": str(self.message)}}, status=self.status)
        for key, value in self.headers.items():
            response[key] = value
        return response


def not_found() -> ApiError:
    return ApiError("not_found", _("There is no such game, or you may not see it."), 404)


def malformed(message: str) -> ApiError:
    return ApiError("malformed", message, 400)
