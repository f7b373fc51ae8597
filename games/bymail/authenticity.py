"""What the receiving mail servers concluded about a reply's sender (SPF, DKIM, DMARC).

The reply address is a per-seat secret and the From must be the player's,
but a From is easy to forge. Receiving servers check the sender's domain and
write their verdict into the mail: `Authentication-Results` (RFC 8601),
`Received-SPF` (RFC 7208), and Mailgun's `X-Mailgun-Spf` and
`X-Mailgun-Dkim-Check-Result`. Only the topmost header of each kind counts:
it was added by the last server, ours or our provider's; lower ones come
from earlier hops or from the sender, who could write anything there.
A verdict of failure refuses the mail; no verdict (a self-hosted server
that checks nothing) leaves the decision to the token and the From.

A server writes its own kinds only, and a header of any other kind is there because an
earlier hop or the sender wrote it (Postfix with policyd-spf writes Received-SPF alone; a
forger adds `Authentication-Results: …; dmarc=pass`). So the kinds are weighed apart: each
source's topmost verdict is read on its own, and a failure of any one refuses the mail; a pass
of one kind never answers a failure of another. Where the operator names the kinds their
receiving side writes (`INBOUND_VERDICT_HEADERS`), only those are read, together, as one
server's verdict (a forwarding hop's SPF failure is then answered by the DKIM and DMARC passes
the same server found).

`Authentication-Results` is read by its grammar, not searched for words: the server
quotes what the sender chose (the envelope sender, in `smtp.mailfrom` and comments),
so `dmarc=pass@evil.example` there must not read as a verdict. authres, the reference
parser, refuses Microsoft 365's header (it has no authserv-id), hence this small reader.
"""

from __future__ import annotations

import re

# A resinfo opens each ";" part of the header: `method[/version]=result` (RFC 8601 2.2).
_METHODSPEC = re.compile(r"([a-z0-9-]+)(?:/[0-9]+)?=([a-z]+)", re.IGNORECASE)
_AROUND_EQUALS = re.compile(r"\s*=\s*")
# A failure written anywhere in the header, comments and values included. The sender can make
# the header ill-formed (a quote or a parenthesis in the envelope sender the server quotes) and
# so shift what reads as a part's opening words; a failure is never hidden that way, and one the
# sender wrote into their own address only refuses their own mail.
_FAILURE_ANYWHERE = re.compile(r"\b(spf|dmarc)\s*=\s*fail\b", re.IGNORECASE)
# A method said twice in one header: a failure is never hidden by a pass (a value the receiver
# copied without its quotes could split off a part that looks like a verdict), but one passing
# DKIM signature of several is enough.
_DECISIVE = {"dmarc": "fail", "spf": "fail", "dkim": "pass"}
# The only DMARC verdicts that decide; none, temperror and permerror leave it to SPF and DKIM.
_DMARC_DECIDES = ("pass", "fail")


def _parts(value: str) -> list[str]:
    """The header's ";"-separated parts with comments dropped, quoted strings kept whole."""
    parts, current, depth, quoted, escaped = [], [], 0, False, False
    for char in value:
        if escaped:
            escaped = False
            if depth == 0:
                current.append(char)
            continue
        if char == "\\" and (quoted or depth):
            escaped = True
            continue
        if depth:
            depth += {"(": 1, ")": -1}.get(char, 0)
            if depth == 0:
                current.append(" ")
            continue
        if quoted:
            quoted = char != '"'
            current.append(char)
        elif char == '"':
            quoted = True
            current.append(char)
        elif char == "(":
            depth = 1
        elif char == ";":
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    parts.append("".join(current))
    return parts


def _results(value: str) -> dict[str, str]:
    """Each method's result as the server wrote it: only the words that open a part count,
    never a property's value or a comment (the sender chose those: `smtp.mailfrom=dmarc=pass@…`)."""
    found: dict[str, str] = {}
    for part in _parts(value):
        words = _AROUND_EQUALS.sub("=", part).split()
        spec = _METHODSPEC.fullmatch(words[0]) if words else None
        if spec is None:  # the authserv-id, "none", or nothing
            continue
        method, result = spec.group(1).lower(), spec.group(2).lower()
        if method not in found or result == _DECISIVE.get(method):
            found[method] = result
    for method in _FAILURE_ANYWHERE.findall(value):
        found[method.lower()] = "fail"
    return found


def _first(message, header: str) -> str:
    values = message.get_all(header) or []
    return str(values[0]) if values else ""


# The verdict headers, each weighed on its own unless the operator names them. Mailgun's two
# are apart too: on a mail it found no signature in, the DKIM header may be the sender's, and
# a "Pass" written there must not answer Mailgun's own SPF failure. An
# operator on Mailgun who wants a forwarded reply's DKIM pass to count names both.
SOURCES: dict[str, tuple[str, ...]] = {
    "authentication-results": ("Authentication-Results",),
    "received-spf": ("Received-SPF",),
    "mailgun-spf": ("X-Mailgun-Spf",),
    "mailgun-dkim": ("X-Mailgun-Dkim-Check-Result",),
}
HEADERS: tuple[str, ...] = tuple(header for headers in SOURCES.values() for header in headers)


def verdicts(message, headers: tuple[str, ...] | list[str] = HEADERS) -> dict[str, str]:
    """The topmost verdicts of these headers, e.g. {"spf": "pass", "dkim": "fail", "dmarc": "fail"},
    lower-cased; where two say the same method, the first header named here decides."""
    wanted = {header.lower() for header in headers}
    found: dict[str, str] = {}
    if "authentication-results" in wanted:
        found = {
            method: result
            for method, result in _results(_first(message, "Authentication-Results")).items()
            if method in ("spf", "dkim", "dmarc")
        }
    spf = _first(message, "Received-SPF").split() if "received-spf" in wanted else []
    if spf:
        found.setdefault("spf", spf[0].lower())
    mailgun_spf = _first(message, "X-Mailgun-Spf").strip().lower() if "x-mailgun-spf" in wanted else ""
    if mailgun_spf:
        found.setdefault("spf", mailgun_spf)
    mailgun_dkim = (
        _first(message, "X-Mailgun-Dkim-Check-Result").strip().lower()
        if "x-mailgun-dkim-check-result" in wanted
        else ""
    )
    if mailgun_dkim:
        found.setdefault("dkim", mailgun_dkim)
    return found


def looks_forged(message, named: list[str] | None = None) -> bool:
    """True when the receiving side says the From domain did not send it.

    `named`: the verdict headers the receiving side writes (the `INBOUND_VERDICT_HEADERS`
    setting); read together as one server's verdict. Unnamed (None or empty): every source
    is weighed on its own and any one's failure refuses.
    """
    if named:
        return _failed(verdicts(message, named))
    return any(_failed(verdicts(message, headers)) for headers in SOURCES.values())


def _failed(found: dict[str, str]) -> bool:
    """DMARC's pass or fail decides when there is one; otherwise (no DMARC policy: dmarc=none,
    as Gmail and Outlook write it, or an error) a hard SPF failure without a passing DKIM
    signature does (a softfail or neutral does not)."""
    if found.get("dmarc") in _DMARC_DECIDES:
        return found["dmarc"] == "fail"
    return found.get("spf") == "fail" and found.get("dkim") != "pass"
