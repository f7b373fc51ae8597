"""A reply from the right address is still refused when the receiving servers say its domain did not send it."""

from __future__ import annotations

import pytest

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
