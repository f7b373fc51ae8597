"""What ratings add to the games' pages (registered in `tournaments.apps`): notes and a player block."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.models import Game
from games.sections import PlayerSection, SeatNote
from tournaments.ratings import leaderboards
from tournaments.ratings.models import RatingChange
from tournaments.ratings.pools import pool_title


def rating_notes(games: list[Game]) -> dict[tuple[int, int], list[SeatNote]]:
    """Each rated player's rating after a finished game, and its change: one query for a page."""
    finished = [game.pk for game in games if game.status == Game.Status.FINISHED]
    if not finished:
        return {}
    rows = RatingChange.objects.filter(game_id__in=finished).values_list("game_id", "player_id", "after", "delta")
    title = _("Rating after this game, and its change")
    return {
        (game_id, player_id): [
            SeatNote(
                text=f"{after:.0f}",
                change=f"{delta:+.0f}",
                title=title,
                rising=None if round(delta) == 0 else delta > 0,
            )
        ]
        for game_id, player_id, after, delta in rows
    }


def ratings_block(person, viewer) -> PlayerSection | None:
    """The player's rating and place per game, linking to their ratings page: two queries."""
    ratings = leaderboards.ratings_with_positions(person)
    if not ratings:
        return None
    for rating in ratings:
        rating.title = pool_title(rating.pool)
    return PlayerSection("ratings/_games_player_section.html", {"ratings": ratings, "person": person})
