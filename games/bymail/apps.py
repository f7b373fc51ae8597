from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ByMailConfig(AppConfig):
    name = "games.bymail"
    label = "bymail"
    verbose_name = _("Play by mail")

    def ready(self) -> None:
        # Connect anymail's inbound and tracking signals.
        from games.bymail import receivers  # noqa: F401
