"""Mail nobody asked for: game and tournament invitations and seat offers, counted per address.

Each kind has its limits per sender, but an invitation withdrawn and sent again, a game made
only to offer its seat, or many senders could still mail one address without end, the same person
mail after mail. So every such mail to one address counts against
one daily allowance, `UNASKED_MAILS_PER_DAY`, read from the outbox itself.
"""

from __future__ import annotations

import contextlib
import hashlib
import re
from datetime import timedelta
from functools import reduce
from operator import or_

from django.conf import settings
from django.db import connection
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from games.services.errors import ActionRejected
from wildcards_site.outbox.models import OutboxMessage

# The outbox keys of such mail (games.bymail.mails_lobby, mails_organiser; tournaments.mail.mails).
PREFIXES = ("invite:", "seat-offer:", "tournament-invite:")


# Domains whose mailboxes ignore dots in the name (Gmail's); a "+tag" is ignored almost everywhere.
DOTLESS_DOMAINS = ("gmail.com", "googlemail.com")


_DOT_ATOM = re.compile(r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*")


def normal_address(address: str) -> str:
    """`address` as one plain spelling of its mailbox: a quoted local part that needs no quotes
    unquoted ("victim"@ and "vic\\tim"@ are victim@), a domain in Unicode in its ASCII form
    (IDNA); case is kept (addresses are compared without it). Invitations store this
    spelling, so the daily share counts one mailbox however it was typed."""
    name, _at, domain = address.strip().rpartition("@")
    if len(name) >= 2 and name[0] == name[-1] == '"':
        inner = re.sub(r"\\(.)", r"\1", name[1:-1])
        if _DOT_ATOM.fullmatch(inner):
            name = inner
    if not domain.isascii():
        with contextlib.suppress(UnicodeError):  # a domain IDNA cannot write: kept as typed
            domain = domain.encode("idna").decode("ascii")
    return f"{name}@{domain}"


def mailbox(address: str) -> str:
    """The mailbox `address` reaches, written one way: no "+tag", at Gmail no dots."""
    name, _at, domain = normal_address(address).lower().rpartition("@")
    name = name.split("+", 1)[0]
    if domain in DOTLESS_DOMAINS:
        name, domain = name.replace(".", ""), DOTLESS_DOMAINS[0]
    return f"{name}@{domain}"


def mailbox_pattern(address: str) -> str:
    """A regular expression matching every way of writing the mailbox of `address` (`mailbox`):
    any case, any "+tag", and at Gmail any dots and either domain (victim+1@, victim+2@
    ... all land in one mailbox, and must count as one)."""
    name, _at, domain = mailbox(address).rpartition("@")
    if domain in DOTLESS_DOMAINS:
        name_pattern = r"\.?".join(re.escape(char) for char in name)
        domain_pattern = "(" + "|".join(re.escape(known) for known in DOTLESS_DOMAINS) + ")"
        return rf"^\.?{name_pattern}\.?(\+[^@]*)?@{domain_pattern}$"
    return rf"^{re.escape(name)}(\+[^@]*)?@{re.escape(domain)}$"


def mailed_today(address: str) -> int:
    """How many invitations and seat offers were queued for the mailbox of `address` in the last 24 hours."""
    since = timezone.now() - timedelta(hours=24)
    kinds = reduce(or_, (Q(key__startswith=prefix) for prefix in PREFIXES))
    mailed = OutboxMessage.objects.filter(kinds, to__iregex=mailbox_pattern(address), created_at__gt=since)
    # A mail withdrawn before it went out reached nobody.
    return mailed.exclude(status=OutboxMessage.Status.DROPPED).count()


def check_room(address: str, who: str) -> None:
    """Refuse one more invitation or offer to `address` once it has had its day's share.

    `who` names the person as the sender typed or sees them, never the address of an account.
    Called inside the transaction that queues the mail: the mailbox is locked until it ends, so
    two invitations sent at once cannot both take its last share."""
    _lock(mailbox(address))
    if mailed_today(address) >= settings.UNASKED_MAILS_PER_DAY:
        raise ActionRejected(
            "too_many_invitations",
            _("%(who)s has had as many invitations and seat offers today as we send one person. Try again tomorrow.")
            % {"who": who[:80]},
        )


def _lock(key: str) -> None:
    """A transaction-long lock on `key` (PostgreSQL's advisory lock; SQLite writes one at a time)."""
    if connection.vendor != "postgresql":
        return
    number = int.from_bytes(hashlib.sha256(f"unasked:{key}".encode()).digest()[:8], "big", signed=True)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s)", [number])
