"""Mail about what an organiser did to a player's seat, queued in the outbox."""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy

from games.models import Game
from wildcards_site.outbox.sending import queue_mail


def seat_replaced(game: Game, previous, successor, by) -> None:
    """Tell the player who lost a seat who took it and who gave it."""
    profile = previous.profile
    ctx = {
        "game_name": str(game),
        "successor": successor.profile.name if successor else gettext_lazy("a bot"),
        "by": by.profile.name,
        "link": settings.SITE_URL + reverse("games:table", args=[game.pk]),
    }
    key = f"seat-replaced:{game.pk}:{previous.pk}:{timezone.now().timestamp()}"
    queue_mail(key, "seat-replaced", previous.email, ctx, profile.language)
