"""Applying a finished game to the stored ratings, exactly once."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from django.db import transaction
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from games.bymail import game_over_ratings
from games.models import Game, Seat
from tournaments.ratings import fair_play
from tournaments.ratings.elo import EloSettings, repeat_weight, table_deltas
from tournaments.ratings.elo_settings import elo_settings
from tournaments.ratings.models import Rating, RatingChange
from tournaments.ratings.participants import participants, replaced_players
from tournaments.ratings.pools import POOLS, engine_of, lock_pool, pool_for
from tournaments.ratings.recompute import Result, compute, write


def rated_seats(seats: list[Seat]) -> list[Seat]:
    """The seats that count: people, including those who left (a bot plays on, they rank last).

    Players replaced at a seat are added by `participants`; a substitute (who took a seat over
    during the game) is not rated. Bots from the start have no user; Leo is no seat at all.
    """
    return [seat for seat in seats if seat.user_id is not None and seat.rank is not None and not seat.substitute]


def players_rated(game: Game) -> tuple[list[tuple[int, int]], set[int]]:
    """(player, rank) of those a finished game rates, by player id, and who its rating leaves out
    for quitting early (fair_play): the one rule, for the rating and the table's notice alike."""
    seated = [(seat.user_id, seat.rank) for seat in rated_seats(list(game.seats.all()))]
    players = participants(seated, replaced_players([game.pk]).get(game.pk, []))
    quitters = fair_play.early_quitters([game.pk]).get(game.pk, set())
    return fair_play.without_early_quitters(players, quitters), quitters


def _later(game: Game) -> Q:
    """Rating changes of games that finished after `game` (finish order: time, then id)."""
    return Q(finished_at__gt=game.finished_at) | Q(finished_at=game.finished_at, game_id__gt=game.pk)


def _later_game_rated(game: Game, pool: str, players: list[int]) -> bool:
    return RatingChange.objects.filter(_later(game), pool=pool, player_id__in=players).exists()


def _founding_may_differ(game: Game, pool: str) -> bool:
    """Whether the pool's founding (fair_play.founding: too few established players, every old
    enough account counts) may have been otherwise at this game's finish than it is now, games
    that finished later having been rated already (rated out of order among other players, a
    game could take the pool's founding as over where the rebuild, in finish order, would not).
    Founding is surely over at the finish if an account old enough was rated as not established
    before it: no rating of a founding pool says so. Two indexed queries, the second
    only when a later game is rated."""
    if not RatingChange.objects.filter(_later(game), pool=pool).exists():
        return False
    earlier = Q(finished_at__lt=game.finished_at) | Q(finished_at=game.finished_at, game_id__lt=game.pk)
    return not RatingChange.objects.filter(earlier, fair_play.old_account(), pool=pool, established=False).exists()


def do_rate_game(game_id: int) -> list[RatingChange]:
    """Rate a finished, rated game once; a second call (a retried task, a repeated signal) changes nothing."""
    with transaction.atomic():
        game = Game.objects.get(pk=game_id)
        if game.status != Game.Status.FINISHED or not game.rated:
            return []
        pool = pool_for(game.engine, game.options)
        lock_pool(pool)
        made = list(RatingChange.objects.filter(game_id=game_id))
        if made:
            # Rated already (a pool's rebuild rates every game it finds): its held mail goes too,
            # once, not left waiting its ten minutes by a rebuild another game's finish made.
            _tell(game, made)
            return []
        players, _quitters = players_rated(game)
        if len(players) < 2:
            game_over_ratings.release(game, [])
            return []
        if _later_game_rated(game, pool, [player for player, _rank in players]) or _founding_may_differ(game, pool):
            # This game committed after a game that finished later: ratings must follow
            # finish order, so rebuild the pool (rare: two finishes within moments, of the same
            # players or while the pool is young).
            rebuild({pool})
            changes = list(RatingChange.objects.filter(game_id=game_id))
            _tell(game, changes)
            return changes
        # `players` is ordered by player id: row locks in a fixed order.
        current = {
            r.player_id: r
            for r in Rating.objects.select_for_update().filter(pool=pool, player_id__in=[p for p, _r in players])
        }
        config = elo_settings()
        entries = []
        for player, rank in players:
            rating = current.get(player)
            entries.append((rating.rating if rating else config.start, rating.games if rating else 0, rank))
        ids = [player for player, _rank in players]
        met = fair_play.earlier_meetings(pool, ids, game.finished_at, game.pk)
        weights = {
            (i, j): repeat_weight(met[(ids[i], ids[j])]) for i in range(len(ids)) for j in range(i + 1, len(ids))
        }
        # A pool's first players count every opponent whose account is old enough (fair_play.founding).
        vouching = fair_play.old_accounts(ids, game.finished_at) if fair_play.founding(pool) else set()
        established = [
            player in vouching or (rating is not None and fair_play.is_established(rating.games, rating.opponents))
            for player, rating in ((player, current.get(player)) for player in ids)
        ]
        deltas = table_deltas(entries, config, weights, established)
        changes = []
        for (player, _rank), (before, games, rank), delta, flag in zip(
            players, entries, deltas, established, strict=True
        ):
            after = before + delta
            changes.append(
                RatingChange(
                    game=game,
                    player_id=player,
                    pool=pool,
                    finished_at=game.finished_at,
                    rank=rank,
                    games_before=games,
                    before=before,
                    after=after,
                    delta=delta,
                    established=flag,
                )
            )
            rating = current.get(player)
            if rating is None:
                rating = Rating(player_id=player, pool=pool, peak=after)
            rating.rating = after
            rating.games = games + 1
            rating.wins = (rating.wins or 0) + (1 if rank == 1 else 0)
            rating.provisional = rating.games < config.provisional_games
            rating.peak = max(rating.peak, after)
            rating.last_game_at = game.finished_at
            current[player] = rating
        RatingChange.objects.bulk_create(changes)
        _tell(game, changes)
        # Who they have met, this game included (counted up to a cap: past it nothing changes).
        counted = fair_play.opponents_of(
            pool, [player for player in ids if current[player].opponents < fair_play.OPPONENTS_COUNTED]
        )
        for player in ids:
            rating = current[player]
            rating.opponents = counted.get(player, rating.opponents)
            rating.save()
        return changes


def _tell(game: Game, changes: list[RatingChange]) -> None:
    """The game's game-over mail, held for its rating, goes with it (in this transaction)."""
    game_over_ratings.release(game, [(c.player_id, c.rank, c.before, c.after, c.established) for c in changes])


# A game's finish is stamped inside its finishing move's transaction, which commits moments
# later: a game stamped up to this long before the rebuild's read may still have been unseen.
UNSEEN_MARGIN = timedelta(minutes=10)


def rebuild(
    pools: set[str] | None = None, config: EloSettings | None = None, progress: Callable[[int], None] | None = None
) -> Result:
    """Compute, then replace the ratings of `pools` (None: all) under the pools' locks.

    The read runs outside the locks, so live ratings go on meanwhile (on SQLite a transaction
    holds the whole database's write lock: every move would wait for the compute). A game that
    finished after the read is not in it, and the replacement would wipe its live rating (until
    the next sweep): such games are rated again on top, under the same locks, before the commit.
    """
    started = timezone.now()
    result = compute(pools, config, progress)
    with transaction.atomic():
        for pool in sorted(pools if pools is not None else POOLS):
            lock_pool(pool)
        write(result, pools, config)
        unseen = Game.objects.filter(
            status=Game.Status.FINISHED, rated=True, finished_at__gte=started - UNSEEN_MARGIN
        ).exclude(Exists(RatingChange.objects.filter(game_id=OuterRef("pk"))))
        if pools is not None:
            unseen = unseen.filter(engine__in={engine_of(pool) for pool in pools})
        for game_id in unseen.order_by("finished_at", "pk").values_list("pk", flat=True):
            do_rate_game(game_id)
    return result
