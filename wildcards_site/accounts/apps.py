from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "wildcards_site.accounts"
    label = "accounts"
    verbose_name = _("Accounts")

    def ready(self):
        from wildcards_site.accounts import signals  # noqa: F401
