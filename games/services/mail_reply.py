"""Moves made from a mail (a signed link or a reply), under one lock of the game's row.

A mail names a seat's wait and the version it showed. It may act while that wait is still
open and the seat has not acted since: in a simultaneous phase the others' sealed moves raise
the version without changing what this seat is asked, so they do not spoil its mail; its own
move, a timeout or a new phase do. A reply's lines are read by the commands of
`games.services.reply_lines` and applied whole or not at all; every refusal is an
`ActionRejected`. The answer mail is the caller's to queue, in the same transaction.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.ahead.models import AHEAD_WAIT
from games.models import Action, Deadline, Game
from games.services import reply_lines
from games.services.errors import ActionRejected
from games.services.play import act_locked, load_seats, lock_game
from games.services.reply_lines import LineRefused, ReplyTurn, Step

# No line of a reply is echoed longer than this in a refusal; no move is longer.
ECHO_CHARS = 80


class MailWait(Protocol):
    """The wait a mail was sent for (`games.bymail.tokens.WaitToken`)."""

    game_id: int
    seat: int
    version: int
    deadline_id: int


@dataclass
class MailResult:
    """What a mail did: the moves made now, the other commands' deeds, the lines left unread."""

    game: Game
    applied: list[dict] = field(default_factory=list)
    still_waiting: Deadline | None = None
    done: list[tuple[str, str]] = field(default_factory=list)  # (command, what the answer tells)
    unread: list[str] = field(default_factory=list)
    # The unread lines were below the moves of a turn that was over by then (not a sign-off's).
    turn_over: bool = False


def echo(line: str) -> str:
    """A line of the reply as a refusal quotes it back: stripped, and cut when long."""
    shown = line.strip()
    return shown if len(shown) <= ECHO_CHARS else shown[: ECHO_CHARS - 1] + "…"


def check_wait(game: Game, wait: MailWait, now: datetime, user=None) -> Deadline | None:
    """The open wait a mail answers, or ActionRejected saying why it cannot act any more; None
    for a mail that asked for answers ahead (they are checked line by line against the game now).

    `user`: the player the mail was sent to, so that a refusal says "you have moved" only of
    their own moves (not of a bot's that took their seat over)."""
    if game.pk != wait.game_id or wait.version > game.version:
        raise ActionRejected("forged", _("This mail does not belong to this game."))
    if game.status == Game.Status.PAUSED:
        raise ActionRejected("paused", _("The game is paused; you can act again when it resumes."))
    if game.status != Game.Status.RUNNING:
        raise ActionRejected("not_running", _("This game is over, so nothing can be played in it."))
    if wait.deadline_id == AHEAD_WAIT:
        return None
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


def do_mail_moves(wait: MailWait, user, actions: list[dict], channel: str, now: datetime | None = None) -> MailResult:
    """Make a mail link's moves in order, all or none."""
    now = now or timezone.now()
    if wait.deadline_id == AHEAD_WAIT:
        raise ActionRejected("forged", _("This mail does not belong to this game."))
    with transaction.atomic():
        game = lock_game(wait.game_id)
        seats = load_seats(game)
        check_wait(game, wait, now, user)
        result = MailResult(game)
        for action in actions:
            act_locked(game, wait.seat, action, channel, user, game.version, now, seats)
            result.applied.append(action)
        result.still_waiting = _still_waiting(wait)
        return result


def do_mail_reply(wait: MailWait, user, lines: list[str], now: datetime | None = None) -> MailResult:
    """Do what a reply's lines say, in order, whole or not at all (ActionRejected says why).

    Each line is read against the game as the lines above it left it. Once the turn the mail
    asked for is over, lines are read only as other commands than a move (talk, an answer
    ahead); a move below it is for a turn the player has not seen, and is not played. A line
    that ends the reading (a sign-off) leaves itself and the rest unread.
    """
    now = now or timezone.now()
    with transaction.atomic():
        game = lock_game(wait.game_id)
        seats = load_seats(game)
        check_wait(game, wait, now, user)
        result = MailResult(game)
        asked = wait.deadline_id != AHEAD_WAIT
        seen = wait.version if wait.version < game.version else None
        turn = ReplyTurn(game, wait.seat, user, now, list(lines), seats, asked, asked, seen_version=seen)
        for index, line in enumerate(lines):
            turn.index = index
            if turn.moves_open and result.applied and _still_waiting(wait) is None:
                turn.moves_open = False
            try:
                step = _read(line, turn)
            except LineRefused as error:
                raise ActionRejected("unknown_command", _after(lines, index, str(error))) from None
            if step is None:  # a move, below a turn that is over
                result.unread.append(line)
                result.turn_over = True
            elif step.ignore:
                result.unread.append(line)
            elif step.stop:
                result.unread.extend(lines[index:])
                break
            elif step.move is not None:
                act_locked(game, wait.seat, step.move, Action.Channel.EMAIL_REPLY, user, game.version, now, seats)
                result.applied.append(step.move)
            else:
                result.done.append((step.kind, step.run(turn)))
        result.still_waiting = _still_waiting(wait)
        return result


def _read(line: str, turn: ReplyTurn) -> Step | None:
    for command in reply_lines.commands():
        step = command.read(line, turn)
        if step is not None:
            return step
    if not turn.asked_move:
        raise LineRefused(
            _("“%(line)s” is not an answer ahead: write the case, a colon and the move, as the mail lists them.")
            % {"line": echo(line)}
        )
    if turn.moves_open:
        raise LineRefused(_("“%(line)s” is not one of your legal moves now.") % {"line": echo(line)})
    return None


def _after(lines: list[str], index: int, reason: str) -> str:
    if not index:
        return reason
    return _(
        "After “%(previous)s”: %(reason)s A reply is taken whole or not at all, "
        "so the moves above that line were not made either."
    ) % {"previous": echo(lines[index - 1]), "reason": reason}


def _still_waiting(wait: MailWait) -> Deadline | None:
    """The wait the mail was sent for, if still open; for the answer-ahead mail, the seat's own
    turn if it is asked now (an answer that played part of it leaves the rest to ask for)."""
    if wait.deadline_id == AHEAD_WAIT:
        return Deadline.objects.filter(game_id=wait.game_id, seat=wait.seat, closed_at__isnull=True).first()
    return Deadline.objects.filter(pk=wait.deadline_id, closed_at__isnull=True).first()


def link_was_used(wait: MailWait, action: dict) -> bool:
    """True when this very action was made from a mail link for this wait."""
    return Action.objects.filter(
        game_id=wait.game_id, seat=wait.seat, seq__gte=wait.version, payload=action, channel=Action.Channel.EMAIL_LINK
    ).exists()
