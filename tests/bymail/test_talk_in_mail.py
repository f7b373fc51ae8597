"""A player by mail reads the table talk in their turn mail: what the others wrote since their last move."""

from __future__ import annotations

import pytest
from django.utils import timezone

from games.engines import get_engine
from games.models import Action
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
