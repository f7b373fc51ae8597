"""Whole replies through the three ways in: a move written below or between quotes is played, a quoted one never."""

from __future__ import annotations

from games.bymail.models import InboundMail
from games.models import Action
from tests.bymail.conftest import listed_moves, text_of
from tests.bymail.test_inbound_malformed import _reply_to, deliver_in, raw_mail, table  # noqa: F401 - fixtures


def _quoted(message) -> str:
    return "\n".join("> " + line for line in text_of(message).splitlines())


def test_a_move_below_the_quote_in_italian_thunderbird_is_played(table, deliver_in):  # noqa: F811
    game, mails, deliver = table
    original = mails["bruno@example.org"]
    move = listed_moves(original)[0]
    body = f"Il 03/03/26 10:00, Wildcards ha scritto:\n{_quoted(original)}\n\n{move}\n\n-- \nBruno\n"
    deliver_in(raw_mail(_reply_to(mails, "bruno@example.org"), body.encode(), sender=b"bruno@example.org"))
    assert InboundMail.objects.get().outcome == "accepted"
    assert Action.objects.filter(game=game).count() == 1


def test_a_quoted_move_alone_is_never_played(table, deliver_in):  # noqa: F811
    game, mails, deliver = table
    original = mails["alice@example.org"]
    body = f"On Tue, 3 Mar 2026 at 09:00, Wildcards <games@wildcards.localhost> wrote:\n{_quoted(original)}\n"
    deliver_in(raw_mail(_reply_to(mails), body.encode()))
    assert InboundMail.objects.get().outcome == "no_command"
    assert not Action.objects.filter(game=game).exists()
