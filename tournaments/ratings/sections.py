"""What ratings add to the games' pages (registered in `tournaments.apps`): notes and a player block."""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.bymail.game_over_ratings import whole
from games.models import Action, Game, Seat
from games.sections import PlayerSection, SeatNote
from tournaments.ratings import fair_play, leaderboards
from tournaments.ratings.models import RatingChange
from tournaments.ratings.pools import pool_title
from tournaments.ratings.services import players_rated
from wildcards_site.accounts.models import Profile
from wildcards_site.wording import names_list


def rating_notes(games: list[Game]) -> dict[tuple[int, int], list[SeatNote]]:
    """Each rated player's rating after a finished game, and its change: one query for a page."""
    finished = [game.pk for game in games if game.status == Game.Status.FINISHED]
    if not finished:
        return {}
    rows = RatingChange.objects.filter(game_id__in=finished).values_list("game_id", "player_id", "before", "after")
    title = _("Rating after this game, and its change")
    # The change between the two whole ratings, as the game-over mail gives it: "1519 → 1539
    # (+20)" there, never "1539 +19" here, the change (19.4) rounded on its own.
    return {
        (game_id, player_id): [
            SeatNote(
                text=str(whole(after)),
                change=f"{whole(after) - whole(before):+d}",
                title=title,
                rising=None if whole(after) == whole(before) else after > before,
            )
        ]
        for game_id, player_id, before, after in rows
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
    """On a finished rated game, whom its rating leaves out for quitting early (fair_play.py) and
    why, or that it counts for nobody when fewer than two who played are left: otherwise a player
    just sees no rating change. A few small queries for a finished rated game (`players_rated`)."""
    if game.status != Game.Status.FINISHED or not game.rated:
        return None
    players, quitters = players_rated(game)
    if not quitters:
        return None
    void = len(players) < 2
    names = sorted(Profile.objects.filter(user_id__in=quitters).values_list("display_name", "user__username"))
    return PlayerSection(
        "ratings/_game_not_rated.html",
        {
            "moves": settings.RATING_ABORT_MOVES,
            "void": void,
            "names": names_list([display or username for display, username in names]),
        },
    )


def new_to_ratings_notice(game: Game, viewer) -> PlayerSection | None:
    """On a finished rated game where established players met players new to ratings, who was
    new and that results against them moved only their own ratings (elo.counts_for): otherwise
    an established winner just sees "+0". One small query for a finished rated game."""
    if game.status != Game.Status.FINISHED or not game.rated:
        return None
    established, new = fair_play.new_to_ratings(game.pk)
    if not established or not new:
        return None
    names = sorted(Profile.objects.filter(user_id__in=new).values_list("display_name", "user__username"))
    return PlayerSection(
        "ratings/_game_new_to_ratings.html",
        {
            "names": names_list([display or username for display, username in names]),
            "rules": leaderboards.rules(),
        },
    )


def resign_voids(game: Game, seat: Seat) -> str:
    """The resign question's warning, for a player of a rated game who has made fewer moves of
    their own than RATING_ABORT_MOVES: resigning now leaves them out of the rating, and at a table
    of two it voids the rating for both. A substitute's quit changes nothing (docs/organisers.md,
    "Ratings")."""
    enough = settings.RATING_ABORT_MOVES
    if not game.rated or not game.is_live or seat.user_id is None or seat.substitute:
        return ""
    if Action.own_moves(game.pk, seat.user_id) >= enough:
        return ""
    others = game.seats.filter(user__isnull=False, substitute=False).exclude(pk=seat.pk).count()
    if others >= 2:  # the others are rated among themselves (fair_play.py)
        return ngettext(
            "Resigning now leaves you out of this game's rating: you have made fewer than %(moves)s move of your "
            "own. The others are rated among themselves.",
            "Resigning now leaves you out of this game's rating: you have made fewer than %(moves)s moves of your "
            "own. The others are rated among themselves.",
            enough,
        ) % {"moves": enough}
    return ngettext(
        "Resigning now voids the rating of this game for everyone: you have made fewer than %(moves)s move "
        "of your own.",
        "Resigning now voids the rating of this game for everyone: you have made fewer than %(moves)s moves "
        "of your own.",
        enough,
    ) % {"moves": enough}
