from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AheadConfig(AppConfig):
    name = "games.ahead"
    label = "ahead"
    verbose_name = _("Answers ahead")
