"""What tournaments add to the games' pages (registered in `tournaments.apps`)."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from games.sections import GameLink, PlayerSection
from tournaments.models import Entry, Table

SHOWN = 10


def tournaments_block(person, viewer) -> PlayerSection | None:
    """The player's latest tournaments with their place, linking to all of them: one query."""
    entries = list(
        Entry.objects.filter(user=person).select_related("tournament").order_by("-tournament__created_at")[: SHOWN + 1]
    )
    if not entries:
        return None
    return PlayerSection(
        "tournaments/_games_player_section.html",
        {"entries": entries[:SHOWN], "more": len(entries) > SHOWN, "person": person},
    )


def table_links(games) -> dict:
    """Each tournament table links back to its tournament, naming its round and table: one query."""
    tables = Table.objects.filter(game__in=[game.pk for game in games]).select_related("round__tournament")
    return {
        table.game_id: GameLink(
            _("Round %(round)s, table %(table)s of %(tournament)s")
            % {"round": table.round.number, "table": table.number, "tournament": table.round.tournament.name},
            reverse("tournaments:detail", args=[table.round.tournament_id]),
        )
        for table in tables
    }
