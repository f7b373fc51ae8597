"""What tournaments add to the games' pages (registered in `tournaments.apps`)."""

from __future__ import annotations

from games.sections import PlayerSection
from tournaments.models import Entry

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
