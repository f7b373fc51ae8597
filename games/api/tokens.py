"""Issuing and revoking a person's API tokens."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.api.models import ApiToken
from games.services.errors import ActionRejected

MAX_LIVE_TOKENS = 10


def do_issue_api_token(user, name: str) -> tuple[ApiToken, str]:
    """A new token for `user`; the clear token is returned once and only its hash is kept."""
    name = name.strip()
    if not name:
        raise ActionRejected("bad_name", _("Give the token a name, such as the bot or program that will use it."))
    if ApiToken.objects.filter(user=user, revoked_at__isnull=True).count() >= MAX_LIVE_TOKENS:
        raise ActionRejected("too_many", _("You have %(count)s tokens; revoke one first.") % {"count": MAX_LIVE_TOKENS})
    return ApiToken.issue(user, name[:60])


def do_revoke_api_token(user, token_id: int) -> None:
    token = ApiToken.objects.filter(pk=token_id, user=user, revoked_at__isnull=True).first()
    if token is None:
        raise ActionRejected("no_token", _("You have no such live token."))
    token.revoke()
