"""Answers to replies by mail: what was done (with what is asked next), or why nothing was."""

from __future__ import annotations

import logging
import re
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import Q
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from games.bymail import commands, inbound_mime, mail_context, render
from games.bymail.headers import game_root_id
from games.bymail.models import InboundMail
from games.engines import get_engine
from games.history.replay import state_at
from games.models import Deadline, Game, Seat
from games.presenters import action_label
from games.services.mail_reply import MailResult
from wildcards_site.emails import make_message
from wildcards_site.outbox import recipes
from wildcards_site.outbox.message_ids import message_id
from wildcards_site.outbox.sending import queue_mail, queue_recipe

log = logging.getLogger(__name__)

# Refusals mailed to one address an hour, whatever the mails' Message-IDs: a few for mail that
# may not be the player's (anyone can write in their name), more for the seat's own player's
# replies (their own mistakes; a bound still, against a loop with an auto-responder).
REFUSALS_AN_HOUR = 5
OWN_REFUSALS_AN_HOUR = 20


def _reply_headers(record: InboundMail, original, event: str, reply_to: str = "") -> dict:
    theirs = (original.get("Message-ID") or "").strip()
    return _answer_headers(record.pk, record.game_id, theirs, event, reply_to)


def _answer_headers(record_id: int, game_id: int | None, theirs: str, event: str, reply_to: str = "") -> dict:
    references = " ".join(part for part in (game_root_id(game_id) if game_id else "", theirs) if part)
    headers = {"Message-ID": message_id(f"inbound:{record_id}"), "X-Wildcards-Event": event}
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


def move_accepted(record: InboundMail, seat: Seat, result: MailResult, original) -> None:
    """Queue the answer to a reply that was done: the worker renders it after the commit, from
    the game at the version the reply left it (nothing is rendered under the game's lock)."""
    recipe = {
        "builder": "reply-answer",
        "record": record.pk,
        "game": result.game.pk,
        "seat": seat.position,
        "version": result.game.version,
        "running": result.game.status == Game.Status.RUNNING,
        "applied": result.applied,
        "done": result.done,
        "unread": result.unread,
        "turn_over": result.turn_over,
        "waiting": result.still_waiting.pk if result.still_waiting is not None else None,
        "subject": _subject(original),
        "their_id": (original.get("Message-ID") or "").strip(),
    }
    queue_recipe(f"inbound:{record.pk}", seat.user.email, recipe)


@recipes.register("reply-answer")
def build_answer(recipe: dict, memo: dict):
    """Confirm what a reply did; while the same wait goes on (a payment of several cards) the
    mail asks for the rest. `unread`: the lines below the moves that were not read (a name, a
    sign-off); `turn_over`: they were not read because the turn was over (the game may have
    made its last moves itself: a payment of the whole hand)."""
    game = Game.objects.filter(pk=recipe["game"]).first()
    seat = game and game.seats.select_related("user__profile").filter(position=recipe["seat"]).first()
    if seat is None or seat.user_id is None:
        return None
    game.state, game.version = state_at(game, recipe["version"]), recipe["version"]
    waiting = Deadline.objects.filter(pk=recipe["waiting"]).first() if recipe["waiting"] else None
    profile = seat.user.profile
    with translation.override(profile.language):
        ctx = mail_context.base_context(game, seat) | {
            "moves_made": [action_label(action, game.engine) for action in recipe["applied"]],
            "done": [text for _kind, text in recipe.get("done") or []],
            "reply_subject": recipe["subject"],
            "unread": ", ".join(f"“{commands.echo(line)}”" for line in recipe["unread"]),
            "turn_over": recipe["turn_over"],
        }
        if waiting is not None:
            ctx |= mail_context.turn_context(game, seat, waiting)
        elif recipe["running"]:
            # The turn is over: the table as it left it, so the cards drawn are told now, not
            # only in the next turn mail (the seat's own view).
            view = get_engine(game.engine).view(game.state, seat.position)
            ctx["board"] = render.board(game.engine, view, mail_context.seat_names(game))
    headers = _answer_headers(recipe["record"], game.pk, recipe["their_id"], "move-accepted", ctx.get("reply_to", ""))
    return make_message("move-accepted", seat.user.email, ctx, profile.language, headers)


def move_refused(record: InboundMail, sender: str, seat: Seat | None, reason: str, original, owner: bool) -> None:
    """Say why nothing changed, only to a registered player at their registered address (no backscatter).

    Only the seat's own player is shown its view and legal moves, and only to them is the
    mail's subject quoted back; anyone else gets a fixed subject.
    """
    user = _registered(sender)
    # A mail to this seat's own reply address from an address that is nobody's: its player is told
    # at theirs (one who answered from a second address would hear nothing until the deadline),
    # without the seat's cards or moves, as the sender may not be them.
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
            ctx |= mail_context.base_context(game, seat)
            wait = _open_wait(game, seat)
            to_act = wait is not None and seat.position in get_engine(game.engine).to_act(game.state)
            if to_act:
                ctx |= mail_context.turn_context(game, seat, wait)
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
