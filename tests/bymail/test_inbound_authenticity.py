"""A reply from the right address is still refused when the receiving servers say its domain did not send it."""

from __future__ import annotations

import pytest

from games.bymail import authenticity
from games.bymail.models import InboundMail
from tests.bymail.conftest import listed_moves, post_mailgun, post_postmark, reply_mime, text_of
from tests.conftest import make_user
from tests.games.conftest import start_game

REFUSED = "did not come from your address"


@pytest.fixture
def table(db, mail_server):
    game = start_game([make_user("alice"), make_user("bruno")], engine="wildcards")
    mails = {str(m["To"]): m for m in mail_server()}
    return game, mails["alice@example.org"], mail_server


def _from_alice(original, *headers: str) -> bytes:
    """Alice's reply as it reaches us, with the receiving servers' headers on top (the last hop's first)."""
    raw = reply_mime(original, "alice@example.org", "bid refill")
    return "".join(f"{header}\r\n" for header in headers).encode() + raw


def _moved(game) -> bool:
    before = game.version
    game.refresh_from_db()
    return game.version > before


def test_it_refuses_a_reply_whose_domain_failed_dmarc(client, table):
    game, original, deliver = table
    raw = _from_alice(original, "Authentication-Results: mx.wildcards.example; spf=pass; dkim=none; dmarc=fail")
    assert post_postmark(client, raw).status_code == 200
    assert not _moved(game)
    assert InboundMail.objects.get().outcome == "forged_sender"
    answer = next(m for m in deliver() if str(m["To"]) == "alice@example.org")
    assert REFUSED in text_of(answer)
    assert listed_moves(answer) == []  # a forger learns nothing of the seat


def test_it_refuses_a_hard_spf_failure_without_a_dkim_signature(client, table):
    game, original, _deliver = table
    raw = _from_alice(original, "Received-SPF: fail (example.org: 203.0.113.9 is not a permitted sender)")
    assert post_mailgun(client, raw).status_code == 200
    assert not _moved(game)
    assert InboundMail.objects.get().outcome == "forged_sender"


def test_it_reads_mailguns_own_verdict_headers(client, table):
    game, original, _deliver = table
    raw = _from_alice(original, "X-Mailgun-Spf: Fail", "X-Mailgun-Dkim-Check-Result: Fail")
    assert post_mailgun(client, raw).status_code == 200
    assert not _moved(game)


@pytest.mark.parametrize(
    ("top", "below", "moved"),
    [
        # A forger may write a passing verdict into the mail; the last server's header above it decides.
        ("dmarc=fail", "spf=pass; dkim=pass; dmarc=pass", False),
        # An earlier hop's failure (a mailing list, say) under our server's pass does not count.
        ("spf=pass; dkim=pass; dmarc=pass", "dmarc=fail", True),
    ],
)
def test_only_the_topmost_verdict_counts(client, table, top, below, moved):
    game, original, _deliver = table
    raw = _from_alice(
        original,
        f"Authentication-Results: mx.wildcards.example; {top}",
        f"Authentication-Results: elsewhere.example; {below}",
    )
    assert post_postmark(client, raw).status_code == 200
    assert _moved(game) is moved


@pytest.mark.parametrize(
    "header",
    [
        "Received-SPF: softfail (example.org: transitioning)",
        "Authentication-Results: mx.wildcards.example; spf=fail; dkim=pass",
        "Authentication-Results: mx.wildcards.example; spf=fail; dkim=pass; dmarc=pass",
    ],
)
def test_a_softfail_or_a_passing_signature_does_not_refuse(client, table, header):
    game, original, _deliver = table
    assert post_postmark(client, _from_alice(original, header)).status_code == 200
    assert _moved(game)


# The topmost Authentication-Results is the receiving server's, but it quotes values the sender
# chose (the envelope sender in smtp.mailfrom, in comments): a verdict-looking word inside them is
# not the server's verdict. What Gmail-style receivers write, the envelope sender chosen by a forger:
INJECTED = (
    "mx.wildcards.example; dkim=none; "
    "spf=pass (mx.wildcards.example: domain of dmarc=pass@evil.example designates 203.0.113.9 "
    "as permitted sender) smtp.mailfrom=dmarc=pass@evil.example; "
    "dmarc=fail (p=REJECT) header.from=example.org"
)


def test_a_forged_reply_cannot_pass_dmarc_with_a_verdict_in_its_own_envelope_sender(client, table):
    game, original, deliver = table
    raw = _from_alice(original, f"Authentication-Results: {INJECTED}")
    assert post_postmark(client, raw).status_code == 200
    assert not _moved(game)
    assert InboundMail.objects.get().outcome == "forged_sender"


class _Headers:
    def __init__(self, *headers: tuple[str, str]) -> None:
        self.headers = headers

    def get_all(self, name: str) -> list[str] | None:
        return [value for key, value in self.headers if key.lower() == name.lower()] or None


# Hand-read: what each header says the receiving server concluded (the RFC 8601 resinfo that open
# each ";" part; comments and property values are the sender's words, not verdicts).
HEADERS = [
    # Gmail: folded, with the envelope sender in a comment and in smtp.mailfrom.
    (
        "mx.google.com;\r\n       dkim=pass header.i=@example.org header.s=s1 header.b=abc;\r\n"
        "       spf=pass (google.com: domain of a@example.org designates 1.2.3.4 as permitted sender)"
        " smtp.mailfrom=a@example.org;\r\n       dmarc=pass (p=NONE sp=NONE dis=NONE) header.from=example.org",
        {"dkim": "pass", "spf": "pass", "dmarc": "pass"},
    ),
    # Microsoft 365: no authserv-id at all (RFC 8601 wants one; real mail has none).
    (
        "spf=pass (sender IP is 1.2.3.4) smtp.mailfrom=example.org; dkim=pass (signature was verified)"
        " header.d=example.org;dmarc=pass action=none header.from=example.org;compauth=pass reason=100",
        {"spf": "pass", "dkim": "pass", "dmarc": "pass"},
    ),
    (INJECTED, {"dkim": "none", "spf": "pass", "dmarc": "fail"}),
    # A quoted local part holding ";" and a verdict: still one property value.
    (
        'mx.example; spf=pass smtp.mailfrom="x;dmarc=pass"@evil.example; dmarc=fail header.from=example.org',
        {"spf": "pass", "dmarc": "fail"},
    ),
    # A nested comment with a verdict and a ";" in it.
    (
        "mx.example (a (nested; dmarc=pass) note); dmarc=fail header.from=example.org",
        {"dmarc": "fail"},
    ),
    # A receiver that dropped the quotes of such a local part: the part it splits off looks like
    # a verdict, but a failure said anywhere in the header is never hidden by a pass.
    (
        "mx.example; spf=pass smtp.mailfrom=x; dmarc=pass @evil.example; dmarc=fail header.from=example.org",
        {"spf": "pass", "dmarc": "fail"},
    ),
    # Several DKIM signatures: one that passes is enough.
    ("mx.example; dkim=fail header.d=evil.example; dkim=pass header.d=example.org", {"dkim": "pass"}),
    # Versioned methods and upper case.
    ("mx.example 1; SPF/1=Fail smtp.mailfrom=example.org; DKIM=None", {"spf": "fail", "dkim": "none"}),
    ("mx.example; none", {}),
]


# Headers a forger can make ill-formed through the envelope sender the receiver quotes: however
# the quotes and comments fall, a failure written anywhere is never hidden.
UNBALANCED = [
    # A quoted local part holding ")": it ends the comment early, and the '"' after it opens a
    # quoted string that would run to the end of the header over "; dmarc=fail".
    'mx.wildcards.example; dkim=none; spf=pass (mx.wildcards.example: domain of "a)b"@evil.example '
    'designates 203.0.113.9 as permitted sender) smtp.mailfrom="a)b"@evil.example; '
    "dmarc=fail (p=REJECT) header.from=example.org",
    # Copied without its quotes: an unclosed "(" would drop the rest as a comment.
    "mx.wildcards.example; spf=pass smtp.mailfrom=a(b@evil.example; dmarc=fail header.from=example.org",
    # Blanks around "=" are grammatical (RFC 8601 2.2: [CFWS] "=" [CFWS]).
    "mx.wildcards.example; spf=pass smtp.mailfrom=evil.example; dmarc = fail header.from=example.org",
]


@pytest.mark.parametrize("header", UNBALANCED)
def test_a_dmarc_failure_is_never_hidden_by_how_the_forgers_address_is_quoted(header):
    message = _Headers(("Authentication-Results", header))
    assert authenticity.verdicts(message)["dmarc"] == "fail"
    assert authenticity.looks_forged(message)


@pytest.mark.parametrize(("header", "expected"), HEADERS)
def test_it_reads_only_the_receiving_servers_own_verdicts(header, expected):
    assert authenticity.verdicts(_Headers(("Authentication-Results", header))) == expected


@pytest.mark.parametrize("dmarc", ["none", "temperror", "permerror"])
def test_a_hard_spf_failure_counts_when_dmarc_has_no_verdict(dmarc):
    # A domain without a DMARC policy (dmarc=none, as Gmail and Outlook write it then): SPF says the
    # domain did not send it and no DKIM signature passes, so the reply is refused as documented.
    header = f"mx.wildcards.example; spf=fail smtp.mailfrom=example.org; dkim=none; dmarc={dmarc}"
    assert authenticity.looks_forged(_Headers(("Authentication-Results", header)))
    passing = f"mx.wildcards.example; spf=fail smtp.mailfrom=example.org; dkim=pass; dmarc={dmarc}"
    assert not authenticity.looks_forged(_Headers(("Authentication-Results", passing)))


# A receiving server writes the verdict headers of its own kinds only; one of another kind is in the
# mail because the sender put it there. Postfix with policyd-spf, say, writes Received-SPF alone:
# a forger's Authentication-Results saying dmarc=pass, or Mailgun's headers saying DKIM passed,
# must not outweigh the server's failure, or a forged mail plays a move.
FORGED_BESIDE_A_REAL_FAILURE = [
    (
        "Received-SPF: fail (wildcards.example: 203.0.113.9 is not a permitted sender)",
        "Authentication-Results: wildcards.example; spf=pass; dkim=pass; dmarc=pass header.from=example.org",
    ),
    (
        "Received-SPF: fail (wildcards.example: 203.0.113.9 is not a permitted sender)",
        "X-Mailgun-Dkim-Check-Result: Pass",
    ),
    ("Authentication-Results: mx.wildcards.example; spf=fail; dkim=none; dmarc=fail", "X-Mailgun-Spf: Pass"),
]


@pytest.mark.parametrize(("server", "forger"), FORGED_BESIDE_A_REAL_FAILURE)
def test_a_verdict_of_a_kind_the_server_does_not_write_never_outweighs_its_failure(client, table, server, forger):
    game, original, _deliver = table
    assert post_postmark(client, _from_alice(original, server, forger)).status_code == 200
    assert not _moved(game)
    assert InboundMail.objects.get().outcome == "forged_sender"


def test_the_receivers_own_kinds_decide_once_the_operator_names_them(client, table, settings):
    # A forwarding hop: SPF fails at our server, but the signature survives and DMARC passes. With
    # the server's headers named, its Authentication-Results decides and the reply is played.
    game, original, _deliver = table
    raw = _from_alice(
        original,
        "Authentication-Results: mx.wildcards.example; spf=fail; dkim=pass; dmarc=pass header.from=example.org",
        "Received-SPF: fail (forwarder.example: 198.51.100.7 is not a permitted sender)",
    )
    settings.INBOUND_VERDICT_HEADERS = ["Authentication-Results"]
    assert post_postmark(client, raw).status_code == 200
    assert _moved(game)


@pytest.mark.parametrize(
    ("named", "headers", "forged"),
    [
        # Unnamed: every kind is read, and a failure of any kind refuses.
        (None, [("Received-SPF", "fail (x)"), ("Authentication-Results", "mx; dmarc=pass")], True),
        (None, [("Received-SPF", "pass (x)"), ("Authentication-Results", "mx; dmarc=pass")], False),
        # Named: only those kinds are read; the others are the sender's words.
        (["Received-SPF"], [("Received-SPF", "fail (x)"), ("Authentication-Results", "mx; dmarc=pass")], True),
        (["Received-SPF"], [("Received-SPF", "pass (x)"), ("Authentication-Results", "mx; dmarc=fail")], False),
        (
            ["X-Mailgun-Spf", "X-Mailgun-Dkim-Check-Result"],
            [("X-Mailgun-Spf", "Fail"), ("X-Mailgun-Dkim-Check-Result", "Pass"), ("Received-SPF", "fail (x)")],
            False,
        ),
        (
            ["X-Mailgun-Spf", "X-Mailgun-Dkim-Check-Result"],
            [("X-Mailgun-Spf", "Fail"), ("Authentication-Results", "mx; dkim=pass")],
            True,
        ),
        # Unnamed, Mailgun's two are apart: a DKIM pass the sender may have written does not
        # answer Mailgun's SPF failure; named together, it does.
        (None, [("X-Mailgun-Spf", "Fail"), ("X-Mailgun-Dkim-Check-Result", "Pass")], True),
        (None, [("X-Mailgun-Spf", "Pass"), ("X-Mailgun-Dkim-Check-Result", "Fail")], False),
        (
            ["X-Mailgun-Spf", "X-Mailgun-Dkim-Check-Result"],
            [("X-Mailgun-Spf", "Fail"), ("X-Mailgun-Dkim-Check-Result", "Pass")],
            False,
        ),
    ],
)
def test_which_verdicts_count(named, headers, forged):
    assert authenticity.looks_forged(_Headers(*headers), named) is forged
