"""Answers to mail moves: the move was made (with what is asked next), or why it was not."""

from __future__ import annotations

import logging
import re
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import Q
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from games.bymail import commands, inbound_mime, mails, render
from games.bymail.headers import game_root_id, message_id
from games.bymail.models import InboundMail
from games.engines import get_engine
from games.models import Deadline, Game, Seat
from games.presenters import action_label
from wildcards_site.outbox.sending import queue_mail

log = logging.getLogger(__name__)

# Refusals mailed to one address an hour, whatever the mails' Message-IDs: a few for mail that
# may not be the player's (anyone can write in their name), more for the seat's own player's
# replies (their own mistakes; a bound still, against a loop with an auto-responder).
REFUSALS_AN_HOUR = 5
OWN_REFUSALS_AN_HOUR = 20


def _reply_headers(record: InboundMail, original, event: str, reply_to: str = "") -> dict:
    key = f"inbound:{record.pk}"
    theirs = (original.get("Message-ID") or "").strip()
    references = " ".join(part for part in (game_root_id(record.game_id) if record.game_id else "", theirs) if part)
    headers = {"Message-ID": message_id(key), "X-Wildcards-Event": event}
    if theirs:
        headers["In-Reply-To"] = theirs
    if references:
        headers["References"] = references
    if reply_to:
        headers["Reply-To"] = reply_to
    return headers


# What mail clients put before a reply's subject, in the site's languages and their neighbours'
# (Outlook in Dutch "Antw:", in Italian "R:" and "RIF:", in German "AW:"), counted or not ("Re[2]:").
_REPLY_PREFIXES = re.compile(r"^\s*(?:(?:re|aw|antw|r|rif|ris|sv|vs|res|odp)\s*(?:\[\d+\]|\(\d+\))?\s*:\s*)+", re.I)


def _subject(original) -> str:
    """The answer's subject: the reply's, with one "Re:" however many the clients stacked."""
    subject = _REPLY_PREFIXES.sub("", inbound_mime.header(original, "Subject")[:200])
    return f"Re: {subject}".strip()


def _open_wait(game: Game, seat: Seat) -> Deadline | None:
    if game.status != Game.Status.RUNNING:
        return None
    return Deadline.objects.filter(game=game, seat=seat.position, closed_at__isnull=True).first()


def move_accepted(
    record: InboundMail, seat: Seat, moves, original, unread: list[str] | None = None, turn_over: bool = False
) -> None:
    """Confirm the moves; while the same wait goes on (a payment of several cards) the mail asks for the rest.

    `unread`: the reply's lines below its moves that were not read as moves (a name, a sign-off);
    `turn_over`: they were not read because the turn was over (the game may have made its last
    moves itself: a payment of the whole hand).
    """
    game = moves.game
    profile = seat.user.profile
    with translation.override(profile.language):
        ctx = mails._base(game, seat) | {
            "moves_made": [action_label(action, game.engine) for action in moves.applied],
            "reply_subject": _subject(original),
            "unread": ", ".join(f"“{commands.echo(line)}”" for line in unread or []),
            "turn_over": turn_over,
        }
        if moves.still_waiting is not None:
            ctx |= mails.turn_context(game, seat, moves.still_waiting)
        elif game.status == Game.Status.RUNNING:
            # The turn is over: the table as it left it, so the cards drawn are told now, not
            # only in the next turn mail (the seat's own view).
            view = get_engine(game.engine).view(game.state, seat.position)
            ctx["board"] = render.board(game.engine, view, mails.seat_names(game))
    queue_mail(
        f"inbound:{record.pk}",
        "move-accepted",
        seat.user.email,
        ctx,
        profile.language,
        _reply_headers(record, original, "move-accepted", ctx.get("reply_to", "")),
    )


def move_refused(record: InboundMail, sender: str, seat: Seat | None, reason: str, original, owner: bool) -> None:
    """Say why nothing changed, only to a registered player at their registered address (no backscatter).

    Only the seat's own player is shown its view and legal moves, and only to them is the
    mail's subject quoted back; anyone else gets a fixed subject.
    """
    user = _registered(sender)
    # A mail to this seat's own reply address from an address that is nobody's: its player is told
    # at theirs (a walk-through answered from a second address, and heard nothing until the
    # deadline), without the seat's cards or moves, as the sender may not be them.
    elsewhere = user is None and record.outcome == "sender" and seat is not None and seat.user_id is not None
    if elsewhere:
        user = seat.user
    if user is None:
        return
    limit = OWN_REFUSALS_AN_HOUR if owner else REFUSALS_AN_HOUR
    answered = _answered_lately(user.email, record, seat if elsewhere else None)
    if answered >= limit:
        # Anyone can write in a player's name (a forged From is refused, but answered to the
        # player): a few answers an hour tell them why; more would let a stranger flood them.
        log.info("inbound mail=%s: no answer, %s refusals answered this hour", record.message_id, answered)
        return
    record.answered = True
    language = language_of(sender, seat if owner or elsewhere else None)
    with translation.override(language):
        subject = _subject(original) if owner else _("Your mail to Wildcards")
        if elsewhere:
            reason = _(
                "A reply to one of your game mails came from %(sender)s, not from the address you play "
                "with, so it was not read. Reply from %(address)s."
            ) % {"sender": sender, "address": user.email}
        ctx = {"reason": reason, "reply_subject": subject, "sender": user.email, "last_answer": answered == limit - 1}
        if owner and seat is not None:
            game = Game.objects.get(pk=seat.game_id)
            ctx |= mails._base(game, seat)
            wait = _open_wait(game, seat)
            to_act = wait is not None and seat.position in get_engine(game.engine).to_act(game.state)
            if to_act:
                ctx |= mails.turn_context(game, seat, wait)
    queue_mail(
        f"inbound:{record.pk}",
        "move-refused",
        user.email,
        ctx,
        language,
        _reply_headers(record, original, "move-refused", ctx.get("reply_to", "")),
    )


def _answered_lately(address: str, record: InboundMail, seat: Seat | None = None) -> int:
    """Refusals of mails in this address's name mailed back in the last hour, before `record`;
    with `seat`, also those of mails from other addresses to that seat's reply address."""
    since = timezone.now() - timedelta(hours=1)
    mine = Q(sender__iexact=address)
    if seat is not None:
        mine |= Q(outcome="sender", game_id=seat.game_id, seat=seat.position)
    earlier = InboundMail.objects.filter(mine, received_at__gte=since).exclude(pk=record.pk)
    return earlier.filter(answered=True).count()


def _registered(sender: str):
    if not sender:
        return None
    return get_user_model().objects.filter(email__iexact=sender, is_active=True).first()


def language_of(sender: str, seat: Seat | None) -> str:
    if seat is not None and seat.user_id:
        return seat.user.profile.language
    user = get_user_model().objects.filter(email__iexact=sender).first()
    profile = getattr(user, "profile", None) if user is not None else None
    return profile.language if profile is not None else settings.LANGUAGE_CODE
