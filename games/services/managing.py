"""The one check of every manager's act at a game (pause, resume, extend, seats changing hands)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.models import Game
from games.permissions import can_manage, managed
from games.services.errors import ActionRejected


def check_manager(game: Game, user) -> None:
    """Refuses anyone who may not manage the game. A manager's act is told to the apps that own
    the game (`permissions.managed`), inside the caller's transaction: a refusal later in the
    act leaves nothing of it."""
    if not can_manage(game, user):
        raise ActionRejected("forbidden", _("Only the game's creator or an organiser can do this."))
    managed(game, user)
