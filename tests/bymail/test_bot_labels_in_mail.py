"""Game mails name a bot seat as the site does: the player's name, the bot mark and its level."""

from __future__ import annotations

import pytest

from games.services import do_resign
from tests.conftest import make_user, rendered
from tests.games.conftest import start_game
from tests.tournaments.helpers import play_out
from wildcards_site.outbox.models import OutboxMessage

pytestmark = pytest.mark.django_db


def test_a_turn_mail_names_a_seat_taken_over_by_a_bot_with_its_level_in_the_readers_language():
    players = [
        make_user("ann", display_name="Ann"),
        make_user("ben", display_name="Ben", language="it"),
        make_user("cy", display_name="Cy"),
    ]
    game = start_game(players, engine="wildcards")
    do_resign(game.pk, players[2])  # Cy's seat goes to a Good bot; turn mails are written when sent

    ann = rendered(OutboxMessage.objects.get(to="ann@example.org", key__startswith="turn:"))
    assert "Cy · Good bot: 8 cards in hand" in ann.text
    assert "Cy · Good bot: 8 cards in hand" in ann.html
    ben = rendered(OutboxMessage.objects.get(to="ben@example.org", key__startswith="turn:"))
    assert "Cy · bot di livello Buono: 8 carte in mano" in ben.text
    assert "Ann: 8 carte in mano" in ben.text  # a person's seat stays a plain name


def test_the_game_over_mail_ranks_a_bot_seat_with_its_mark_in_the_readers_language():
    players = [make_user("ann", display_name="Ann", language="es"), make_user("ben", display_name="Ben")]
    game = start_game(players, engine="emu_ranchers")
    do_resign(game.pk, players[1])
    play_out(game)

    ann = rendered(OutboxMessage.objects.get(to="ann@example.org", key__startswith="over:"))
    assert "Ben · bot de nivel Bueno: " in ann.text and "Ben · bot de nivel Bueno: " in ann.html
    assert "Ann: " in ann.text


def test_the_game_over_mail_says_who_left_so_a_leaver_s_place_below_a_lower_score_reads_right():
    # The resigned player's mail lists them 3rd with more points than the 2nd, and says why
    # (leavers rank below those who stayed).
    players = [make_user("ann", display_name="Ann"), make_user("ben", display_name="Ben", language="it")]
    game = start_game(players, engine="emu_ranchers")
    do_resign(game.pk, players[1])
    play_out(game)
    ann = rendered(OutboxMessage.objects.get(to="ann@example.org", key__startswith="over:"))
    ben = rendered(OutboxMessage.objects.get(to="ben@example.org", key__startswith="over:"))
    assert "Ben · Good bot: " in ann.text and "(left the game: ranked below those who stayed)" in ann.text
    assert "left the game: ranked below those who stayed" in ann.html
    assert "Ann: " in ann.text and ann.text.count("left the game") == 1
    assert "ha lasciato la partita" in ben.text
