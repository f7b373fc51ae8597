"""The Elo numbers, from Django's settings (RATING_*)."""

from __future__ import annotations

from django.conf import settings

from tournaments.ratings.elo import EloSettings


def elo_settings() -> EloSettings:
    return EloSettings(
        start=float(settings.RATING_START),
        k_provisional=float(settings.RATING_K_PROVISIONAL),
        k_established=float(settings.RATING_K),
        provisional_games=settings.RATING_PROVISIONAL_GAMES,
    )
