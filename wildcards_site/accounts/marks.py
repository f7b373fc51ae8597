"""The bot mark: how a bot account is told apart wherever its name is shown (pages, mails, API).

One place for its words and its markup; the templates use `{% load people %}` (`bot_mark`,
`bot_mark_text`), the mails and seat labels `text_mark`, the API `bot_account`.
"""

from __future__ import annotations

from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from wildcards_site.accounts.models import Profile


def bot_account(value) -> bool:
    """Whether `value` names a bot account: a user, a profile, a seat or a row (`bot_account`
    key), or a bool as it is. A user's profile is read as loaded (select it with the user)."""
    if value is None or value == "":
        return False
    if isinstance(value, bool):
        return value
    if isinstance(value, dict):
        return bool(value.get("bot_account"))
    if isinstance(value, Profile):
        return value.bot_account
    if hasattr(value, "bot_account"):
        return bool(value.bot_account)
    if hasattr(value, "game_id") and hasattr(value, "user_id"):  # a seat
        return value.user_id is not None and bot_account(value.user)
    if getattr(value, "pk", None) is not None and hasattr(value, "username"):
        try:
            return value.profile.bot_account
        except Profile.DoesNotExist:
            return False
    return False


def html_mark(value) -> SafeString:
    """A badge after the name ("bot"), with its meaning for screen readers and a tooltip; "" for a person."""
    if not bot_account(value):
        return SafeString("")
    return format_html(
        ' <span class="bot-account" title="{}"><span aria-hidden="true">{}</span>'
        '<span class="visually-hidden">{}</span></span>',
        _("Bot account: a program plays it"),
        pgettext("bot account mark", "bot"),
        _("(bot account)"),
    )


def text_mark(value) -> str:
    """The same in plain text (" · bot account"), "" for a person. No comma inside: names are
    listed with commas between them."""
    return f" · {_('bot account')}" if bot_account(value) else ""
