"""Stored ratings: derived from finished games, rebuilt by `manage.py recompute_ratings`."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Rating(models.Model):
    """A player's current rating in one pool."""

    player = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="ratings", db_constraint=False)
    pool = models.CharField(_("pool"), max_length=40)
    rating = models.FloatField(_("rating"))
    games = models.PositiveIntegerField(_("games played"), default=0)
    wins = models.PositiveIntegerField(_("games won"), default=0)
    # Different people met in rated games of the pool, counted up to fair_play.OPPONENTS_COUNTED:
    # a leaderboard lists only players who met enough of them.
    opponents = models.PositiveSmallIntegerField(_("opponents"), default=0)
    provisional = models.BooleanField(_("provisional"), default=True)
    peak = models.FloatField(_("peak"))
    last_game_at = models.DateTimeField(_("last game"))

    class Meta:
        constraints = [models.UniqueConstraint(fields=["player", "pool"], name="rating_player_pool_unique")]
        indexes = [
            # The leaderboard: a pool's players by rating, among the recently active. The filter's
            # columns ride along, so even a deep page is read from the index alone.
            models.Index(
                fields=["pool", "-rating", "player"],
                include=["games", "opponents", "last_game_at"],
                name="rating_leaderboard",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.pool} {self.rating:.0f}"


class RatingChange(models.Model):
    """What one finished game did to one player's rating. At most one per (game, player)."""

    # No database-level foreign keys: a rebuild writes millions of rows with COPY, and a
    # deferred check per row would cost more than the rebuild. Django still cascades deletes.
    # No index of their own either: (game, player) is unique and rating_history starts with player.
    game = models.ForeignKey(
        "games.Game", models.CASCADE, related_name="rating_changes", db_constraint=False, db_index=False
    )
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.CASCADE, related_name="rating_changes", db_constraint=False, db_index=False
    )
    pool = models.CharField(max_length=40)
    # Copied from the game so a player's history is read from one table, in finish order.
    finished_at = models.DateTimeField()
    rank = models.PositiveSmallIntegerField()
    games_before = models.PositiveIntegerField()
    before = models.FloatField()
    after = models.FloatField()
    delta = models.FloatField()
    # Whether the player's rating was established before this game (fair_play.is_established),
    # or the pool had too few established players for anyone to meet enough of them (its first
    # players establish each other): then the result counts for an established opponent, and the
    # player counts among the different people an opponent has met (fair_play.py).
    established = models.BooleanField(default=False, db_default=False)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "player"], name="rating_change_once")]
        indexes = [
            models.Index(fields=["player", "pool", "finished_at", "game"], name="rating_history"),
            models.Index(fields=["pool", "finished_at", "game"], name="rating_changes_in_order"),
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.game_id} {self.delta:+.1f}"
