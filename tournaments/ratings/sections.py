"""What ratings add to the games' pages (registered in `tournaments.apps`): notes and a player block."""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.models import Action, Game, Seat
from games.sections import PlayerSection, SeatNote
from tournaments.ratings import fair_play, leaderboards
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


def unrated_notice(game: Game, viewer) -> PlayerSection | None:
    """On a finished rated game that a player's early quit voided (fair_play.py), why it was not
    rated: otherwise the winner just sees no rating change. One query, only for such a game."""
    if game.status != Game.Status.FINISHED or not game.rated or not fair_play.is_aborted(game.pk):
        return None
    return PlayerSection("ratings/_game_not_rated.html", {"moves": settings.RATING_ABORT_MOVES})


def resign_voids(game: Game, seat: Seat) -> str:
    """The resign question's warning, for a player of a rated game who has made fewer moves of
    their own than RATING_ABORT_MOVES: resigning now voids the rating for everyone. A substitute's
    quit voids nothing (docs/organisers.md, "Ratings")."""
    enough = settings.RATING_ABORT_MOVES
    if not game.rated or not game.is_live or seat.user_id is None or seat.substitute:
        return ""
    if Action.own_moves(game.pk, seat.user_id) >= enough:
        return ""
    return ngettext(
        "Resigning now voids the rating of this game for everyone: you have made fewer than %(moves)s move "
        "of your own.",
        "Resigning now voids the rating of this game for everyone: you have made fewer than %(moves)s moves "
        "of your own.",
        enough,
    ) % {"moves": enough}
