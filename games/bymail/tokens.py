"""Signed tokens carried by mail: the per-seat reply address and the action links.

Both name a seat's wait (game, seat, the version the mail showed, the
Deadline row) and are checked against the game as it is now by
`games.services.mail_reply.check_wait`.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from dataclasses import dataclass
from email.utils import getaddresses

from django.conf import settings
from django.core import signing

from wildcards_site.outbox.message_ids import reply_domain

LINK_SALT = "games.bymail.action-link"
UNSUBSCRIBE_SALT = "games.bymail.unsubscribe"
REPLY_LOCAL_PART = "play"


@dataclass(frozen=True)
class WaitToken:
    game_id: int
    seat: int
    version: int
    deadline_id: int


class BadToken(ValueError):
    """A token whose signature does not match: forged, damaged, or from another site."""


def _mac(core: str) -> str:
    key = hashlib.sha256(f"bymail.reply:{settings.SECRET_KEY}".encode()).digest()
    digest = hmac.new(key, core.encode(), hashlib.sha256).digest()[:10]
    # Lower-case base32: survives mail servers that change the case of local parts.
    return base64.b32encode(digest).decode().lower()


def reply_address(token: WaitToken) -> str:
    core = f"{token.game_id}.{token.seat}.{token.version}.{token.deadline_id}"
    return f"{REPLY_LOCAL_PART}+{core}.{_mac(core)}@{reply_domain()}"


_ADDRESS = re.compile(rf"^{REPLY_LOCAL_PART}\+(\d+)\.(\d+)\.(\d+)\.(\d+)\.([a-z2-7]+)@", re.IGNORECASE)


def find_reply_token(addresses: list[str]) -> WaitToken | None:
    """The wait named by the first reply address among `addresses`; None when there is none.

    Raises BadToken when an address has our shape but not our signature.
    """
    for _name, address in getaddresses(addresses):
        match = _ADDRESS.match(address.strip())
        if not match:
            continue
        game_id, seat, version, deadline_id, mac = match.groups()
        core = f"{game_id}.{seat}.{version}.{deadline_id}"
        if not hmac.compare_digest(_mac(core), mac.lower()):
            raise BadToken(address)
        return WaitToken(int(game_id), int(seat), int(version), int(deadline_id))
    return None


@dataclass(frozen=True)
class LinkToken:
    user_id: int
    wait: WaitToken
    action: dict


def action_link_token(user_id: int, wait: WaitToken, action: dict) -> str:
    """A signed link for one move. It works while its wait is open, until the wait's deadline
    as it stands then: an extension, a pause or a vacation moves it, so the link carries no
    expiry of its own (links mailed before this carry one, "e", which is no longer read)."""
    payload = {"u": user_id, "g": wait.game_id, "s": wait.seat, "v": wait.version, "d": wait.deadline_id, "a": action}
    return signing.dumps(payload, salt=LINK_SALT, compress=True)


def read_action_link(token: str) -> LinkToken:
    try:
        data = signing.loads(token, salt=LINK_SALT)
        wait = WaitToken(int(data["g"]), int(data["s"]), int(data["v"]), int(data["d"]))
        return LinkToken(int(data["u"]), wait, dict(data["a"]))
    except (signing.BadSignature, KeyError, TypeError, ValueError) as error:
        raise BadToken(str(error)) from None


def unsubscribe_token(user_id: int, event: str) -> str:
    return signing.dumps({"u": user_id, "e": event}, salt=UNSUBSCRIBE_SALT)


def read_unsubscribe(token: str) -> tuple[int, str]:
    try:
        data = signing.loads(token, salt=UNSUBSCRIBE_SALT)
        return int(data["u"]), str(data["e"])
    except (signing.BadSignature, KeyError, TypeError, ValueError) as error:
        raise BadToken(str(error)) from None
