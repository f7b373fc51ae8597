from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ByMailConfig(AppConfig):
    name = "games.bymail"
    label = "bymail"
    verbose_name = _("Play by mail")

    def ready(self) -> None:
        # Connect anymail's inbound and tracking signals, and register the game mail builder.
        from games.bymail import mails, receivers  # noqa: F401
