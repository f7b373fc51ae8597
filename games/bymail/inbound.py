"""Moves by reply: one inbound mail in, at most one set of moves applied, one answer out.

Anymail's inbound webhooks (Postmark, Mailgun, ...) and the `receive_mail`
command (raw MIME on standard input, for a self-hosted mail server) both
end here. The mail is recorded by its Message-ID first, in the same
transaction as its moves, so a second delivery changes nothing and is not
answered again.
"""

from __future__ import annotations

import hashlib
import logging
from datetime import datetime

from anymail.inbound import AnymailInboundMessage
from django.db import IntegrityError, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from games.bymail import authenticity, commands
from games.bymail import mails_replies as replies
from games.bymail.acting import do_mail_moves
from games.bymail.models import InboundMail
from games.bymail.replies import own_text
from games.bymail.tokens import BadToken, WaitToken, find_reply_token
from games.engines import get_engine
from games.models import Action, Seat
from games.services import ActionRejected

log = logging.getLogger(__name__)


class Refused(Exception):
    """A mail we do not act on; `owner` when it came from the seat's own player (who may see its moves)."""

    def __init__(self, code: str, message: str, owner: bool = False):
        super().__init__(message)
        self.code = code
        self.message = message
        self.owner = owner


def receive(message: AnymailInboundMessage, now: datetime | None = None) -> InboundMail | None:
    """Act on one inbound mail; None when the same Message-ID was processed before."""
    now = now or timezone.now()
    message_id = (message.get("Message-ID") or "").strip()
    if not message_id:
        message_id = "sha256:" + hashlib.sha256(message.as_bytes()).hexdigest()
    sender = message.from_email.addr_spec if message.from_email else ""
    with transaction.atomic():
        try:
            with transaction.atomic():
                record = InboundMail.objects.create(
                    message_id=message_id[:300], sender=sender[:254], subject=(message.get("Subject") or "")[:300]
                )
        except IntegrityError:
            return None
        with translation.override(replies.language_of(sender, None)):
            _handle(record, message, sender, now)
        record.save()
    log.info("inbound mail=%s game=%s seat=%s outcome=%s", message_id, record.game_id, record.seat, record.outcome)
    return record


def _handle(record: InboundMail, message: AnymailInboundMessage, sender: str, now: datetime) -> None:
    seat = None
    try:
        if _malformed(message):
            raise Refused(
                "malformed", _("We could not read your mail: it is not well-formed MIME. Please reply again.")
            )
        if not sender:
            raise Refused("no_sender", "")
        wait = _wait_of(message)
        seat = (
            Seat.objects.select_related("user__profile", "game")
            .filter(game_id=wait.game_id, position=wait.seat)
            .first()
        )
        if seat is None:
            raise Refused("forged", _("The address you wrote to is not a game's reply address."))
        record.game, record.seat = seat.game, seat.position
        _check_sender(seat, sender)
        if authenticity.looks_forged(message):
            raise Refused(
                "forged_sender",
                _(
                    "The mail servers that delivered this mail say it did not come from your address "
                    "(SPF/DKIM/DMARC failed), so it was ignored. If you sent it, reply from your usual mail account."
                ),
            )
        lines = _command_lines(message)
        user = seat.user
        engine = get_engine(seat.game.engine)

        pending = list(lines)

        def next_move(game, position):
            if not pending:
                return None
            line = pending.pop(0)
            state_view = engine.view(game.state, position)
            menu = commands.menu(game.engine, engine.legal_actions(game.state, position), state_view)
            try:
                return menu.match(line)
            except commands.CommandError as error:
                raise ActionRejected("unknown_command", str(error)) from None

        with translation.override(user.profile.language):
            moves = do_mail_moves(wait, user, next_move, Action.Channel.EMAIL_REPLY, now)
        record.outcome = "accepted"
        record.detail = "\n".join(lines)
        replies.move_accepted(record, seat, moves, message)
    except Refused as refused:
        record.outcome, record.detail = refused.code, refused.message
        if refused.message:
            replies.move_refused(record, sender, seat, refused.message, message, owner=refused.owner)
    except ActionRejected as rejected:
        record.outcome, record.detail = rejected.code, rejected.message
        replies.move_refused(record, sender, seat, rejected.message, message, owner=True)


def _malformed(message: AnymailInboundMessage) -> bool:
    """Structural damage (broken multipart, missing boundaries, no header/body split) or no From at all."""
    if not message.get("From"):
        return True
    return any(part.defects for part in message.walk())


def _wait_of(message: AnymailInboundMessage) -> WaitToken:
    addresses = [message.envelope_recipient or ""]
    for header in ("To", "Cc", "Delivered-To", "X-Original-To"):
        addresses += message.get_all(header) or []
    try:
        wait = find_reply_token([a for a in addresses if a])
    except BadToken:
        raise Refused(
            "forged", _("The address you wrote to is not a valid reply address: it was changed or made up.")
        ) from None
    if wait is None:
        raise Refused("no_token", _("We could not tell which game your mail is about: reply to a game mail from us."))
    return wait


def _check_sender(seat: Seat, sender: str) -> None:
    owner = seat.user.email if seat.user_id else ""
    if owner and owner.lower() == sender.lower():
        return
    others = {s.user.email.lower() for s in seat.game.seats.select_related("user") if s.user_id and s.user.email}
    if sender.lower() in others:
        raise Refused(
            "other_seat", _("This reply address belongs to another player's seat; you can only move for your own.")
        )
    raise Refused(
        "sender", _("This mail was not sent from the address of the player whose move it is, so it was ignored.")
    )


def _command_lines(message: AnymailInboundMessage) -> list[str]:
    text = message.text
    if not text or not text.strip():
        if message.html:
            raise Refused(
                "html_only",
                _("Your mail had only HTML in it; please reply in plain text with one move per line."),
                owner=True,
            )
        raise Refused("empty", _("Your mail was empty: write your move on the first line of the reply."), owner=True)
    lines = commands.command_lines(own_text(text))
    if not lines:
        raise Refused(
            "no_command",
            _("We found no move in your reply: write it on the first line, above the quoted mail."),
            owner=True,
        )
    return lines
