"""Inbound mail that cannot move: each gets a clear answer and changes nothing."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from games.bymail import commands
from games.bymail.models import InboundMail
from games.engines.wildcards.cards import NUM_HABITAT_CARDS
from games.models import Action, Deadline
from tests.bymail.conftest import html_of, listed_moves, post_mailgun, post_postmark, reply_mime, text_of
from tests.conftest import make_user
from tests.games.conftest import start_game


@pytest.fixture
def table(db, mail_server):
    alice = make_user("alice", display_name="Alice")
    bruno = make_user("bruno", language="it", time_zone="Europe/Rome")
    game = start_game([alice, bruno], engine="wildcards")
    mails = {str(m["To"]): m for m in mail_server()}
    return game, mails, mail_server


def _answer(deliver, sender: str):
    answers = [m for m in deliver() if str(m["To"]) == sender]
    assert len(answers) == 1, [m["Subject"] for m in answers]
    return answers[0]


def _unchanged(game, version=0):
    game.refresh_from_db()
    assert game.version == version
    assert not Action.objects.filter(game=game).exists() or version


def test_it_answers_malformed_mime_and_changes_nothing(client, table):
    game, mails, deliver = table
    to = mails["alice@example.org"]["Reply-To"]
    raw = (
        f"From: alice@example.org\r\nTo: {to}\r\nSubject: Re: move\r\nMessage-ID: <broken-1@example.org>\r\n"
        'MIME-Version: 1.0\r\nContent-Type: multipart/alternative; boundary="b1"\r\n\r\n'
        "--b2\r\nContent-Type: text/plain\r\n\r\nbid refill\r\n"
    ).encode()
    assert post_postmark(client, raw).status_code == 200
    answer = _answer(deliver, "alice@example.org")
    assert "not well-formed MIME" in text_of(answer)
    assert InboundMail.objects.get().outcome == "malformed"
    _unchanged(game)


def test_it_answers_an_html_only_mail_that_is_no_move_and_changes_nothing(client, table):
    # HTML alone is read (tests/bymail/test_html_only_reply.py); words that are no move are
    # answered as in a plain reply.
    game, mails, deliver = table
    raw = reply_mime(mails["alice@example.org"], "alice@example.org", "see you tomorrow", html_only=True)
    assert post_mailgun(client, raw).status_code == 200
    answer = _answer(deliver, "alice@example.org")
    assert "“see you tomorrow” is not one of your legal moves now." in text_of(answer)
    assert listed_moves(answer), "the seat's own player is shown the legal moves"
    _unchanged(game)


def test_it_ignores_a_spoofed_sender_and_answers_nobody_unregistered(client, table):
    game, mails, deliver = table
    raw = reply_mime(mails["alice@example.org"], "mallory@example.net", "bid refill")
    assert post_postmark(client, raw).status_code == 200
    # No backscatter: an address that is no player's gets no mail at all (nor the seat's cards).
    assert [m for m in deliver() if str(m["To"]) == "mallory@example.net"] == []
    record = InboundMail.objects.get()
    assert record.outcome == "sender"
    assert "not sent from the address of the player" in record.detail
    _unchanged(game)


def test_a_reply_to_a_players_mail_from_another_address_tells_the_player_at_theirs(client, table):
    # Marta answers from her other address: ignored, she would hear nothing until the deadline
    # passed. The reply address is her seat's own, so her
    # registered address is told (without her cards or moves: the sender may not be her).
    game, mails, deliver = table
    raw = reply_mime(mails["alice@example.org"], "alice.other@example.net", "bid refill")
    assert post_postmark(client, raw).status_code == 200
    sent = deliver()
    assert [m for m in sent if str(m["To"]) == "alice.other@example.net"] == []
    (told,) = [m for m in sent if str(m["To"]) == "alice@example.org"]
    text = text_of(told)
    assert "alice.other@example.net" in text and "was not read" in text, text
    assert not listed_moves(told), "a mail that may not be the player's shows no moves"
    assert str(told["Subject"]) == "Your mail to Wildcards"
    _unchanged(game)


def test_it_refuses_a_token_of_another_seat(client, table):
    game, mails, deliver = table
    # Bruno answers through Alice's reply address: in his language, without her cards.
    raw = reply_mime(mails["alice@example.org"], "bruno@example.org", "offerta ricarica")
    assert post_mailgun(client, raw).status_code == 200
    answer = _answer(deliver, "bruno@example.org")
    assert "posto di un altro giocatore" in text_of(answer)
    assert listed_moves(answer) == []
    _unchanged(game)


def test_it_refuses_a_replayed_token_of_an_old_version(client, table):
    game, mails, deliver = table
    first = reply_mime(mails["alice@example.org"], "alice@example.org", listed_moves(mails["alice@example.org"])[0])
    assert post_postmark(client, first).status_code == 200
    deliver()
    game.refresh_from_db()
    version = game.version
    # The same address again, in a new mail: Alice has answered this wait already.
    again = reply_mime(mails["alice@example.org"], "alice@example.org", "bid refill")
    assert post_postmark(client, again).status_code == 200
    answer = _answer(deliver, "alice@example.org")
    assert "You have already moved since this mail was sent." in text_of(answer)
    game.refresh_from_db()
    assert game.version == version


def test_a_reply_after_a_bot_took_the_seat_and_moved_does_not_say_the_player_moved(client, table):
    # Only the player's own moves count as theirs: a player whose seat a bot took over does not
    # read "You have already moved" of the bot's move.
    from games.services import do_seat_bot
    from games.services.bot_moves import do_bot_move

    game, mails, deliver = table
    alice = game.seats.get(user__username="alice")
    do_seat_bot(game.pk, make_user("referee", staff=True), alice.position)
    do_bot_move(game.pk, alice.position)
    assert Action.objects.filter(game=game, seat=alice.position, channel=Action.Channel.BOT).exists()
    again = reply_mime(mails["alice@example.org"], "alice@example.org", listed_moves(mails["alice@example.org"])[0])
    assert post_postmark(client, again).status_code == 200
    (answer,) = [m for m in deliver() if str(m["To"]) == "alice@example.org" and m["Subject"].startswith("Re:")]
    assert "The game has moved on since this mail was sent." in text_of(answer)
    assert "You have already moved" not in text_of(answer)


def test_a_reply_to_a_turn_played_at_the_table_says_the_player_moved_already(client, table):
    # Moved at the table, then answering the turn mail, a player does not read "you already
    # answered it" of a mail they never answered.
    from games.engines import get_engine
    from games.services import do_action

    game, mails, deliver = table
    seat = game.seats.get(user__username="alice")
    move = get_engine("wildcards").legal_actions(game.state, seat.position)[0]
    do_action(game.pk, seat.position, move, Action.Channel.WEB, user=seat.user, expected_version=game.version)
    game.refresh_from_db()
    version = game.version
    again = reply_mime(mails["alice@example.org"], "alice@example.org", listed_moves(mails["alice@example.org"])[0])
    assert post_postmark(client, again).status_code == 200
    text = text_of(_answer(deliver, "alice@example.org"))
    assert "You have already moved since this mail was sent." in text
    assert "answered" not in text
    _unchanged(game, version)


@pytest.mark.parametrize(
    ("player", "nothing_changed"), [("alice", "Nothing was changed."), ("bruno", "Non è cambiato nulla.")]
)
def test_a_stale_reply_says_nothing_was_changed_once(client, table, player, nothing_changed):
    # The mail's template leads with it: a reason that said it again made it read twice.
    game, mails, deliver = table
    turn = mails[f"{player}@example.org"]
    first = reply_mime(turn, f"{player}@example.org", listed_moves(turn)[0])
    assert post_postmark(client, first).status_code == 200
    deliver()
    again = reply_mime(turn, f"{player}@example.org", listed_moves(turn)[0])
    assert post_postmark(client, again).status_code == 200
    answer = _answer(deliver, f"{player}@example.org")
    assert InboundMail.objects.filter(outcome="stale").count() == 1
    assert text_of(answer).count(nothing_changed) == 1
    assert html_of(answer).count(nothing_changed) == 1


def test_it_answers_an_unknown_command_with_the_legal_moves(client, table):
    game, mails, deliver = table
    raw = reply_mime(mails["bruno@example.org"], "bruno@example.org", "gioca il re di cuori")
    assert post_mailgun(client, raw).status_code == 200
    answer = _answer(deliver, "bruno@example.org")
    text = text_of(answer)
    assert "non è una delle tue mosse valide" in text
    assert listed_moves(answer) == listed_moves(mails["bruno@example.org"])
    _unchanged(game)


def test_it_refuses_a_reply_after_the_deadline(client, table):
    game, mails, deliver = table
    Deadline.objects.filter(game=game).update(closes_at=timezone.now() - timedelta(minutes=1))
    raw = reply_mime(mails["alice@example.org"], "alice@example.org", "bid refill")
    assert post_postmark(client, raw).status_code == 200
    answer = _answer(deliver, "alice@example.org")
    assert "deadline of this move has passed" in text_of(answer)
    _unchanged(game)


def test_it_processes_a_duplicate_delivery_once(client, table):
    game, mails, deliver = table
    raw = reply_mime(mails["alice@example.org"], "alice@example.org", listed_moves(mails["alice@example.org"])[0])
    assert post_postmark(client, raw).status_code == 200
    assert post_mailgun(client, raw).status_code == 200  # the same Message-ID through the other provider
    answers = [m for m in deliver() if str(m["To"]) == "alice@example.org"]
    assert [m["X-Wildcards-Event"] for m in answers] == ["move-accepted"]
    game.refresh_from_db()
    assert game.version == 1
    assert InboundMail.objects.count() == 1


def test_it_refuses_a_forged_reply_address(client, table):
    game, mails, deliver = table
    forged = re.sub(r"^play\+(\d+)\.0\.", r"play+\1.1.", str(mails["alice@example.org"]["Reply-To"]))
    assert forged != str(mails["alice@example.org"]["Reply-To"])
    raw = reply_mime(mails["alice@example.org"], "alice@example.org", "bid refill", to=forged)
    assert post_postmark(client, raw).status_code == 200
    assert "not a valid reply address" in text_of(_answer(deliver, "alice@example.org"))
    _unchanged(game)


def test_the_command_reads_raw_mime_on_stdin_and_strips_the_quote(table, capsys, monkeypatch):
    import io

    game, mails, deliver = table
    move = listed_moves(mails["alice@example.org"])[0]
    raw = reply_mime(mails["alice@example.org"], "alice@example.org", f"{move}\n\n-- \nAlice\nSent from my phone")
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(raw)))
    call_command("receive_mail")
    assert "accepted" in capsys.readouterr().out
    game.refresh_from_db()
    assert game.version == 1
    assert Action.objects.get(game=game).channel == Action.Channel.EMAIL_REPLY
    assert _answer(deliver, "alice@example.org")["X-Wildcards-Event"] == "move-accepted"


def test_an_italian_players_reply_the_game_refuses_is_answered_in_italian(client, table, monkeypatch):
    # A reply is read against the seat's legal moves, so a game refuses a move named in a mail
    # only when its rules and its list of moves disagree; its reason then reaches the player as
    # it would on the site: in their language.
    game, mails, deliver = table
    bruno = game.seats.get(user__username="bruno")
    held = set(game.state["hands"][bruno.position])
    card = next(card for card in range(NUM_HABITAT_CARDS) if card not in held)
    monkeypatch.setattr(commands.Menu, "match", lambda self, line: {"type": "bid", "card": card})
    turn = mails["bruno@example.org"]
    raw = reply_mime(turn, "bruno@example.org", listed_moves(turn)[0])
    assert post_postmark(client, raw).status_code == 200
    answer = text_of(_answer(deliver, "bruno@example.org"))
    assert "Questa carta habitat non è nella tua mano." in answer
    assert "not in your hand" not in answer
    assert InboundMail.objects.get().outcome == "illegal"
    _unchanged(game)
