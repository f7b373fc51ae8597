"""A reply in HTML alone (some phone mail apps send no plain-text part) is read like a plain one:
the player's own words above the quote, never the quoted mail. The raw MIME below follows what
Gmail, Outlook and Apple Mail put in a reply's HTML (their quote containers and attribution
lines). Such replies are not refused outright ("Your mail had only HTML
in it")."""

from __future__ import annotations

import html
from email.message import EmailMessage
from email.utils import make_msgid

import pytest

from games.bymail.models import InboundMail
from games.models import Action
from tests.bymail.conftest import post_mailgun, post_postmark, text_of
from tests.conftest import make_user
from tests.games.conftest import start_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(mail_server):
    alice = make_user("alice", display_name="Alice")
    bruno = make_user("bruno", language="it", time_zone="Europe/Rome")
    game = start_game([alice, bruno], engine="wildcards")
    mails = {str(m["To"]): m for m in mail_server()}
    return game, mails["alice@example.org"], mail_server


def _quoted(original) -> str:
    """The original mail's text as clients quote it in HTML: its move list among it."""
    return "<br>".join(html.escape(line) for line in text_of(original).splitlines())


def _gmail(own: str, original) -> str:
    return (
        f'<div dir="ltr">{own}</div><br><div class="gmail_quote gmail_quote_container">'
        '<div dir="ltr" class="gmail_attr">On Tue, 3 Mar 2026 at 09:00, Wildcards &lt;games@wildcards.localhost&gt; '
        'wrote:<br></div><blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex;border-left:1px solid '
        f'rgb(204,204,204);padding-left:1ex">{_quoted(original)}</blockquote></div>'
    )


def _outlook(own: str, original) -> str:
    return (
        '<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"></head>'
        '<body><div class="elementToProof" style="font-family: Aptos, sans-serif; font-size: 12pt;">'
        f"{own}</div>"
        '<div id="appendonsend"></div><hr style="display:inline-block;width:98%" tabindex="-1">'
        '<div id="divRplyFwdMsg" dir="ltr"><font face="Calibri, sans-serif" style="font-size:11pt">'
        "<b>From:</b> Wildcards &lt;games@wildcards.localhost&gt;<br><b>Sent:</b> Tuesday, March 3, 2026 9:00 AM"
        "<br><b>Subject:</b> Your move</font><div>&nbsp;</div></div>"
        f'<div class="BodyFragment"><font size="2"><span style="font-size:11pt;">{_quoted(original)}'
        "</span></font></div></body></html>"
    )


def _apple(own: str, original) -> str:
    return (
        '<html><head><meta http-equiv="content-type" content="text/html; charset=utf-8"></head>'
        f'<body dir="auto"><div dir="ltr">{own}</div><div dir="ltr"><br><blockquote type="cite">'
        "On 3 Mar 2026, at 09:00, Wildcards &lt;games@wildcards.localhost&gt; wrote:<br><br></blockquote></div>"
        f'<blockquote type="cite"><div dir="ltr">{_quoted(original)}</div></blockquote></body></html>'
    )


def _raw(original, body_html: str) -> bytes:
    reply = EmailMessage()
    reply["From"] = "alice@example.org"
    reply["To"] = original["Reply-To"]
    reply["Subject"] = "Re: " + str(original["Subject"])
    reply["Message-ID"] = make_msgid(domain="mail.example.org")
    reply["In-Reply-To"] = original["Message-ID"]
    reply.set_content(body_html, subtype="html")
    return reply.as_bytes()


@pytest.mark.parametrize("client_html", [_gmail, _outlook, _apple], ids=["gmail", "outlook", "apple"])
def test_an_html_only_reply_is_read_from_the_players_own_words(client, table, client_html):
    game, original, deliver = table
    assert post_postmark(client, _raw(original, client_html("bid refill", original))).status_code == 200
    assert InboundMail.objects.get().outcome == "accepted"
    (action,) = Action.objects.filter(game=game, channel=Action.Channel.EMAIL_REPLY)
    assert action.payload["type"] == "bid"


def test_lines_broken_by_br_or_paragraphs_are_separate_lines_and_a_greeting_below_is_not_read(client, table):
    game, original, deliver = table
    body = _gmail("bid refill<br><br><p>Thanks, Alice</p>", original)
    assert post_mailgun(client, _raw(original, body)).status_code == 200
    assert InboundMail.objects.get().outcome == "accepted"
    assert Action.objects.filter(game=game, channel=Action.Channel.EMAIL_REPLY).count() == 1


def test_an_html_reply_with_only_the_quote_finds_no_move_and_changes_nothing(client, table):
    # The quoted mail lists every legal move: none of them is read as the player's.
    game, original, deliver = table
    assert post_postmark(client, _raw(original, _gmail("", original))).status_code == 200
    record = InboundMail.objects.get()
    assert record.outcome in ("no_command", "empty")
    assert not Action.objects.filter(game=game).exists()
    answer = [m for m in deliver() if str(m["To"]) == "alice@example.org"][-1]
    assert "only HTML" not in text_of(answer)


def test_each_block_of_a_reply_is_one_line_and_a_blank_block_one_blank_line():
    # No blank line between every two blocks: the reading stops at the first blank line, so
    # "a<div>b</div><div>c</div>" (Gmail's three lines) would lose its third.
    from games.bymail.html_reply import reply_text

    assert reply_text("a<div>b</div><div>c</div>").splitlines() == ["a", "b", "c"]
    assert reply_text("<div>a</div><div>b</div>").splitlines() == ["a", "b"]
    assert reply_text("a<div><br></div><div>c</div>").splitlines() == ["a", "", "c"]
    assert reply_text('<p class="MsoNormal">hatch Diplomat</p><p class="MsoNormal">grow</p>').splitlines() == [
        "hatch Diplomat",
        "grow",
    ]
    # The page's source lines are no lines of the reply; table cells are words apart.
    assert reply_text("<div>\nplay\nred 7\n</div>").strip() == "play red 7"
    assert reply_text("<table><tr><td>bid</td><td>refill</td></tr></table>").strip() == "bid refill"
