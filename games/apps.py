from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")

    def ready(self) -> None:
        # The API's lobby and answers ahead add their paths to the hand-written OpenAPI document.
        from games.api import openapi_lobby, openapi_stream, views_ahead
        from games.api.openapi import register_paths

        register_paths(openapi_lobby.openapi_paths)
        register_paths(views_ahead.openapi_paths)
        register_paths(openapi_stream.openapi_paths)

        # Events for API clients follow every committed change of a table.
        from games.events import receivers

        receivers.connect()
