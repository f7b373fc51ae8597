"""What the receiving mail servers concluded about a reply's sender (SPF, DKIM, DMARC).

The reply address is a per-seat secret and the From must be the player's,
but a From is easy to forge. Receiving servers check the sender's domain and
write their verdict into the mail: `Authentication-Results` (RFC 8601),
`Received-SPF` (RFC 7208), and Mailgun's `X-Mailgun-Spf` /
`X-Mailgun-Dkim-Check-Result`. Only the topmost header of each kind counts:
it was added by the last server, ours or our provider's; lower ones come
from earlier hops or from the sender, who could write anything there.
A verdict of failure refuses the mail; no verdict (a self-hosted server
that checks nothing) leaves the decision to the token and the From.
"""

from __future__ import annotations

import re

_RESULT = re.compile(r"\b(spf|dkim|dmarc)\s*=\s*([a-z]+)", re.IGNORECASE)


def _first(message, header: str) -> str:
    values = message.get_all(header) or []
    return str(values[0]) if values else ""


def verdicts(message) -> dict[str, str]:
    """The topmost verdicts, e.g. {"spf": "pass", "dkim": "fail", "dmarc": "fail"}, lower-cased."""
    found: dict[str, str] = {}
    for method, result in _RESULT.findall(_first(message, "Authentication-Results")):
        found.setdefault(method.lower(), result.lower())
    spf = _first(message, "Received-SPF").split()
    if spf:
        found.setdefault("spf", spf[0].lower())
    mailgun_spf = _first(message, "X-Mailgun-Spf").strip().lower()
    if mailgun_spf:
        found.setdefault("spf", mailgun_spf)
    mailgun_dkim = _first(message, "X-Mailgun-Dkim-Check-Result").strip().lower()
    if mailgun_dkim:
        found.setdefault("dkim", mailgun_dkim)
    return found


def looks_forged(message) -> bool:
    """True when the receiving side says the From domain did not send it.

    DMARC's verdict decides when there is one; otherwise a hard SPF failure
    without a passing DKIM signature does (a softfail or neutral does not).
    """
    found = verdicts(message)
    if "dmarc" in found:
        return found["dmarc"] == "fail"
    return found.get("spf") == "fail" and found.get("dkim") != "pass"
