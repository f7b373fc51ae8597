from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ByMailConfig(AppConfig):
    name = "games.bymail"
    label = "bymail"
    verbose_name = _("Play by mail")

    def ready(self) -> None:
        # Connect anymail's inbound and tracking signals, register the game mail builders and
        # the reader of a reply's moves.
        from games.bymail import (  # noqa: F401
            ahead_lines,
            commands,
            delegate_lines,
            mails,
            mails_ahead,
            mails_replies,
            receivers,
            talk_lines,
        )
        from games.services import reply_lines

        reply_lines.register(commands.MoveReader())
        reply_lines.register(ahead_lines.AheadReader())
        reply_lines.register(talk_lines.TalkReader())
        reply_lines.register(delegate_lines.DelegateReader())
