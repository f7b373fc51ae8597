"""How a person or a bot account is named on a page: `{{ user|bot_mark }}` after a name adds the
bot mark for a bot account (a user, profile, seat, a row with `bot_account`, or a bool), nothing
for a person; `bot_mark_text` is the same for plain-text mails. See `accounts/marks.py`."""

from __future__ import annotations

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString

from wildcards_site.accounts import marks

register = template.Library()


@register.filter
def bot_mark(value) -> SafeString:
    return marks.html_mark(value)


@register.filter
def bot_mark_text(value) -> str:
    return marks.text_mark(value)


@register.filter
def named(user) -> SafeString:
    """A user's name with the bot mark, escaped, for a sentence: `{% blocktranslate with name=user|named %}`."""
    if user is None:
        return SafeString("")
    return conditional_escape(user.profile.name) + marks.html_mark(user)
