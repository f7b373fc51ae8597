"""Bot accounts: an account its owner's program plays through the API, upgraded once and for good.

The accounts stand below the games and the tournaments, so what those know against an upgrade
(a rated game played, a tournament entered that takes no bots) is registered here by them when
the site starts (`tournaments.apps`), as a check that answers why not, or "".
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import transaction
from django.utils.translation import gettext as _

from wildcards_site.accounts.models import Profile, profile_for

# user -> why the account may not become a bot account, or ""
BotAccountCheck = Callable[[object], str]

_checks: list[BotAccountCheck] = []


class BotAccountRefused(Exception):
    """The upgrade was refused; nothing was changed. `message` is for the player."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def register_bot_account_check(check: BotAccountCheck) -> None:
    if check not in _checks:
        _checks.append(check)


def is_bot_account(user) -> bool:
    """Whether `user` (a user, or None) is a bot account; its profile read as loaded."""
    if user is None or getattr(user, "pk", None) is None:
        return False
    return profile_for(user).bot_account


def bot_account_refusal(user) -> str:
    """Why `user` could not become a bot account now ("" if they could): the settings page says
    so instead of offering a button that fails."""
    if profile_for(user).bot_account:
        return _("This account is a bot account already.")
    for check in _checks:
        reason = check(user)
        if reason:
            return reason
    return ""


def do_become_bot_account(user) -> Profile:
    """Make `user` a bot account, for good; refused (changing nothing) where a check says why not."""
    profile_for(user)
    with transaction.atomic():
        # Locked: two presses at once upgrade once, and no check runs beside another upgrade.
        profile = Profile.objects.select_for_update().get(user=user)
        if profile.bot_account:
            raise BotAccountRefused(_("This account is a bot account already."))
        for check in _checks:
            reason = check(user)
            if reason:
                raise BotAccountRefused(reason)
        profile.bot_account = True
        profile.save(update_fields=["bot_account"])
    user.profile = profile
    return profile
