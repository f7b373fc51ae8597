from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ByMailConfig(AppConfig):
    name = "games.bymail"
    label = "bymail"
    verbose_name = _("Play by mail")

    def ready(self) -> None:
        # Connect anymail's inbound and tracking signals, register the game mail builders, the
        # mailer the services queue mail through and the readers of a reply's lines.
        from games.bymail import (  # noqa: F401
            ahead_lines,
            commands,
            delegate_lines,
            mailer,
            mails,
            mails_ahead,
            mails_replies,
            receivers,
            talk_lines,
        )
        from games.services import notify, reply_lines

        notify.register_mailer(mailer)
        reply_lines.register(commands.MoveReader())
        reply_lines.register(ahead_lines.AheadReader())
        reply_lines.register(talk_lines.TalkReader())
        reply_lines.register(delegate_lines.DelegateReader())
