"""A reply of several lines: moves, then perhaps a name or a sign-off without a blank line above it.

"bid Savannah 1" and the player's name on the next line is not refused whole, with "bid Savannah 1"
among the legal moves the refusal lists.
"""

from __future__ import annotations

import logging

import pytest

from games.bymail.models import InboundMail
from games.engines import get_engine
from games.models import Action, Game
from tests.bymail.conftest import html_of, listed_moves, post_postmark, reply_mime, text_of
from tests.conftest import make_user
from tests.games.conftest import start_game

pytestmark = pytest.mark.django_db


def _start(engine: str, mail_server) -> tuple[Game, object]:
    # Usernames unlike the first names, so that each way of signing is tried on its own.
    alice, bruno = make_user("amy", display_name="Alice"), make_user("bb", display_name="Bruno Bianchi")
    game = start_game([alice, bruno], engine=engine)
    first = get_engine(engine).to_act(game.state)[0]
    mails = {str(m["To"]): m for m in mail_server()}
    player = game.seats.get(position=first).user
    return game, mails[player.email]


def _answer(mail_server, to: str):
    """The one answer to the reply (an "answer ahead" mail about one's next turn may come beside it)."""
    answers = [m for m in mail_server() if str(m["To"]) == to and m["X-Wildcards-Event"] != "answer-ahead"]
    assert len(answers) == 1, [m["Subject"] for m in answers]
    return text_of(answers[0])


def _reply(client, mail, body: str) -> None:
    assert post_postmark(client, reply_mime(mail, str(mail["To"]), body)).status_code == 200


@pytest.mark.parametrize("tail", ["Alice", "Thanks!\nAlice", "Cheers, Alice"])
def test_a_name_or_sign_off_below_a_whole_move_is_made_and_not_read_as_a_move(client, mail_server, tail):
    game, mail = _start("wildcards", mail_server)
    move = listed_moves(mail)[0]
    _reply(client, mail, f"{move}\n{tail}")
    text = _answer(mail_server, str(mail["To"]))
    assert InboundMail.objects.get().outcome == "accepted"
    assert Action.objects.filter(game=game, channel=Action.Channel.EMAIL_REPLY).count() == 1
    assert "was made" in text
    assert "Not read as moves" in text
    for line in tail.splitlines():
        assert f"“{line}”" in text


def test_a_sign_off_below_the_first_step_of_a_turn_makes_that_step_and_asks_for_the_next(client, mail_server):
    game, mail = _start("cubirds", mail_server)
    lay = next(line for line in listed_moves(mail) if line.startswith("lay "))
    _reply(client, mail, f"{lay}\nThanks!\nAlice")
    text = _answer(mail_server, str(mail["To"]))
    assert InboundMail.objects.get().outcome == "accepted"
    made = Action.objects.get(game=game, channel=Action.Channel.EMAIL_REPLY)
    assert made.payload["type"] == "lay"
    assert "Your turn goes on" in text
    assert "Not read as moves: “Thanks!”, “Alice”" in text


def _signatures(mail) -> list[str]:
    """Ways the mail's reader signs: their name, first name, username, with a dash or a stop."""
    from django.contrib.auth import get_user_model

    reader = get_user_model().objects.get(email=str(mail["To"]))
    name = reader.profile.name
    return [name, name.split()[0].lower(), reader.username, f"- {name}", f"{name}."]


@pytest.mark.parametrize("way", range(5))
def test_the_players_own_name_below_the_first_step_is_not_read_as_a_move(client, mail_server, way):
    # "lay parrot row 1 right" and "Alice" below it is not refused whole, though the CuBirds turn
    # goes on after the lay (the docs promise a name needs no blank line).
    game, mail = _start("cubirds", mail_server)
    name = _signatures(mail)[way]
    lay = next(line for line in listed_moves(mail) if line.startswith("lay "))
    _reply(client, mail, f"{lay}\n{name}")
    text = _answer(mail_server, str(mail["To"]))
    assert InboundMail.objects.get().outcome == "accepted"
    assert Action.objects.get(game=game, channel=Action.Channel.EMAIL_REPLY).payload["type"] == "lay"
    assert f"Not read as moves: “{name}”" in text


def test_someone_elses_name_below_the_first_step_is_still_refused(client, mail_server):
    game, mail = _start("cubirds", mail_server)
    lay = next(line for line in listed_moves(mail) if line.startswith("lay "))
    other = "Carla" if "Alice" in _signatures(mail)[0] else "Alice"
    _reply(client, mail, f"{lay}\n{other}")
    assert InboundMail.objects.get().outcome == "unknown_command"
    assert not Action.objects.filter(game=game).exists()


def test_a_wrong_second_step_refuses_the_whole_reply_and_says_which_line(client, mail_server):
    game, mail = _start("cubirds", mail_server)
    lay = next(line for line in listed_moves(mail) if line.startswith("lay "))
    _reply(client, mail, f"{lay}\ndraww")
    text = _answer(mail_server, str(mail["To"]))
    assert InboundMail.objects.get().outcome == "unknown_command"
    assert not Action.objects.filter(game=game).exists()
    assert "“draww” is not one of your legal moves" in text
    assert text.count(f"\n  {lay}\r\n") == 1  # the moves, listed once (the text listed them twice)
    # Why the valid first line is listed again among the moves.
    assert "taken whole or not at all, so the moves above that line were not made either" in text


def test_a_name_in_the_first_line_is_still_refused(client, mail_server):
    game, mail = _start("wildcards", mail_server)
    _reply(client, mail, "Alice")
    text = _answer(mail_server, str(mail["To"]))
    assert InboundMail.objects.get().outcome == "unknown_command"
    assert "“Alice” is not one of your legal moves now." in text
    assert "taken whole" not in text  # a first line has nothing above it
    assert not Action.objects.filter(game=game).exists()


def test_the_log_says_stored_only_for_moves_that_were_kept(
    client, mail_server, caplog, django_capture_on_commit_callbacks
):
    # The worker's log said outcome=stored for the first line of a reply refused whole.
    game, mail = _start("cubirds", mail_server)
    lay = next(line for line in listed_moves(mail) if line.startswith("lay "))
    with caplog.at_level(logging.INFO, logger="games.services.play"):
        with django_capture_on_commit_callbacks(execute=True):
            _reply(client, mail, f"{lay}\ndraww")
        assert "outcome=stored" not in caplog.text
        with django_capture_on_commit_callbacks(execute=True):
            _reply(client, mail, lay)
        assert "outcome=stored" in caplog.text


def test_a_name_below_a_move_against_an_instant_bot_is_not_read_on_the_next_turn(client, mail_server):
    # The bot answers within the same move and the turn comes straight back: the name must not be
    # matched against the next turn's moves (a turn the player has not seen) and refused whole.
    alice = make_user("alice", display_name="Alice")
    game = start_game([alice], engine="wildcards", bots=1)
    mail = [m for m in mail_server() if str(m["To"]) == alice.email][-1]
    _reply(client, mail, f"{listed_moves(mail)[0]}\nAlice")
    record = InboundMail.objects.get()
    assert record.outcome == "accepted", record.detail
    assert Action.objects.filter(game=game, channel=Action.Channel.EMAIL_REPLY).count() == 1


def test_a_second_move_line_is_never_played_on_a_turn_the_player_has_not_seen(client, mail_server):
    alice = make_user("alice", display_name="Alice")
    game = start_game([alice], engine="wildcards", bots=1)
    mail = [m for m in mail_server() if str(m["To"]) == alice.email][-1]
    first = listed_moves(mail)[0]
    _reply(client, mail, f"{first}\n{first}")
    assert InboundMail.objects.get().outcome == "accepted"
    assert Action.objects.filter(game=game, channel=Action.Channel.EMAIL_REPLY).count() == 1
    answers = [m for m in mail_server() if str(m["To"]) == alice.email and m["Subject"].startswith("Re:")]
    # Said why: the game may have made the last moves itself (a whole hand paid automatically
    # would read as the player's pay lines "not read").
    said = "Your turn was over after the moves above (the game makes itself the moves that leave no choice)"
    assert len(answers) == 1 and f"{said}, so these lines were not read: “{first}”" in text_of(answers[0])


@pytest.mark.parametrize("line", ["Bestiary", "Thanksgiving", "ciao2", "Bye 3"])
def test_a_mistyped_line_that_begins_like_a_sign_off_is_refused_not_skipped(client, mail_server, line):
    game, mail = _start("cubirds", mail_server)
    lay = next(move for move in listed_moves(mail) if move.startswith("lay "))
    _reply(client, mail, f"{lay}\n{line}")
    assert InboundMail.objects.get().outcome == "unknown_command"
    assert not Action.objects.filter(game=game).exists()


def test_a_cubirds_turn_mail_says_the_turn_goes_on_after_the_lay_and_its_steps_may_follow(client, mail_server):
    # Said so that the draw and the family are written below the lay, not in three mails a turn.
    game, mail = _start("cubirds", mail_server)
    # The note names the steps' words too (not left to guess).
    note = "After the lay your turn goes on: “draw” or “no draw”, then “family” and a bird, or “no family”."
    assert note in text_of(mail)
    assert note in html_of(mail)
    lay = next(line for line in listed_moves(mail) if line.startswith("lay "))
    _reply(client, mail, lay)
    accepted = _answer(mail_server, str(mail["To"]))
    assert "Your turn goes on" in accepted and note not in accepted  # at the draw: nothing more to say


def test_other_games_mails_carry_no_such_note(mail_server):
    _game, mail = _start("wizard", mail_server)
    assert "your turn goes on" not in text_of(mail).lower()


def test_a_name_that_shortens_a_move_is_still_a_name_below_the_moves():
    # A player called Robin signing under "lay ..." / "draw" does not have "Robin" read at the
    # family step as "family robin" (a shortened command). Written in full, it is a move.
    from games.bymail.commands import menu
    from games.bymail.replies import is_own_name as _own_name

    robin = make_user("rob", display_name="Robin")
    legal = [{"type": "family", "species": "robin"}, {"type": "no_family"}]
    family = menu("cubirds", legal, {})
    assert family.match("Robin") == legal[0]  # what the menu alone makes of it
    assert _own_name("Robin", robin) and not family.exactly("Robin")
    assert family.exactly("family robin")


def test_a_reply_that_ends_the_turn_is_confirmed_with_the_hand_it_left(client, mail_server):
    # "lay ... / draw / no family" is confirmed with the cards drawn, not as "Draw 2 cards · Form
    # no family" alone, leaving them to the next turn mail.
    game, mail = _start("cubirds", mail_server)
    seat = get_engine("cubirds").to_act(game.state)[0]
    lay = next(line for line in listed_moves(mail) if line.startswith("lay "))
    _reply(client, mail, f"{lay}\nno draw\nno family")
    text = _answer(mail_server, str(mail["To"]))
    assert InboundMail.objects.get().outcome == "accepted", InboundMail.objects.get().detail
    game.refresh_from_db()
    assert seat not in get_engine("cubirds").to_act(game.state) or game.status != "running"
    assert "The table now:" in text and "== Your hand ==" in text.split("The table now:")[1]
