"""An invitation mail says what one is invited to: the game's edition and variants, whether it is
rated, its clock, and who sits at it, in the invited player's language."""

from __future__ import annotations

import pytest

from games.services import do_create_game, do_invite, do_join
from games.services.lobby import TimeControl
from tests.conftest import make_user
from wildcards_site.outbox.models import OutboxMessage

pytestmark = pytest.mark.django_db


def test_the_invitation_names_the_edition_the_clock_and_the_players():
    carmen, dirk, eva = make_user("carmen", display_name="Carmen"), make_user("dirk"), make_user("eva")
    game = do_create_game(
        carmen, "wildcards", 4, {"edition": "2020"}, time_control=TimeControl(phase_seconds=2 * 86400)
    )
    do_join(game.pk, eva)
    do_invite(game.pk, carmen, "dirk")
    mail = OutboxMessage.objects.get(key__startswith="invite:", to=dirk.email)
    for text in (mail.text, mail.html):
        assert "Edition: 2020" in text
        assert "Deadline per phase: 2 days" in text
        assert "Carmen, eva" in text and "2 seats still open" in text


def test_it_says_so_in_the_invited_player_s_language():
    carmen = make_user("carmen", display_name="Carmen")
    make_user("dirk", language="it")
    game = do_create_game(carmen, "wildcards", 3, None, time_control=TimeControl(phase_seconds=86400))
    do_invite(game.pk, carmen, "dirk")
    mail = OutboxMessage.objects.get(key__startswith="invite:")
    assert "Scadenza per fase: 1 giorno" in mail.text and "2 posti ancora liberi" in mail.text
