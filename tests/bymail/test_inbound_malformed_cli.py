"""Mail that real servers deliver and parsers choke on: each ends in one recorded outcome, never a traceback.

Raw MIME through `manage.py receive_mail` (the self-hosted path) and through Postmark's
webhook, on the configured database (PostgreSQL in CI: it refuses NUL bytes).
"""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from games.bymail.models import InboundMail
from games.models import Action
from tests.bymail.conftest import listed_moves, post_postmark, text_of
from tests.conftest import make_user
from tests.games.conftest import start_game
from wildcards_site.outbox.models import OutboxMessage


@pytest.fixture
def table(db, mail_server):
    alice = make_user("alice", display_name="Alice")
    bruno = make_user("bruno", language="it")
    game = start_game([alice, bruno], engine="wildcards")
    mails = {str(m["To"]): m for m in mail_server()}
    return game, mails["alice@example.org"], mail_server


def _raw(to: str, body: bytes | str, *, sender: str = "alice@example.org", headers: str = "", ctype: str = "") -> bytes:
    message_id = f"<m{abs(hash((body, headers)))}@ex.org>"
    head = (
        f"From: {sender}\r\nTo: {to}\r\nSubject: Re: your move\r\nMessage-ID: {message_id}\r\n"
        f"MIME-Version: 1.0\r\n{ctype or 'Content-Type: text/plain; charset=utf-8'}\r\n{headers}\r\n"
    ).encode()
    return head + (body.encode() if isinstance(body, str) else body)


def _command(raw: bytes, monkeypatch, capsys) -> str:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(raw)))
    call_command("receive_mail")
    return capsys.readouterr().out


def _moved(game) -> bool:
    return Action.objects.filter(game=game).exists()


def test_an_unknown_charset_is_read_as_utf8(table, monkeypatch, capsys):
    game, original, deliver = table
    move = listed_moves(original)[0]
    raw = _raw(original["Reply-To"], move, ctype="Content-Type: text/plain; charset=x-no-such-charset")
    assert _command(raw, monkeypatch, capsys).startswith("accepted")
    assert _moved(game)


def test_an_empty_charset_is_read_as_utf8(table, monkeypatch, capsys):
    game, original, deliver = table
    move = listed_moves(original)[0]
    raw = _raw(original["Reply-To"], move, ctype='Content-Type: text/plain; charset=""')
    assert _command(raw, monkeypatch, capsys).startswith("accepted")


@pytest.mark.parametrize("sender", ["Alice Only", "<<<garbage@@>>>", "alice@example.org, mallory@example.net", ""])
def test_a_from_that_is_garbage_a_name_or_two_addresses_is_recorded_and_answered_by_nobody(
    table, monkeypatch, capsys, sender
):
    game, original, deliver = table
    raw = _raw(original["Reply-To"], "bid refill", sender=sender)
    out = _command(raw, monkeypatch, capsys)
    assert out.startswith("no_sender")
    assert InboundMail.objects.get().outcome == "no_sender"
    assert not _moved(game)
    assert not OutboxMessage.objects.filter(key__startswith="inbound:").exists()  # nothing queued to nobody
    assert deliver() == []


def test_two_from_headers_are_no_usable_sender(table, monkeypatch, capsys):
    game, original, deliver = table
    raw = _raw(original["Reply-To"], "bid refill", headers="From: mallory@example.net\r\n")
    assert _command(raw, monkeypatch, capsys).startswith("no_sender")
    assert not _moved(game)


def test_nul_bytes_are_stored_without_them(table, monkeypatch, capsys):
    game, original, deliver = table
    raw = _raw(original["Reply-To"], b"bid\x00 nothing\x00 such\r\n")
    out = _command(raw, monkeypatch, capsys)
    record = InboundMail.objects.get()
    assert record.outcome == "unknown_command" and "\x00" not in record.detail
    assert out.startswith("unknown_command")
    answer = next(m for m in deliver() if str(m["To"]) == "alice@example.org")
    assert "\x00" not in text_of(answer)


def test_a_move_inside_a_forwarded_message_is_never_read(table, monkeypatch, capsys):
    game, original, deliver = table
    move = listed_moves(original)[0]
    boundary = "fwd-boundary"
    body = (
        f"--{boundary}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nsee attached\r\n"
        f"--{boundary}\r\nContent-Type: message/rfc822\r\nContent-Disposition: attachment\r\n\r\n"
        f"From: alice@example.org\r\nSubject: old\r\nContent-Type: text/plain\r\n\r\n{move}\r\n"
        f"--{boundary}--\r\n"
    )
    raw = _raw(original["Reply-To"], body, ctype=f'Content-Type: multipart/mixed; boundary="{boundary}"')
    out = _command(raw, monkeypatch, capsys)
    assert out.startswith("unknown_command"), out
    assert not _moved(game)


def test_a_5mb_first_line_is_capped_in_the_record_and_in_the_answer(table, monkeypatch, capsys):
    game, original, deliver = table
    raw = _raw(original["Reply-To"], "x" * 5_000_000 + "\r\n")
    _command(raw, monkeypatch, capsys)
    record = InboundMail.objects.get()
    assert record.outcome == "unknown_command" and len(record.detail) <= 2000
    answer = next(m for m in deliver() if str(m["To"]) == "alice@example.org")
    assert len(text_of(answer)) < 20_000


def test_an_oversized_mail_is_refused_from_its_headers_with_a_clear_reason(table, monkeypatch, capsys, settings):
    game, original, deliver = table
    settings.INBOUND_MAX_BYTES = 1_000_000
    raw = _raw(original["Reply-To"], "bid refill\r\n" + "y" * 3_000_000)
    assert _command(raw, monkeypatch, capsys).startswith("too_large")
    assert not _moved(game)
    answer = next(m for m in deliver() if str(m["To"]) == "alice@example.org")
    assert "too large" in text_of(answer)


def test_the_webhook_path_records_a_garbage_from_without_an_error(client, table):
    game, original, deliver = table
    raw = _raw(original["Reply-To"], "bid refill", sender="Alice Only")
    assert post_postmark(client, raw).status_code == 200
    assert InboundMail.objects.get().outcome == "no_sender"
    assert deliver() == []


def test_a_failure_inside_handling_is_one_recorded_outcome_and_changes_nothing(table, monkeypatch, capsys):
    game, original, deliver = table
    move = listed_moves(original)[0]

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr("games.bymail.inbound.do_mail_reply", broken)
    out = _command(_raw(original["Reply-To"], move), monkeypatch, capsys)
    assert out.startswith("error")
    assert InboundMail.objects.get().outcome == "error"
    assert not _moved(game)
