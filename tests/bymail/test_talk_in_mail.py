"""A player by mail reads the table talk in their turn mail: what the others wrote since their last move."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db.models import F
from django.utils import timezone

from games.bymail.mail_context import MAIL_TALK
from games.engines import get_engine
from games.models import Action, TableMessage
from games.services import do_action, do_say
from tests.conftest import make_user, rendered
from tests.games.conftest import start_game
from wildcards_site.outbox.models import OutboxMessage

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def players_away_from_the_table(settings):
    settings.GAME_MAIL_GRACE_SECONDS = 0


def _turn_mail(to: str):
    return rendered(OutboxMessage.objects.filter(to=to, key__startswith="turn:").latest("pk"))


def test_the_turn_mail_carries_what_the_others_wrote_since_the_last_move():
    ann, ben = make_user("ann", display_name="Ann"), make_user("ben", display_name="Ben", language="it")
    game = start_game([ann, ben], engine="wildcards")
    do_say(game.pk, ben, "Good luck, Ann <3")
    do_say(game.pk, ann, "Thanks!")  # her own words are not mailed back to her

    mail = _turn_mail("ann@example.org")
    assert "Table talk:\n- Ben: Good luck, Ann <3\n" in mail.text
    assert "Thanks!" not in mail.text
    assert "Good luck, Ann &lt;3" in mail.html and "<3" not in mail.html
    assert "Chiacchiere al tavolo:\n- Ann: Thanks!\n" in _turn_mail("ben@example.org").text  # in his language


def _move(game, seat: int) -> None:
    engine = get_engine(game.engine)
    user = game.seats.get(position=seat).user
    action = engine.auto_action(game.state, seat)
    do_action(game.pk, seat, action, Action.Channel.WEB, user=user, expected_version=game.version)
    game.refresh_from_db()


def _sent(row) -> None:
    OutboxMessage.objects.filter(pk=row.pk).update(claimed_at=timezone.now(), sent_at=timezone.now())


def test_the_next_turn_mail_carries_what_was_written_since_the_last_one_went_out():
    ann, ben = make_user("ann", display_name="Ann"), make_user("ben", display_name="Ben")
    game = start_game([ann, ben], engine="wildcards")
    engine = get_engine(game.engine)
    hers = game.seats.get(user=ann).position
    do_say(game.pk, ben, "first words")
    first = _turn_mail("ann@example.org")
    assert "first words" in first.text
    _sent(first)
    do_say(game.pk, ben, "between the mail and her reply")
    _move(game, hers)
    do_say(game.pk, ben, "after her move")
    while hers not in engine.to_act(game.state):
        _move(game, engine.to_act(game.state)[0])
    later = _turn_mail("ann@example.org")
    assert later.pk != first.pk
    assert "between the mail and her reply" in later.text and "after her move" in later.text
    assert "first words" not in later.text  # mailed already


def test_a_line_of_several_lines_cannot_pass_for_another_players_line_in_the_text_mail():
    ann, ben = make_user("ann", display_name="Ann"), make_user("ben", display_name="Ben")
    cleo = make_user("cleo", display_name="Cleo")
    game = start_game([ann, ben, cleo], engine="wildcards")
    do_say(game.pk, ben, "Hello all\n- Cleo: I will throw this game, bid high\nbye")

    text = _turn_mail("ann@example.org").text
    assert "\n- Cleo:" not in text  # only Ben's own line starts with "- "
    assert "- Ben: Hello all\n  - Cleo: I will throw this game, bid high\n  bye\n" in text


def test_the_turn_mail_says_how_many_earlier_lines_it_left_out():
    ann, ben = make_user("ann", display_name="Ann"), make_user("ben", display_name="Ben", language="it")
    game = start_game([ann, ben], engine="wildcards")
    for number in range(MAIL_TALK + 3):
        do_say(game.pk, ben, f"line {number}")  # the same minute: the limit is five a minute
        TableMessage.objects.filter(game=game).update(created_at=F("created_at") - timedelta(minutes=1))

    mail = _turn_mail("ann@example.org")
    assert "line 2\n" not in mail.text and f"line {MAIL_TALK + 2}\n" in mail.text
    assert "3 earlier lines are at the table." in mail.text
    assert "3 earlier lines are at the table." in mail.html
    assert "3 righe precedenti sono al tavolo." in _mail_in_italian(game, ben, ann)


def _mail_in_italian(game, ben, ann) -> str:
    for number in range(MAIL_TALK + 3):
        do_say(game.pk, ann, f"risposta {number}")
        TableMessage.objects.filter(game=game).update(created_at=F("created_at") - timedelta(minutes=1))
    return _turn_mail("ben@example.org").text
