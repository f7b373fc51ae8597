"""Mail nobody asked for: game and tournament invitations and seat offers, counted per address.

Each kind has its limits per sender, but an invitation withdrawn and sent again, a game made
only to offer its seat, or many senders could still mail one address without end (an attacker's
review sent the same person mail after mail). So every such mail to one address counts against
one daily allowance, `UNASKED_MAILS_PER_DAY`, read from the outbox itself.
"""

from __future__ import annotations

import re
from datetime import timedelta
from functools import reduce
from operator import or_

from django.conf import settings
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from games.services.errors import ActionRejected
from wildcards_site.outbox.models import OutboxMessage

# The outbox keys of such mail (games.services.notify_lobby, notify_organiser; tournaments.mails).
PREFIXES = ("invite:", "seat-offer:", "tournament-invite:")


# Domains whose mailboxes ignore dots in the name (Gmail's); a "+tag" is ignored almost everywhere.
DOTLESS_DOMAINS = ("gmail.com", "googlemail.com")


def mailbox_pattern(address: str) -> str:
    """A regular expression matching every way of writing the mailbox of `address`: any case,
    any "+tag", and at Gmail any dots and either domain (the final review counted victim+1@,
    victim+2@ ... apart, all landing in one mailbox)."""
    name, _at, domain = address.strip().lower().rpartition("@")
    name = name.split("+", 1)[0]
    if domain in DOTLESS_DOMAINS:
        letters = name.replace(".", "")
        name_pattern = r"\.?".join(re.escape(char) for char in letters)
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

    `who` names the person as the sender typed or sees them, never the address of an account."""
    if mailed_today(address) >= settings.UNASKED_MAILS_PER_DAY:
        raise ActionRejected(
            "too_many_invitations",
            _("%(who)s has had as many invitations and seat offers today as we send one person. Try again tomorrow.")
            % {"who": who[:80]},
        )
