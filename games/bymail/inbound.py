"""Replies by mail: one inbound mail in, authenticated and recorded, its lines handed to
`games.services.mail_reply.do_mail_reply`, one answer queued.

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
from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from games.bymail import authenticity, commands, html_reply, inbound_mime
from games.bymail import mails_replies as replies
from games.bymail.models import InboundMail
from games.bymail.tokens import BadToken, WaitToken, find_reply_token
from games.models import Seat
from games.services import ActionRejected
from games.services.mail_reply import do_mail_reply

log = logging.getLogger(__name__)


class Refused(Exception):
    """A mail we do not act on; `owner` when it came from the seat's own player (who may see its moves)."""

    def __init__(self, code: str, message: str, owner: bool = False):
        super().__init__(message)
        self.code = code
        self.message = message
        self.owner = owner


def receive(message: AnymailInboundMessage, now: datetime | None = None, too_large: bool = False) -> InboundMail | None:
    """Act on one inbound mail; None when the same Message-ID was processed before.

    Every other mail ends in one recorded outcome, never in an exception:
    `too_large` says the caller stopped reading an oversized mail (only its header was parsed).
    """
    now = now or timezone.now()
    message_id = inbound_mime.header(message, "Message-ID")
    if not message_id:
        message_id = "sha256:" + hashlib.sha256(_raw(message)).hexdigest()
    sender = inbound_mime.sender(message)
    with transaction.atomic():
        try:
            with transaction.atomic():
                record = InboundMail.objects.create(
                    message_id=message_id[:300],
                    sender=sender[:254],
                    subject=inbound_mime.header(message, "Subject")[:300],
                )
        except IntegrityError:
            return None
        with translation.override(replies.language_of(sender, None)):
            try:
                with transaction.atomic():
                    _handle(record, message, sender, now, too_large)
            except Exception:  # noqa: BLE001 - a mail must never be lost in a traceback
                log.exception("inbound mail %s failed", record.message_id)
                record.outcome = "error"
                record.detail = _("We could not process your mail because of an error on our side. Please reply again.")
        record.detail = inbound_mime.clean(record.detail, inbound_mime.DETAIL_CHARS)
        record.save()
    log.info("inbound mail=%s game=%s seat=%s outcome=%s", message_id, record.game_id, record.seat, record.outcome)
    return record


def _raw(message: AnymailInboundMessage) -> bytes:
    try:
        return message.as_bytes()
    except Exception:  # noqa: BLE001 - unencodable headers: hash what we can read
        return repr(message.items()).encode("utf-8", "replace")


def _handle(record: InboundMail, message: AnymailInboundMessage, sender: str, now: datetime, too_large: bool) -> None:
    seat = None
    try:
        # Authenticity first: a forged sender is answered at most at a registered address, never acted on.
        if authenticity.looks_forged(message, settings.INBOUND_VERDICT_HEADERS):
            raise Refused(
                "forged_sender",
                _(
                    "The mail servers that delivered this mail say it did not come from your address "
                    "(SPF/DKIM/DMARC failed), so it was ignored. If you sent it, reply from your usual mail account."
                ),
            )
        if too_large or inbound_mime.size(message) > inbound_mime.max_bytes():
            raise Refused(
                "too_large",
                _(
                    "Your mail was too large to read (%(size)s MB at most). "
                    "Reply with your move only, without attachments."
                )
                % {"size": inbound_mime.max_bytes() // (1024 * 1024)},
            )
        if not sender:
            raise Refused("no_sender", _("The mail had no single valid sender address, so it was ignored."))
        if inbound_mime.malformed(message):
            raise Refused(
                "malformed", _("We could not read your mail: it is not well-formed MIME. Please reply again.")
            )
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
        lines = _command_lines(message)
        with translation.override(seat.user.profile.language):
            result = do_mail_reply(wait, seat.user, lines, now)
        record.outcome = "accepted"
        record.detail = "\n".join(lines)
        replies.move_accepted(record, seat, result, message)
    except Refused as refused:
        record.outcome, record.detail = refused.code, refused.message
        replies.move_refused(record, sender, seat, refused.message, message, owner=refused.owner)
    except ActionRejected as rejected:
        record.outcome, record.detail = rejected.code, rejected.message
        replies.move_refused(record, sender, seat, rejected.message, message, owner=True)


def _wait_of(message: AnymailInboundMessage) -> WaitToken:
    addresses = [message.envelope_recipient or ""]
    for header in ("To", "Cc", "Delivered-To", "X-Original-To"):
        addresses += [str(value) for value in message.get_all(header) or []]
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
    text = inbound_mime.body(message, "plain")
    if not text.strip():
        # Some phone apps send HTML alone: its own words are read, the quote it marks up is not.
        text = html_reply.reply_text(inbound_mime.body(message, "html"))
    if not text.strip():
        raise Refused("empty", _("Your mail was empty: write your move on the first line of the reply."), owner=True)
    lines = commands.reply_commands(text)
    if not lines:
        raise Refused(
            "no_command",
            _("We found no move in your reply: write it on the first line, above the quoted mail."),
            owner=True,
        )
    return lines
