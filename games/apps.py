from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")

    def ready(self) -> None:
        # The API's answers ahead add their paths to the hand-written OpenAPI document.
        from games.api.openapi import register_paths
        from games.api.views_ahead import openapi_paths

        register_paths(openapi_paths)
