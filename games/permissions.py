"""Who may manage a game: its creator a little, organisers within the same limits, staff fully.

A game with no creator belongs to the app that made it (a tournament's table): only the
organisers that app registers (and staff) manage it. `tournaments/` registers its check;
games never imports it.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db.models import Q

from games.models import Game

OrganiserCheck = Callable[[Game, object], bool]
_organiser_checks: list[OrganiserCheck] = []


def register_organiser_check(check: OrganiserCheck) -> None:
    """Let another app say that a user organises a game (e.g. a tournament's organisers)."""
    if check not in _organiser_checks:
        _organiser_checks.append(check)


_competitor_checks: list[OrganiserCheck] = []
ManagementHook = Callable[[Game, object], None]
_management_hooks: list[ManagementHook] = []


def register_management_hook(hook: ManagementHook) -> None:
    """Let another app hear of every manager's act at a game (tournaments records staff who acted
    at its tables, so that they never enter the event late)."""
    if hook not in _management_hooks:
        _management_hooks.append(hook)


def managed(game: Game, user) -> None:
    """A manager is acting at `game`: call inside the act's transaction, so that a refused act
    leaves nothing of what the hooks did."""
    for hook in _management_hooks:
        hook(game, user)


def register_competitor_check(check: OrganiserCheck) -> None:
    """Let another app say that a user competes with the game's players without sitting at it
    (an entrant of the tournament the table belongs to): they manage it not even as staff."""
    if check not in _competitor_checks:
        _competitor_checks.append(check)


def competes_at(game: Game, user) -> bool:
    """Whether `user` plays in the game or competes with its players elsewhere."""
    return plays_in(game, user) or any(check(game, user) for check in _competitor_checks)


def plays_in(game: Game, user) -> bool:
    """Whether `user` has (or had) a seat in the game: a first player whose seat went to someone
    else still played in it."""
    return game.seats.filter(Q(user=user) | Q(first_user=user)).exists()


def is_organiser(game: Game, user) -> bool:
    """Staff, or an organiser by a registered check: may take a seat from a player still playing.

    Never at a game where they sit: nobody moderates a table they play at, staff included: a
    staff organiser could otherwise hand their opponent's seat to a bot."""
    if not getattr(user, "is_authenticated", False):
        return False
    if not (user.is_staff or any(check(game, user) for check in _organiser_checks)):
        return False
    return not competes_at(game, user)


def is_unlimited(game: Game, user) -> bool:
    """Staff alone act beyond the limits on pauses and extensions (settings `GAME_MAX_*`), and not
    at a game where they sit (there they are its creator, at most)."""
    return bool(getattr(user, "is_staff", False)) and not competes_at(game, user)


def can_manage(game: Game, user) -> bool:
    """The creator or an organiser: may pause, resume, extend (within limits) and fill vacated seats."""
    if not getattr(user, "is_authenticated", False):
        return False
    creator = game.created_by_id is not None and game.created_by_id == user.pk
    return creator or is_organiser(game, user)
