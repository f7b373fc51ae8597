"""Who stands where: leaderboards and a player's ratings, each in a fixed number of queries."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils import timezone

from games.models import Game, Seat
from tournaments.ratings.fair_play import min_opponents
from tournaments.ratings.models import Rating, RatingChange
from wildcards_site.accounts import marks
from wildcards_site.accounts.models import Profile

PAGE_SIZE = 50
# No leaderboard has 50 million players; the bound keeps the offset a number the database takes.
MAX_PAGE = 1_000_000


def established(pool: str) -> QuerySet[Rating]:
    """Ratings that say something: enough rated games against enough different established players (fair_play)."""
    return Rating.objects.filter(pool=pool, games__gte=settings.LEADERBOARD_MIN_GAMES, opponents__gte=min_opponents())


def rules() -> dict[str, int]:
    """What an established player needs (games, different opponents), a leaderboard's activity
    window, and how old an account must be to count in a founding pool (fair_play.founding)."""
    return {
        "games": settings.LEADERBOARD_MIN_GAMES,
        "opponents": min_opponents(),
        "days": settings.LEADERBOARD_ACTIVE_DAYS,
        "account_days": settings.RATING_FOUNDING_ACCOUNT_DAYS,
    }


def established_rating(player, pool: str) -> float | None:
    """The player's rating if it is established, else None: a rating gate treats them as unrated."""
    return established(pool).filter(player=player).values_list("rating", flat=True).first()


def eligible(pool: str, bots: bool = False) -> QuerySet[Rating]:
    """Players on a pool's leaderboard: established, with a game within the activity window;
    people, or (`bots`) bot accounts alone: each has a leaderboard of its own."""
    since = timezone.now() - timedelta(days=settings.LEADERBOARD_ACTIVE_DAYS)
    board = established(pool).filter(last_game_at__gte=since)
    # By the few bot accounts' ids: the page's rows stay picked from the leaderboard index alone.
    bot_ids = Profile.objects.filter(bot_account=True).values("user_id")
    return board.filter(player_id__in=bot_ids) if bots else board.exclude(player_id__in=bot_ids)


def is_bot_account(player_id: int) -> bool:
    return Profile.objects.filter(user_id=player_id, bot_account=True).exists()


def ahead_of(rating: Rating) -> Q:
    """Ratings ranked above `rating` (higher rating; equal rating: lower player id)."""
    return Q(rating__gt=rating.rating) | Q(rating=rating.rating, player_id__lt=rating.player_id)


def position(rating: Rating | None) -> int | None:
    """1-based place on the leaderboard, or None when not listed."""
    if rating is None:
        return None
    board = eligible(rating.pool, is_bot_account(rating.player_id))
    if not board.filter(pk=rating.pk).exists():
        return None
    return board.filter(ahead_of(rating)).count() + 1


@dataclass
class Page:
    rows: list[Rating]
    number: int
    has_next: bool
    first_position: int


def page(pool: str, number: int, bots: bool = False) -> Page:
    """One page of the leaderboard; one query (the page plus one row tells whether more follow).

    The page's rows are picked in a subquery that reads only the leaderboard index, and only
    they are joined to their players: joining first would join every row the offset skips.
    """
    number = min(max(1, number), MAX_PAGE)
    start = (number - 1) * PAGE_SIZE
    order = ("-rating", "player_id")
    picked = eligible(pool, bots).order_by(*order).values("pk")[start : start + PAGE_SIZE + 1]
    rows = list(Rating.objects.filter(pk__in=picked).select_related("player__profile").order_by(*order))
    return Page(rows[:PAGE_SIZE], number, len(rows) > PAGE_SIZE, start + 1)


def top(pool: str, count: int = 10) -> list[Rating]:
    """The people's best (bot accounts have their own leaderboard)."""
    return list(eligible(pool).select_related("player__profile").order_by("-rating", "player_id")[:count])


def seen_by(changes: QuerySet[RatingChange], viewer) -> QuerySet[RatingChange]:
    """The changes a viewer may see: of open games, and of private games they had a seat in
    (staff: all), as `games.history.finding.visible_to` shows the games themselves."""
    if viewer is not None and viewer.is_authenticated and viewer.is_staff:
        return changes
    open_game = Q(game__visibility=Game.Visibility.OPEN)
    if viewer is None or not viewer.is_authenticated:
        return changes.filter(open_game)
    return changes.filter(open_game | Exists(Seat.objects.filter(game=OuterRef("game_id"), user=viewer)))


def history(player, pool: str, limit: int = 500) -> list[RatingChange]:
    """A player's rating changes in one pool, oldest first (the last `limit`)."""
    changes = RatingChange.objects.filter(player=player, pool=pool).order_by("-finished_at", "-game_id")[:limit]
    return list(reversed(changes))


POSITIONS_SQL = """
SELECT r.id, (
    SELECT count(*) FROM tournaments_rating o
    WHERE o.pool = r.pool AND o.games >= %s AND o.opponents >= %s AND o.last_game_at >= %s
      AND (o.rating > r.rating OR (o.rating = r.rating AND o.player_id < r.player_id))
      AND o.player_id {board} (SELECT user_id FROM accounts_profile WHERE bot_account)
) + 1
FROM tournaments_rating r WHERE r.player_id = %s
"""


def ratings_with_positions(player) -> list[Rating]:
    """The player's ratings, each with `.position` on its leaderboard (None if not listed; a bot
    account's on the bots' leaderboard): two queries."""
    since = timezone.now() - timedelta(days=settings.LEADERBOARD_ACTIVE_DAYS)
    minimum, opponents = settings.LEADERBOARD_MIN_GAMES, min_opponents()
    ratings = list(Rating.objects.filter(player=player).order_by("pool"))
    if not ratings:
        return []
    from django.db import connection

    with connection.cursor() as cursor:
        # The board of people or of bots, as the player is one: read from the profile loaded with them.
        board = "IN" if marks.bot_account(player) else "NOT IN"
        cursor.execute(POSITIONS_SQL.format(board=board), [minimum, opponents, since, player.pk])
        positions = dict(cursor.fetchall())
    for rating in ratings:
        listed = rating.games >= minimum and rating.opponents >= opponents and rating.last_game_at >= since
        rating.position = positions.get(rating.pk) if listed else None
    return ratings


def head_to_head(player, other, viewer) -> list[dict]:
    """Per pool: games both played (rated) that the viewer may see, and how often each finished ahead. One query."""
    from django.db.models import Count, F

    return list(
        seen_by(RatingChange.objects.filter(player=player, game__rating_changes__player=other), viewer)
        .values("pool")
        .annotate(
            games=Count("pk"),
            ahead=Count("pk", filter=Q(rank__lt=F("game__rating_changes__rank"))),
            behind=Count("pk", filter=Q(rank__gt=F("game__rating_changes__rank"))),
        )
        .order_by("pool")
    )


def tally(games: list[dict]) -> list[dict]:
    """What `head_to_head` counts, from all the games two players played together
    (`head_to_head_games` rows): per pool, by pool name."""
    rows: dict[str, dict] = {}
    for game in games:
        row = rows.setdefault(game["pool"], {"pool": game["pool"], "games": 0, "ahead": 0, "behind": 0})
        row["games"] += 1
        row["ahead"] += game["rank"] < game["their_rank"]
        row["behind"] += game["rank"] > game["their_rank"]
    return [rows[pool] for pool in sorted(rows)]


def head_to_head_games(player, other, viewer, limit: int = 50) -> list[dict]:
    """The rated games both played that the viewer may see, newest first, with each one's rank
    and rating change: one query."""
    from django.db.models import F

    return list(
        seen_by(RatingChange.objects.filter(player=player, game__rating_changes__player=other), viewer)
        .annotate(their_rank=F("game__rating_changes__rank"), their_delta=F("game__rating_changes__delta"))
        .order_by("-finished_at", "-game_id")
        .values("pool", "game_id", "finished_at", "rank", "delta", "their_rank", "their_delta")[:limit]
    )
