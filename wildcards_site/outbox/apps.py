from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class OutboxConfig(AppConfig):
    name = "wildcards_site.outbox"
    label = "outbox"
    verbose_name = _("Outgoing mail")
