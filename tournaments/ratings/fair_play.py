"""What keeps a rating from being bought, read from the games' own history (docs/organisers.md, "Ratings").

- A rated player who quit a game (resigned, left after timeouts, or lost the seat to a
  replacement) having made fewer than RATING_ABORT_MOVES moves of their own is left out of its
  rating (`early_quitters`), and the others who played it are rated among themselves; with
  fewer than two of them left (a two-player game), the game counts for nobody's rating, as
  lichess and chess.com abort a game nobody really played. (Not every game: a tournament's
  no-show, whose seat a bot played, would cost a full game's rating to the two players who
  played it.)
- The k-th rated game of the same two players within RATING_REPEAT_DAYS counts 1/k for that
  pair (`elo.repeat_weight`).
- Leaderboards and rating gates know only established players: LEADERBOARD_MIN_GAMES rated
  games against LEADERBOARD_MIN_OPPONENTS different established people (`is_established`), each
  met in a game both played to its end (`OPPONENTS_SQL`, `did_not_finish`): a resignation, even
  after a few moves, meets nobody. While a pool has fewer established players than that
  (`founding`) its first players count everyone met whose account was
  RATING_FOUNDING_ACCOUNT_DAYS old at the game (`old_accounts`): a ring of accounts made a minute
  ago founds no leaderboard. Once it has them, accounts that play only each other never become
  established.
- An established player's rating takes nothing from a result against a player not yet
  established (`elo.counts_for`): second accounts made to lose, moves and all, lift no
  established rating, and each must first meet LEADERBOARD_MIN_OPPONENTS established people.
Each rating change records whether its player was established (`RatingChange.established`).

Every rule depends only on stored games and rating changes, so the live update and
`recompute_ratings` apply them alike.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter, defaultdict
from datetime import datetime, timedelta
from itertools import combinations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Count, DateTimeField, ExpressionWrapper, F, IntegerField, OuterRef, Q, Subquery
from django.db.models.functions import Coalesce

from games.models import Action, GameEvent, Seat
from tournaments.ratings.elo import repeat_weight
from tournaments.ratings.models import Rating, RatingChange
from tournaments.ratings.participants import replaced_players

QUIT = (Seat.Status.LEFT, Seat.Status.RESIGNED, Seat.Status.REMOVED)
# Ratings count a player's different opponents up to this many: enough for any sensible
# LEADERBOARD_MIN_OPPONENTS, and a rebuild keeps at most this many ids per player.
OPPONENTS_COUNTED = 20


def min_opponents() -> int:
    return min(settings.LEADERBOARD_MIN_OPPONENTS, OPPONENTS_COUNTED)


def is_established(games: int, opponents: int) -> bool:
    """Whether a rating with this many rated games against this many different established
    people says something: what leaderboards, rating gates and `elo.counts_for` ask."""
    return games >= settings.LEADERBOARD_MIN_GAMES and opponents >= min_opponents()


def founding(pool: str) -> bool:
    """Whether the pool has fewer established players than a player must meet: then nobody could
    become established by meeting them, and every result and opponent counts (its first players
    establish each other). One query."""
    needed = min_opponents()
    established = Rating.objects.filter(
        pool=pool, games__gte=settings.LEADERBOARD_MIN_GAMES, opponents__gte=needed
    ).values("pk")[:needed]
    return len(established) < needed


def old_enough(joined: datetime, finished_at: datetime) -> bool:
    """Whether an account made at `joined` vouches for its opponents in a founding pool's game
    that finished at `finished_at`."""
    return finished_at - joined >= timedelta(days=settings.RATING_FOUNDING_ACCOUNT_DAYS)


def old_accounts(players: list[int], finished_at: datetime) -> set[int]:
    """The players whose accounts were old enough at `finished_at` (`old_enough`): one query."""
    joined = get_user_model().objects.filter(pk__in=players).values_list("pk", "date_joined")
    return {player for player, at in joined if old_enough(at, finished_at)}


def old_account() -> Q:
    """Rating changes of accounts old enough at their game to vouch in a founding pool (`old_enough`)."""
    age = timedelta(days=settings.RATING_FOUNDING_ACCOUNT_DAYS)
    return Q(player__date_joined__lte=ExpressionWrapper(F("finished_at") - age, output_field=DateTimeField()))


def account_dates() -> list[tuple[int, datetime]]:
    """(user id, when the account was made) of every account, for a rebuild: one query."""
    return list(get_user_model().objects.values_list("pk", "date_joined"))


def _own_moves(game_id, player) -> Coalesce:
    moves = (
        Action.objects.filter(game_id=game_id, actor_id=player, channel__in=Action.OWN_CHANNELS)
        .order_by()
        .values("game_id")
        .annotate(count=Count("pk"))
        .values("count")
    )
    return Coalesce(Subquery(moves, output_field=IntegerField()), 0)


def early_quitters(game_ids: list[int] | None = None) -> dict[int, set[int]]:
    """Game id -> the rated players who quit it having made fewer than RATING_ABORT_MOVES moves of
    their own (all games when `game_ids` is None): three queries, over the few seats that changed."""
    enough = settings.RATING_ABORT_MOVES
    seats = Seat.objects.all() if game_ids is None else Seat.objects.filter(game_id__in=game_ids)
    found: dict[int, set[int]] = defaultdict(set)
    quitters = (
        seats.filter(user__isnull=False, rank__isnull=False, status__in=QUIT, substitute=False)
        .annotate(moves=_own_moves(OuterRef("game_id"), OuterRef("user_id")))
        .filter(moves__lt=enough)
        .values_list("game_id", "user_id")
    )
    # A seat's first player who lost it to someone else is rated last (participants.py): a
    # quitter too, however the seat changed hands after (Seat.first_user). Substitutes are not
    # rated, so their quitting is not counted.
    replaced = (
        seats.filter(first_user__isnull=False)
        .filter(Q(user__isnull=True) | ~Q(first_user=F("user")))
        .annotate(moves=_own_moves(OuterRef("game_id"), OuterRef("first_user_id")))
        .filter(moves__lt=enough)
        .values_list("game_id", "first_user_id")
    )
    # A seat handed back to its player who had quit (or lost it) early: the quit stands, as the
    # resign page promised, whatever the bot reached on the seat meanwhile (games/services/seats.py
    # records the moves made by then); the seat's player at the end is the one handed it back.
    events = GameEvent.objects.filter(kind=GameEvent.Kind.SEAT_REPLACED, detail__own_moves_before_return__lt=enough)
    if game_ids is not None:
        events = events.filter(game_id__in=game_ids)
    holder = Seat.objects.filter(game_id=OuterRef("game_id"), position=OuterRef("seat")).values("user_id")[:1]
    returned = events.annotate(player=Subquery(holder)).filter(player__isnull=False).values_list("game_id", "player")
    for rows in (quitters, replaced, returned):
        for game_id, player in rows:
            found[game_id].add(player)
    return dict(found)


def did_not_finish(game_ids: list[int] | None = None) -> dict[int, set[int]]:
    """Game id -> the rated players who did not play it to its end, whatever their moves: who
    resigned, left after timeouts or was removed (their seat says so), and a seat's first player
    who lost it to someone else. Two queries, over the few seats that changed. `OPPONENTS_SQL`
    asks the same of the database (a rated player played to the end if still playing their seat)."""
    seats = Seat.objects.all() if game_ids is None else Seat.objects.filter(game_id__in=game_ids)
    found: dict[int, set[int]] = defaultdict(set)
    quit = seats.filter(user__isnull=False, rank__isnull=False, status__in=QUIT, substitute=False)
    for game_id, player in quit.values_list("game_id", "user_id"):
        found[game_id].add(player)
    for game_id, players in replaced_players(game_ids).items():
        found[game_id].update(players)
    return dict(found)


def without_early_quitters(players: list[tuple[int, int]], quitters: set[int]) -> list[tuple[int, int]]:
    """The (player, rank) a game rates: those who quit early left out (they rank last already)."""
    return [(player, rank) for player, rank in players if player not in quitters]


def earlier_meetings(pool: str, players: list[int], finished_at: datetime, game_id: int) -> Counter:
    """(a, b) with a < b -> rated games of the pool that both played within the window before this one."""
    since = finished_at - timedelta(days=settings.RATING_REPEAT_DAYS)
    earlier = Q(finished_at__lt=finished_at) | Q(finished_at=finished_at, game_id__lt=game_id)
    rows = (
        RatingChange.objects.filter(pool=pool, player_id__in=players, finished_at__gt=since)
        .filter(earlier)
        .values_list("game_id", "player_id")
    )
    tables: dict[int, list[int]] = defaultdict(list)
    for game, player in rows:
        tables[game].append(player)
    met: Counter = Counter()
    for seated in tables.values():
        met.update(combinations(sorted(seated), 2))
    return met


# Both still playing their seats at the end (`did_not_finish` says the same of the others).
OPPONENTS_SQL = """
SELECT me.player_id, COUNT(DISTINCT other.player_id)
FROM tournaments_ratingchange me
JOIN tournaments_ratingchange other
  ON other.game_id = me.game_id AND other.player_id <> me.player_id AND other.established
WHERE me.pool = %s AND me.player_id IN ({players})
  AND EXISTS (SELECT 1 FROM games_seat s WHERE s.game_id = me.game_id AND s.user_id = me.player_id AND s.status = %s)
  AND EXISTS (SELECT 1 FROM games_seat s WHERE s.game_id = me.game_id AND s.user_id = other.player_id AND s.status = %s)
GROUP BY me.player_id
"""


def opponents_of(pool: str, players: list[int]) -> dict[int, int]:
    """Player -> different established people met in the pool's rated games that both played to
    the end (each as they were at that game: `RatingChange.established`), counted up to
    OPPONENTS_COUNTED."""
    if not players:
        return {}
    with connection.cursor() as cursor:
        playing = Seat.Status.PLAYING.value
        params = [pool, *players, playing, playing]
        cursor.execute(OPPONENTS_SQL.format(players=", ".join(["%s"] * len(players))), params)
        found = dict(cursor.fetchall())
    return {player: min(found.get(player, 0), OPPONENTS_COUNTED) for player in players}


def new_to_ratings(game_id: int) -> tuple[set[int], set[int]]:
    """A rated game's players whose ratings were established when it was rated, and those who
    were new (from its rating changes: one query)."""
    rows = RatingChange.objects.filter(game_id=game_id).values_list("player_id", "established")
    established, new = set(), set()
    for player, flag in rows:
        (established if flag else new).add(player)
    return established, new


class Meetings:
    """When each pair of a pool met in rated games within the repeat window, for a rebuild
    (`recompute`) in finish order: what `earlier_meetings` reads from the database for one game.
    A pair that met once (by far the most) keeps one int, a pair that met again a list: a
    rebuild holds every pair of the window in memory."""

    def __init__(self, window: int):
        self.window = window
        self.pools: dict[str, dict[int, int | list[int]]] = {}
        self.forgotten_at: int | None = None

    def weights(self, pool: str, ids: list[int], at: int) -> dict[tuple[int, int], float] | None:
        """The repeat weights of a table's pairs (None: all first meetings), recording this game."""
        cutoff = at - self.window
        recent = self.pools.get(pool)
        if recent is None:
            recent = self.pools[pool] = {}
        seen_at = recent.get
        weights = None
        for i in range(len(ids) - 1):
            high = ids[i] << 32
            for j in range(i + 1, len(ids)):
                key = high | ids[j]
                seen = seen_at(key)
                if seen is None:
                    recent[key] = at
                    continue
                if type(seen) is int:
                    if seen <= cutoff:
                        recent[key] = at
                        continue
                    recent[key] = [seen, at]
                    earlier = 1
                else:
                    if seen[0] <= cutoff:
                        del seen[: bisect_right(seen, cutoff)]
                    earlier = len(seen)
                    seen.append(at)
                    if not earlier:
                        continue
                if weights is None:
                    weights = {}
                weights[(i, j)] = repeat_weight(earlier)
        return weights

    def forget(self, at: int) -> None:
        """Drop the pairs whose last meeting left the window, once per window's length of games:
        memory holds at most two windows of pairs, not the whole history."""
        if self.forgotten_at is None:
            self.forgotten_at = at
        if at - self.forgotten_at < self.window:
            return
        self.forgotten_at = at
        cutoff = at - self.window
        for recent in self.pools.values():
            gone = [key for key, seen in recent.items() if (seen if type(seen) is int else seen[-1]) <= cutoff]
            for key in gone:
                del recent[key]
