"""Rebuild every rating from the finished games: read in bulk, compute in Python, write with COPY.

Games are replayed in finish order (finished_at, then id), the order in which the live
service applies them, with the same Elo functions, the same seat order (by player id) and
the same fair-play rules (`fair_play`: early quitters, repeated pairs, opponents met), so a
rebuild gives exactly what was stored.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime

from django.conf import settings
from django.db import connection, transaction
from django.utils.dateparse import parse_datetime

from tournaments.ratings.elo import EloSettings, table_deltas
from tournaments.ratings.elo_settings import elo_settings
from tournaments.ratings.fair_play import (
    OPPONENTS_COUNTED,
    Meetings,
    account_dates,
    did_not_finish,
    early_quitters,
    min_opponents,
    without_early_quitters,
)
from tournaments.ratings.models import Rating, RatingChange
from tournaments.ratings.participants import participants, replaced_players
from tournaments.ratings.pools import engine_of, lock_pool, pool_for

# One row per rated seat of a finished, rated game, in finish order. Seats without a
# user are bots; a player who left keeps their user and ranks last.
SEATS_SQL = """
SELECT g.id, g.engine, CAST(g.options AS TEXT), g.finished_at, s.user_id, s.rank
FROM games_game g JOIN games_seat s ON s.game_id = g.id
WHERE g.status = 'finished' AND g.rated AND s.user_id IS NOT NULL AND s.rank IS NOT NULL AND NOT s.substitute {engines}
ORDER BY g.finished_at, g.id, s.user_id
"""


@dataclass
class Standing:
    rating: float
    games: int = 0
    wins: int = 0
    peak: float = 0.0
    last_game_at: datetime | None = None
    opponents: int = 0
    # The established opponents' ids until OPPONENTS_COUNTED are met; then only the count is kept.
    met: set[int] | None = field(default_factory=set)
    established: bool = False  # counted once in the pool's established players


@dataclass
class Result:
    games: int = 0
    # (game id, player id, pool, finished_at, rank, games before, before, after, delta, established)
    changes: list[tuple] = field(default_factory=list)
    standings: dict[tuple[int, str], Standing] = field(default_factory=dict)


def _tables(pools: set[str] | None) -> Iterator[tuple[int, str, datetime, int, list[tuple[int, int]]]]:
    """(game id, pool, finished_at, its microseconds since 1970, [(player, rank)]) per finished
    rated game, in finish order."""
    engines = ""
    params: list = []
    if pools is not None:
        engines = "AND g.engine = ANY(%s)" if connection.vendor == "postgresql" else ""
        params = [sorted({engine_of(pool) for pool in pools})] if engines else []
    pool_cache: dict[tuple[str, str], str] = {}
    postgres = connection.vendor == "postgresql"
    sql = (TABLES_SQL if postgres else SEATS_SQL).format(engines=engines)
    with transaction.atomic():
        current = None
        seats: list[tuple[int, int]] = []
        for rows in _folded(sql, params) if postgres else _fetch(sql, params):
            for game_id, engine, options, finished_at, micros, user_id, rank in rows:
                if current is None or current[0] != game_id:
                    if current is not None:
                        yield (*current, seats)
                    key = (engine, options)
                    pool = pool_cache.get(key)
                    if pool is None:
                        pool = pool_cache[key] = pool_for(engine, json.loads(options or "{}"))
                    current, seats = (game_id, pool, finished_at, micros), []
                seats.append((user_id, rank))
        if current is not None:
            yield (*current, seats)


EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def micros(moment: datetime | str) -> int:
    """Microseconds since 1970, exact (the repeat window compares them as the database compares times)."""
    if isinstance(moment, str):
        moment = parse_datetime(moment)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    delta = moment - EPOCH
    return (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds


def _fetch(sql: str, params: list) -> Iterator[list[tuple]]:
    with connection.chunked_cursor() as cursor:
        cursor.execute(sql, params)
        while rows := cursor.fetchmany(20_000):
            yield [(*row[:4], micros(row[3]), *row[4:]) for row in rows]


# PostgreSQL: one row per game with its seats folded into a string; a few times faster to
# move than a row per seat. finished_at stays text and goes back through COPY unparsed.
TABLES_SQL = """
SELECT g.id, g.engine, CAST(g.options AS TEXT), CAST(g.finished_at AS TEXT),
       CAST(EXTRACT(EPOCH FROM g.finished_at) * 1000000 AS BIGINT),
       string_agg(s.user_id || ' ' || s.rank, ' ' ORDER BY s.user_id)
FROM games_game g JOIN games_seat s ON s.game_id = g.id
WHERE g.status = 'finished' AND g.rated AND s.user_id IS NOT NULL AND s.rank IS NOT NULL AND NOT s.substitute {engines}
GROUP BY g.id ORDER BY g.finished_at, g.id
"""


def _folded(sql: str, params: list) -> Iterator[list[tuple]]:
    """Rows per seat, as _fetch gives them, unfolded from one row per game."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        while games := cursor.fetchmany(50_000):
            rows = []
            for game_id, engine, options, finished_at, at, folded in games:
                numbers = folded.split(" ")
                for i in range(0, len(numbers), 2):
                    rows.append((game_id, engine, options, finished_at, at, int(numbers[i]), int(numbers[i + 1])))
            yield rows


def compute(
    pools: set[str] | None = None, config: EloSettings | None = None, progress: Callable[[int], None] | None = None
) -> Result:
    config = config or elo_settings()
    result = Result()
    standings = result.standings
    changes = result.changes
    replaced = replaced_players()  # rare: a small dict, read once
    quitters = early_quitters()  # rare too: the seats that quit, read once
    unfinished = did_not_finish()  # as rare: who quit at any move, or lost the seat
    # fair_play.old_enough, as microseconds: from when each account vouches in a founding pool.
    age = settings.RATING_FOUNDING_ACCOUNT_DAYS * 86_400 * 1_000_000
    vouches_from = {player: micros(joined) + age for player, joined in account_dates()}
    meetings = Meetings(settings.RATING_REPEAT_DAYS * 86_400 * 1_000_000)
    # fair_play.is_established, its settings read once for the whole rebuild, and how many
    # established players each pool has (fewer than least_opponents: fair_play.founding).
    least_games, least_opponents = settings.LEADERBOARD_MIN_GAMES, min_opponents()
    established_players: dict[str, int] = {}
    for game_id, pool, finished_at, at, seated in _tables(pools):
        if pools is not None and pool not in pools:
            continue
        result.games += 1
        if result.games % 10_000 == 0:
            if progress:
                progress(result.games)
            meetings.forget(at)
        seats = participants(seated, replaced[game_id]) if game_id in replaced else seated
        if game_id in quitters:
            seats = without_early_quitters(seats, quitters[game_id])
        if len(seats) < 2:
            continue
        ids = [player for player, _rank in seats]
        weights = meetings.weights(pool, ids, at)
        current = []
        for player, _rank in seats:
            standing = standings.get((player, pool))
            if standing is None:
                standing = standings[(player, pool)] = Standing(config.start, peak=config.start)
            current.append(standing)
        entries = [(s.rating, s.games, rank) for s, (_p, rank) in zip(current, seats, strict=True)]
        if established_players.get(pool, 0) < least_opponents:
            established = [
                s.established or at >= vouches_from.get(player, at + 1)
                for s, (player, _rank) in zip(current, seats, strict=True)
            ]
        else:
            established = [s.established for s in current]
        deltas = table_deltas(entries, config, weights, established)
        gone = unfinished.get(game_id, ())  # met nobody, and nobody met them
        vouched = [
            player for (player, _rank), flag in zip(seats, established, strict=True) if flag and player not in gone
        ]
        for standing, (player, rank), delta, flag in zip(current, seats, deltas, established, strict=True):
            before = standing.rating
            after = before + delta
            changes.append((game_id, player, pool, finished_at, rank, standing.games, before, after, delta, flag))
            if standing.games == 0:
                standing.peak = after
            standing.rating = after
            standing.games += 1
            standing.wins += rank == 1
            standing.peak = max(standing.peak, after)
            standing.last_game_at = finished_at
            if standing.met is not None and player not in gone:
                standing.met.update(other for other in vouched if other != player)
                standing.opponents = min(len(standing.met), OPPONENTS_COUNTED)
                if standing.opponents == OPPONENTS_COUNTED:
                    standing.met = None
            if not standing.established and standing.games >= least_games and standing.opponents >= least_opponents:
                standing.established = True
                established_players[pool] = established_players.get(pool, 0) + 1
    if progress:
        progress(result.games)
    return result


def write(result: Result, pools: set[str] | None, config: EloSettings | None = None) -> None:
    """Replace the stored ratings of `pools` with `result`, under the pools' locks."""
    config = config or elo_settings()
    ratings = [
        (
            player,
            pool,
            s.rating,
            s.games,
            s.wins,
            s.opponents,
            s.games < config.provisional_games,
            s.peak,
            s.last_game_at,
        )
        for (player, pool), s in result.standings.items()
        if s.games
    ]
    with transaction.atomic():
        changes, stored = RatingChange.objects.all(), Rating.objects.all()
        if pools is not None:
            changes, stored = changes.filter(pool__in=pools), stored.filter(pool__in=pools)
        for pool in sorted(pools if pools is not None else set(stored.values_list("pool", flat=True).distinct())):
            lock_pool(pool)
        if pools is None and connection.vendor == "postgresql":
            with connection.cursor() as cursor:  # everything goes: far faster than DELETE
                cursor.execute(f'TRUNCATE "{RatingChange._meta.db_table}", "{Rating._meta.db_table}"')
        else:
            changes.delete()
            stored.delete()
        change_columns = [
            "game_id",
            "player_id",
            "pool",
            "finished_at",
            "rank",
            "games_before",
            "before",
            "after",
            "delta",
            "established",
        ]
        rating_columns = [
            "player_id",
            "pool",
            "rating",
            "games",
            "wins",
            "opponents",
            "provisional",
            "peak",
            "last_game_at",
        ]
        if connection.vendor == "postgresql" and pools is None:
            # The tables were truncated: building their indexes once after the load is several
            # times faster than keeping them up to date row by row, and FREEZE spares the rows
            # a later vacuum pass.
            for table, columns, rows, line in (
                (RatingChange._meta.db_table, change_columns, result.changes, CHANGE_LINE),
                (Rating._meta.db_table, rating_columns, ratings, RATING_LINE),
            ):
                with _indexes_built_after(table):
                    _copy(table, columns, rows, line, freeze=True)
        elif connection.vendor == "postgresql":
            _copy(RatingChange._meta.db_table, change_columns, result.changes, CHANGE_LINE)
            _copy(Rating._meta.db_table, rating_columns, ratings, RATING_LINE)
        else:
            RatingChange.objects.bulk_create(
                (RatingChange(**dict(zip(change_columns, row, strict=True))) for row in result.changes),
                batch_size=2000,
            )
            Rating.objects.bulk_create(
                (Rating(**dict(zip(rating_columns, row, strict=True))) for row in ratings), batch_size=2000
            )


CHANGE_LINE = "{}\t{}\t{}\t{}\t{}\t{}\t{!r}\t{!r}\t{!r}\t{:d}".format
RATING_LINE = "{}\t{}\t{!r}\t{}\t{}\t{}\t{:d}\t{!r}\t{}".format


def _copy(table: str, columns: list[str], rows: list[tuple], line: Callable[..., str], freeze: bool = False) -> None:
    """COPY in text form, lines built here (our values hold no tab, newline or backslash)."""
    with connection.cursor() as cursor:
        names = ", ".join(f'"{c}"' for c in columns)
        options = " WITH (FREEZE)" if freeze else ""
        with cursor.cursor.copy(f'COPY "{table}" ({names}) FROM STDIN{options}') as copy:
            for start in range(0, len(rows), 50_000):
                copy.write(("\n".join([line(*row) for row in rows[start : start + 50_000]]) + "\n").encode())


@contextmanager
def _indexes_built_after(table: str) -> Iterator[None]:
    """Drop the table's indexes and constraints that own one, and make them again after the block.

    Their definitions are read from the catalog, so this follows the migrations. Only for
    a table truncated in this transaction (nobody else can see it until the commit).
    """
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint "
            "WHERE conrelid = %s::regclass AND contype IN ('p', 'u') ORDER BY contype",
            [table],
        )
        constraints = cursor.fetchall()
        owned = {name for name, _definition in constraints}
        cursor.execute("SELECT indexname, indexdef FROM pg_indexes WHERE tablename = %s", [table])
        indexes = [(name, definition) for name, definition in cursor.fetchall() if name not in owned]
        for name, _definition in indexes:
            cursor.execute(f'DROP INDEX "{name}"')
        for name, _definition in reversed(constraints):
            cursor.execute(f'ALTER TABLE "{table}" DROP CONSTRAINT "{name}"')
    yield
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL maintenance_work_mem = '256MB'")
        for name, definition in constraints:
            cursor.execute(f'ALTER TABLE "{table}" ADD CONSTRAINT "{name}" {definition}')
        for _name, definition in indexes:
            cursor.execute(definition)


def differences(result: Result, pools: set[str] | None, limit: int = 20) -> list[str]:
    """What the stored ratings say differently from `result` (empty when they agree)."""
    found: list[str] = []
    changes, ratings_stored = RatingChange.objects.all(), Rating.objects.all()
    if pools is not None:
        changes, ratings_stored = changes.filter(pool__in=pools), ratings_stored.filter(pool__in=pools)
    stored = {
        (game, player): (before, after, established)
        for game, player, before, after, established in changes.values_list(
            "game_id", "player_id", "before", "after", "established"
        )
    }
    for game, player, _pool, _at, _rank, _games, before, after, _delta, established in result.changes:
        old = stored.pop((game, player), None)
        if old is None:
            found.append(f"game {game} player {player}: not rated, should be {before:.2f} -> {after:.2f}")
        elif abs(old[0] - before) > 1e-6 or abs(old[1] - after) > 1e-6 or old[2] != established:
            found.append(
                f"game {game} player {player}: stored {old[0]:.2f} -> {old[1]:.2f} (established {old[2]}), "
                f"computed {before:.2f} -> {after:.2f} (established {established})"
            )
    for (game, player), _old in stored.items():
        found.append(f"game {game} player {player}: rated but should not be")
    ratings = {(r.player_id, r.pool): r for r in ratings_stored}
    for key, standing in result.standings.items():
        rating = ratings.pop(key, None)
        if (
            rating is None
            or abs(rating.rating - standing.rating) > 1e-6
            or rating.games != standing.games
            or rating.opponents != standing.opponents
        ):
            found.append(
                f"player {key[0]} pool {key[1]}: stored {rating.rating if rating else None} "
                f"({rating.opponents if rating else None} opponents), computed {standing.rating:.2f} "
                f"after {standing.games} games ({standing.opponents} opponents)"
            )
    for key in ratings:
        found.append(f"player {key[0]} pool {key[1]}: has a rating but no rated games")
    return found[:limit] if limit else found
