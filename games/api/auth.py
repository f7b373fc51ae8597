"""The wrapper every API endpoint goes through: method, token, rate limit, JSON errors.

Only tokens authenticate (never the session cookie), so the API needs no
CSRF protection and a browser page cannot act through it for a visitor.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from datetime import timedelta

from django.conf import settings
from django.http import HttpRequest, JsonResponse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation.trans_real import parse_accept_lang_header
from django.views.decorators.csrf import csrf_exempt
from django_ratelimit.core import is_ratelimited

from games.api.errors import ApiError
from games.api.models import ApiToken
from games.services.errors import ActionRejected
from wildcards_site.accounts.bot_accounts import is_bot_account


def rate_limit(user=None) -> tuple[int, timedelta]:
    """Requests allowed per user per window (settings API_RATE_LIMIT, API_RATE_WINDOW_SECONDS).

    Counted per user in the shared cache, so revoking a token and making a new one
    does not start a fresh allowance. A bot account asks once a move in each of its games,
    beside its streams: it has API_BOT_RATE_LIMIT (600 a minute: ten games at a move a second).
    """
    if is_bot_account(user):
        limit = getattr(settings, "API_BOT_RATE_LIMIT", 600)
    else:
        limit = getattr(settings, "API_RATE_LIMIT", 120)
    window = getattr(settings, "API_RATE_WINDOW_SECONDS", 60)
    return limit, timedelta(seconds=window)


def authenticate(request: HttpRequest) -> ApiToken:
    header = request.headers.get("Authorization", "")
    scheme, _sep, token = header.partition(" ")
    if not header:
        raise ApiError("unauthenticated", _("Send your API token as “Authorization: Bearer <token>”."), 401)
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError("invalid_token", _("The Authorization header must be “Bearer <token>”."), 401)
    found = ApiToken.find(token.strip())
    if found is None or not found.user.is_active:
        raise ApiError("invalid_token", _("This token is unknown or has been revoked."), 401)
    limit, window = rate_limit(found.user)
    found.touch()
    rate = f"{limit}/{int(window.total_seconds())}s"
    owner = str(found.user_id)
    if is_ratelimited(request, group="api", key=lambda _group, _request: owner, rate=rate, increment=True):
        raise ApiError(
            "rate_limited",
            _("Too many requests from your account; wait a minute and try again."),
            429,
            {"Retry-After": str(int(window.total_seconds()))},
        )
    return found


def _language(request: HttpRequest, token: ApiToken | None) -> str:
    """The language of the answer's messages: the one the client asks for (Accept-Language), else
    the token owner's (a script sends no header, and an Italian player's bot would read every
    refusal in English)."""
    if token is None or _asks_for_a_language_offered(request.headers.get("Accept-Language", "")):
        return translation.get_language()
    profile = getattr(token.user, "profile", None)
    return getattr(profile, "language", None) or translation.get_language()


def _asks_for_a_language_offered(header: str) -> bool:
    """True when Accept-Language names a language the site speaks ("*" or "de" alone name none:
    the player's own language answers them, not English)."""
    for code, _quality in parse_accept_lang_header(header):
        if code == "*":
            continue
        try:
            translation.get_supported_language_variant(code)
        except LookupError:
            continue
        return True
    return False


def endpoint(*methods: str, auth: bool = True) -> Callable:
    """Wrap an API view: `view(request, token, **kwargs) -> dict | JsonResponse`."""

    def wrap(view: Callable) -> Callable:
        @csrf_exempt
        @functools.wraps(view)
        def wrapped(request: HttpRequest, **kwargs) -> JsonResponse:
            language = translation.get_language()  # the request's, until the token names its player
            try:
                if request.method not in methods:
                    raise ApiError(
                        "method_not_allowed",
                        _("Use %(methods)s here.") % {"methods": ", ".join(methods)},
                        405,
                        {"Allow": ", ".join(methods)},
                    )
                token = authenticate(request) if auth else None
                language = _language(request, token)
                with translation.override(language):
                    answer = view(request, token, **kwargs)
                    response = answer if isinstance(answer, JsonResponse) else JsonResponse(answer)
            except ActionRejected as rejected:
                response = ApiError.from_rejection(rejected).response()
            except ApiError as error:
                response = error.response()
            # The language the messages were written in (LocaleMiddleware would name the request's).
            response["Content-Language"] = language
            return response

        return wrapped

    return wrap
