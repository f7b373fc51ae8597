from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from django.db.models.signals import post_save

        from games.models import Game
        from tournaments.signals import on_game_saved

        post_save.connect(on_game_saved, sender=Game, dispatch_uid="tournaments.on_game_saved")
