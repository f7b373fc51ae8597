"""Queue mail in the current transaction; send it later, with retries and backoff."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta

from django.core.mail import EmailMultiAlternatives
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.utils import timezone

from wildcards_site.emails import make_message
from wildcards_site.outbox import recipes
from wildcards_site.outbox.connection import BatchConnection
from wildcards_site.outbox.message_ids import with_message_id
from wildcards_site.outbox.models import OutboxMessage
from wildcards_site.queueing import queue_task

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 8
# A worker that died mid-send leaves a claimed row; after this it is tried again. A send
# gives up within the SMTP timeout (EMAIL_TIMEOUT) or the provider's HTTP timeout, and a
# batch renews the claim of the rows it has still to send every CLAIM_REFRESH_SECONDS, so a
# claim older than this is a dead worker's.
STALE_CLAIM = timedelta(seconds=120)
CLAIM_REFRESH_SECONDS = 30


def queue_mail(
    key: str,
    name: str,
    to: str,
    ctx: dict,
    language: str | None = None,
    headers: dict | None = None,
    time_zone: str | None = None,
) -> OutboxMessage | None:
    """Render message `name` now and store it; None when `key` was queued before."""
    headers = with_message_id(key, headers)
    message = make_message(name, to, ctx, language, headers, time_zone)
    html = next((content for content, mimetype in message.alternatives if mimetype == "text/html"), "")
    try:
        with transaction.atomic():
            row = OutboxMessage.objects.create(
                key=key,
                to=to,
                subject=message.subject,
                text=message.body,
                html=html,
                headers=headers,
                next_attempt_at=timezone.now(),
            )
    except IntegrityError:
        return None
    _remember([key])
    return row


def queue_recipe(key: str, to: str, recipe: dict, send_at: datetime | None = None) -> None:
    """Store a mail to be rendered by the worker (see `outbox.recipes`); nothing when `key` was queued before.

    `send_at`: not sent before then (the periodic sweep sends it once due). Inside `collecting()`
    the row waits for the block's one INSERT.
    """
    now = timezone.now()
    row = OutboxMessage(key=key, to=to, recipe=recipe, next_attempt_at=max(now, send_at) if send_at else now)
    buffer = getattr(_pending, "buffer", None)
    if buffer is not None:
        buffer.append(row)
        return
    _insert([row])


def drop_unsent(keys: list[str]) -> int:
    """Mail no longer wanted (an invitation withdrawn): rows still waiting are never sent.
    One a worker has claimed already may still go out. The number dropped."""
    return OutboxMessage.objects.filter(key__in=keys, status=OutboxMessage.Status.PENDING).update(
        status=OutboxMessage.Status.DROPPED, last_error=""
    )


def release(keys: list[str], facts: dict) -> int:
    """Mail queued to wait (a later `send_at`) for something that has now happened goes at once,
    its recipe completed with `facts`. Rows sent, dropped or claimed already are left as they
    are. In the caller's transaction; the number released."""
    now = timezone.now()
    rows = list(
        OutboxMessage.objects.select_for_update().filter(
            key__in=keys, status=OutboxMessage.Status.PENDING, recipe__isnull=False
        )
    )
    for row in rows:
        row.recipe = {**row.recipe, **facts}
        row.next_attempt_at = min(row.next_attempt_at, now)
    OutboxMessage.objects.bulk_update(rows, ["recipe", "next_attempt_at"])
    if rows:
        _remember([row.key for row in rows])
    return len(rows)


def _insert(rows: list[OutboxMessage]) -> None:
    # ON CONFLICT DO NOTHING: one statement, and no savepoint to undo a duplicate key.
    OutboxMessage.objects.bulk_create(rows, ignore_conflicts=True)
    _remember([row.key for row in rows])


@contextmanager
def collecting() -> Iterator[None]:
    """Queue the mail of this block with one INSERT at its end (the deadline sweep closes many games).

    Nothing is stored when the block fails: its rows go with the savepoint
    or transaction that the caller rolls back.
    """
    outer = getattr(_pending, "buffer", None)
    _pending.buffer = []
    try:
        yield
        rows = list({row.key: row for row in _pending.buffer}.values())
    finally:
        _pending.buffer = outer
    if rows:
        _insert(rows)


# Keys of messages queued by this thread and not yet handed to a worker. One
# task carries all the mail of a transaction (up to KEYS_PER_TASK keys); later
# hooks of the same commit find the list empty. Keys of a rolled-back transaction
# ride along harmlessly: claiming a row that does not exist claims nothing.
_pending = threading.local()
KEYS_PER_TASK = 200
# Mail waits behind every other task (closing deadlines first): with Redis, 0 is the
# highest priority (settings: CELERY_BROKER_TRANSPORT_OPTIONS).
MAIL_PRIORITY = 6


def _remember(keys: list[str]) -> None:
    _pending.keys = [*getattr(_pending, "keys", []), *keys]
    transaction.on_commit(_kick)


def _kick() -> None:
    """Ask workers to send soon; if the broker is down, the sweep sends it later."""
    keys, _pending.keys = getattr(_pending, "keys", []), []
    for start in range(0, len(keys), KEYS_PER_TASK):
        chunk = keys[start : start + KEYS_PER_TASK]
        if not queue_task("wildcards_site.outbox.tasks.send_outbox_keys", (chunk,), priority=MAIL_PRIORITY):
            break


def _due(now):
    return Q(status=OutboxMessage.Status.PENDING, next_attempt_at__lte=now) | Q(
        status=OutboxMessage.Status.SENDING, claimed_at__lt=now - STALE_CLAIM
    )


def _fail(row: OutboxMessage, error: Exception, rendered: dict | None = None) -> None:
    failed = row.attempts >= MAX_ATTEMPTS
    OutboxMessage.objects.filter(pk=row.pk).update(
        status=OutboxMessage.Status.FAILED if failed else OutboxMessage.Status.PENDING,
        next_attempt_at=timezone.now() + backoff(row.attempts),
        last_error=f"{error.__class__.__name__}: {error}"[:2000],
        **(rendered or {}),
    )
    log.warning("outbox: message %s failed (attempt %s): %s", row.pk, row.attempts, error)


def claim_batch(keys: list[str] | None = None, limit: int = 500) -> list[OutboxMessage]:
    """Take due messages for sending in one go: these keys (in this order), or the earliest due.

    Rows another worker holds are skipped (SKIP LOCKED), so two workers never
    take the same row; a worker that dies leaves its rows to the stale-claim rule.
    """
    now = timezone.now()
    with transaction.atomic():
        due = OutboxMessage.objects.select_for_update(skip_locked=True).filter(_due(now))
        due = due.filter(key__in=keys) if keys is not None else due.order_by("next_attempt_at")
        rows = list(due[:limit])
        OutboxMessage.objects.filter(pk__in=[row.pk for row in rows]).update(
            status=OutboxMessage.Status.SENDING, claimed_at=now, attempts=F("attempts") + 1
        )
    for row in rows:
        row.status, row.claimed_at, row.attempts = OutboxMessage.Status.SENDING, now, row.attempts + 1
    if keys is not None:
        order = {key: index for index, key in enumerate(keys)}
        rows.sort(key=lambda row: order[row.key])
    return rows


def send_batch(rows: list[OutboxMessage]) -> int:
    """Send claimed rows over one connection to the mail server or provider, the recipes among
    them sharing what they load; returns how many were sent.

    The rows still waiting have their claim renewed as the batch goes, so a long batch (a slow
    provider) is never taken for a dead worker's and sent a second time by another.
    """
    if not rows:
        return 0
    memo: dict = {}
    connection = BatchConnection()
    sent = 0
    renewed = time.monotonic()
    try:
        for index, row in enumerate(rows):
            if time.monotonic() - renewed > CLAIM_REFRESH_SECONDS:
                _renew_claims(rows[index:])
                renewed = time.monotonic()
            sent += send_claimed(row, memo, connection)
    finally:
        connection.close()
    return sent


def _renew_claims(rows: list[OutboxMessage]) -> None:
    OutboxMessage.objects.filter(pk__in=[row.pk for row in rows], status=OutboxMessage.Status.SENDING).update(
        claimed_at=timezone.now()
    )


RENDERED_FIELDS = ("to", "subject", "text", "html", "headers")


def render_claimed(row: OutboxMessage, memo: dict | None = None) -> bool:
    """Fill a recipe row's subject, text, html and headers; False (and marked dropped) when no longer wanted.

    Not saved here: sending saves them with its outcome, in the same statement.
    """
    message = recipes.build(row.recipe, memo)
    if message is None:
        OutboxMessage.objects.filter(pk=row.pk).update(status=OutboxMessage.Status.DROPPED, last_error="")
        return False
    row.to = message.to[0]
    row.subject = message.subject
    row.text = message.body
    row.html = next((content for content, mimetype in message.alternatives if mimetype == "text/html"), "")
    row.headers = with_message_id(row.key, message.extra_headers)
    return True


def send_claimed(row: OutboxMessage, memo: dict | None = None, connection: BatchConnection | None = None) -> bool:
    """Send a claimed message (rendering it first if it is a recipe); on failure retry later with backoff.

    `connection`: a batch's, shared with the mails after this one. A mailer that raises nothing
    but takes nothing (one set to fail silently) has not sent it: it is tried again.
    """
    rendered: dict = {}
    if row.recipe is not None and not row.text:
        try:
            if not render_claimed(row, memo):
                return False
        except Exception as error:  # noqa: BLE001 - a rendering bug must not lose the mail: it is retried
            log.exception("outbox: message %s could not be rendered", row.pk)
            _fail(row, error)
            return False
        # Kept with the outcome, so a retry sends the same mail and the admin shows what went out.
        rendered = {name: getattr(row, name) for name in RENDERED_FIELDS}
    # A row queued before every mail had a Message-ID of its key gets it here: a retry is the same mail.
    message = EmailMultiAlternatives(row.subject, row.text, to=[row.to], headers=with_message_id(row.key, row.headers))
    if row.html:
        message.attach_alternative(row.html, "text/html")
    own = connection is None
    connection = connection or BatchConnection()
    try:
        if not connection.send(message):
            raise NothingSent("the mailer took nothing and gave no error")
    except Exception as error:  # noqa: BLE001 - every provider error is retried the same way
        _fail(row, error, rendered)
        return False
    finally:
        if own:
            connection.close()
    OutboxMessage.objects.filter(pk=row.pk).update(
        status=OutboxMessage.Status.SENT,
        sent_at=timezone.now(),
        last_error="",
        provider_message_id=provider_message_id(message),
        **rendered,
    )
    recipe = row.recipe or {}
    log.info("mail key=%s game=%s seat=%s outcome=sent", row.key, recipe.get("game"), recipe.get("seat"))
    return True


class NothingSent(Exception):
    pass


def provider_message_id(message: EmailMultiAlternatives) -> str:
    """The provider's id for a sent message, as tracking webhooks will name it ("" when none).

    Anymail gives a string, None, or a set when recipients got different ids;
    some backends give other types (its test backend an int). A sent message
    must always be recorded as sent, so this never raises.
    """
    found = getattr(getattr(message, "anymail_status", None), "message_id", None)
    if isinstance(found, set | frozenset | list | tuple):
        found = ",".join(sorted(str(part) for part in found))
    return "" if found is None else str(found)[:200]


def backoff(attempts: int) -> timedelta:
    """1, 2, 4 … minutes, at most 2 hours."""
    return timedelta(minutes=min(2 ** max(attempts - 1, 0), 120))


def send_due(limit: int = 500) -> int:
    """Send every due message (the periodic sweep); returns how many were sent."""
    return send_batch(claim_batch(limit=limit))
