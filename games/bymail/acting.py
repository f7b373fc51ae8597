"""Moves made from a mail (a signed link or a reply), through `do_action`.

A mail names a seat's wait and the version it showed. It may act while that
wait is still open and the seat has not acted since: in a simultaneous
phase the others' sealed moves raise the version without changing what
this seat is asked, so they do not spoil its mail; its own move, a timeout
or a new phase do. Everything runs under the game's row lock.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.bymail.tokens import WaitToken
from games.models import Action, Deadline, Game
from games.services import ActionRejected, do_action
from games.services.play import lock_game


@dataclass
class MailMoves:
    game: Game
    applied: list[dict] = field(default_factory=list)
    still_waiting: Deadline | None = None


def check_wait(game: Game, wait: WaitToken, now: datetime, user=None) -> Deadline:
    """The open wait a mail answers, or ActionRejected saying why it cannot act any more.

    `user`: the player the mail was sent to, so that a refusal says "you have moved" only of
    their own moves (not of a bot's that took their seat over)."""
    if game.pk != wait.game_id or wait.version > game.version:
        raise ActionRejected("forged", _("This mail does not belong to this game."))
    if game.status == Game.Status.PAUSED:
        raise ActionRejected("paused", _("The game is paused; you can act again when it resumes."))
    if game.status != Game.Status.RUNNING:
        raise ActionRejected("not_running", _("This game is over, so nothing can be played in it."))
    deadline = Deadline.objects.filter(pk=wait.deadline_id, game=game, seat=wait.seat).first()
    if deadline is None:
        raise ActionRejected("forged", _("This mail does not belong to this game."))
    if deadline.outcome == Deadline.Outcome.TIMEOUT or (deadline.closed_at is None and deadline.closes_at <= now):
        raise ActionRejected(
            "expired", _("The deadline of this move has passed; the default move is made for you at the deadline.")
        )
    # No "Nothing was changed." in these: the refusal mail leads with it (emails/move-refused-*).
    since = Action.objects.filter(game=game, seat=wait.seat, seq__gte=wait.version)
    if since.filter(channel__in=Action.OWN_CHANNELS, actor=user).exists():
        # At the table, through the API or from another mail: not necessarily by answering this one.
        raise ActionRejected("stale", _("You have already moved since this mail was sent."))
    if deadline.closed_at is not None or since.exists():
        raise ActionRejected("stale", _("The game has moved on since this mail was sent."))
    return deadline


def do_mail_moves(wait: WaitToken, user, moves, channel: str, now: datetime | None = None) -> MailMoves:
    """Apply the moves in order, all or none; `moves` is a list of actions or a callable.

    A callable gets (game, position) and returns the next action or None when
    there are no more; it lets a reply's second line be read against the
    legal moves after its first.
    """
    now = now or timezone.now()
    with transaction.atomic():
        game = lock_game(wait.game_id)
        check_wait(game, wait, now, user)
        result = MailMoves(game)
        pending = list(moves) if not callable(moves) else None
        while True:
            action = (pending.pop(0) if pending else None) if pending is not None else moves(game, wait.seat)
            if action is None:
                break
            outcome = do_action(game.pk, wait.seat, action, channel, user=user, expected_version=game.version, now=now)
            game = outcome.game
            result.applied.append(action)
        result.game = game
        result.still_waiting = Deadline.objects.filter(pk=wait.deadline_id, closed_at__isnull=True).first()
        return result


def link_was_used(wait: WaitToken, action: dict) -> bool:
    """True when this very action was made from a mail link for this wait."""
    return Action.objects.filter(
        game_id=wait.game_id, seat=wait.seat, seq__gte=wait.version, payload=action, channel=Action.Channel.EMAIL_LINK
    ).exists()
