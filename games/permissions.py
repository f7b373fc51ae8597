"""Who may manage a game: its creator a little, organisers (staff, or whoever an app registers) fully.

`tournaments/` registers a check for its organisers (games never imports it): a
tournament organiser may then give any seat of a tournament table to another player.
"""

from __future__ import annotations

from collections.abc import Callable

from games.models import Game

OrganiserCheck = Callable[[Game, object], bool]
_organiser_checks: list[OrganiserCheck] = []


def register_organiser_check(check: OrganiserCheck) -> None:
    """Let another app say that a user organises a game (e.g. a tournament's organisers)."""
    if check not in _organiser_checks:
        _organiser_checks.append(check)


def is_organiser(game: Game, user) -> bool:
    """Staff, or an organiser by a registered check: may give any seat to another player."""
    if not getattr(user, "is_authenticated", False):
        return False
    return bool(user.is_staff) or any(check(game, user) for check in _organiser_checks)


def can_manage(game: Game, user) -> bool:
    """The creator or an organiser: may pause, resume, extend (within limits) and fill empty seats."""
    return getattr(user, "is_authenticated", False) and (game.created_by_id == user.pk or is_organiser(game, user))
