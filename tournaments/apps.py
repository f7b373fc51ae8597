from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from games.api.openapi import register_paths
        from games.permissions import (
            register_competitor_check,
            register_management_hook,
            register_organiser_check,
        )
        from games.sections import (
            register_game_links,
            register_invitations,
            register_player_section,
            register_resign_note,
            register_seat_notes,
            register_table_section,
        )
        from games.signals import game_finished
        from tournaments.api.openapi import openapi_paths
        from tournaments.bot_accounts import rated_play_refusal, tournament_refusal
        from tournaments.pages.sections import table_links, tournament_invitations, tournaments_block
        from tournaments.permissions import competes_at_table, organises_table, record_staff_at_table
        from tournaments.ratings.receivers import rate_finished_game
        from tournaments.ratings.sections import (
            new_to_ratings_notice,
            rating_notes,
            ratings_block,
            resign_voids,
            unrated_notice,
        )
        from tournaments.signals import advance_on_finished_game
        from wildcards_site.accounts.bot_accounts import register_bot_account_check

        game_finished.connect(rate_finished_game, dispatch_uid="tournaments.rate_finished_game")
        game_finished.connect(advance_on_finished_game, dispatch_uid="tournaments.advance_on_finished_game")
        register_organiser_check(organises_table)
        register_competitor_check(competes_at_table)
        register_management_hook(record_staff_at_table)
        register_seat_notes(rating_notes)
        register_player_section(ratings_block)
        register_table_section(unrated_notice)
        register_table_section(new_to_ratings_notice)
        register_resign_note(resign_voids)
        register_player_section(tournaments_block)
        register_game_links(table_links)
        register_invitations(tournament_invitations)
        register_paths(openapi_paths)
        register_bot_account_check(rated_play_refusal)
        register_bot_account_check(tournament_refusal)
