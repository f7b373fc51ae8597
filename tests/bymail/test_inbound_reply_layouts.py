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


def test_the_answer_to_a_reply_says_re_once_whatever_the_clients_prefixes(table, deliver_in):  # noqa: F811
    # Answers' subjects must not pile up "Re: Re: Re:"; Outlook in Dutch and Italian writes
    # "Antw:" and "R:", which no "Re:" test catches.
    game, mails, deliver = table
    original = mails["alice@example.org"]
    move = listed_moves(original)[0]
    subject = f"Antw: RE: R: re:  {original['Subject']}".encode()
    deliver_in(raw_mail(_reply_to(mails), f"{move}\n".encode(), subject=subject))
    assert InboundMail.objects.get().outcome == "accepted"
    (answer,) = [m for m in deliver() if m["X-Wildcards-Event"] == "move-accepted"]
    assert str(answer["To"]) == "alice@example.org"
    assert str(answer["Subject"]) == f"Re: {original['Subject']}"
