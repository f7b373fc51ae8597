"""A tournament table's game mails say where the game belongs, as its table does at the top (not
a turn mail that never names the tournament)."""

import pytest
from django.conf import settings

from tests.conftest import make_user, rendered
from tests.games.conftest import start_game
from tests.tournaments.helpers import current_tables, make_players, register_and_start
from tournaments.services import do_create_tournament
from wildcards_site.outbox.models import OutboxMessage

pytestmark = pytest.mark.django_db


def _turn_mail(game, user) -> OutboxMessage:
    row = OutboxMessage.objects.filter(key__startswith=f"turn:{game.pk}:", to=user.email).first()
    assert row is not None, f"no turn mail for {user}"
    return rendered(row)


def test_a_tournament_table_s_turn_mail_names_its_round_table_and_tournament_in_the_reader_s_language():
    organiser = make_user("olga")
    tournament = do_create_tournament(
        organiser, "Winter Cup", "cubirds", "swiss", seats_preferred=2, seats_min=2, seats_max=2, rounds=2
    )
    register_and_start(tournament, make_players(4))
    table = next(t for t in current_tables(tournament) if t.number == 1)
    player = table.game.seats.order_by("position").first().user
    player.profile.language = "it"
    player.profile.save(update_fields=["language"])
    mail = _turn_mail(table.game, player)
    url = f"{settings.SITE_URL}/tournaments/{tournament.pk}/"
    assert f"Turno 1, tavolo 1 di Winter Cup: {url}" in mail.text
    assert f'<a href="{url}">Turno 1, tavolo 1 di Winter Cup</a>' in mail.html


def test_a_casual_game_s_turn_mail_belongs_to_nothing():
    game = start_game([make_user("ann"), make_user("ben")], engine="cubirds")
    row = OutboxMessage.objects.filter(key__startswith=f"turn:{game.pk}:").first()
    assert row is not None
    footer = rendered(row).text.split("\n--", 1)[1].strip()
    assert footer.startswith("Open the table: ")  # no line of where it belongs above it


def test_a_refused_reply_from_a_tournament_table_says_where_the_game_belongs_in_both_parts(client, mail_server):
    # The refusal's HTML names the tournament table as its text does, not only "Open the table".
    from tests.bymail.conftest import html_of, post_postmark, reply_mime, text_of

    tournament = do_create_tournament(
        make_user("olga"), "Winter Cup", "cubirds", "swiss", seats_preferred=2, seats_min=2, seats_max=2, rounds=2
    )
    register_and_start(tournament, make_players(4))
    table = next(t for t in current_tables(tournament) if t.number == 1)
    player = table.game.seats.order_by("position").first().user
    turn = next(m for m in mail_server() if str(m["To"]) == player.email and "Winter Cup" in text_of(m))
    assert post_postmark(client, reply_mime(turn, player.email, "fly to the moon")).status_code == 200
    refusal = next(m for m in mail_server() if str(m["To"]) == player.email)
    url = f"{settings.SITE_URL}/tournaments/{tournament.pk}/"
    assert "Nothing was changed." in text_of(refusal)
    assert f"Round 1, table 1 of Winter Cup: {url}" in text_of(refusal)
    assert f'<a href="{url}">Round 1, table 1 of Winter Cup</a>' in html_of(refusal)
