"""The mail a round's start sends each entrant: their table, whom they play, and a bye said as one."""

import pytest

from tests.conftest import make_user
from tests.tournaments.helpers import current_tables, make_players, register_and_start
from tournaments.services import do_create_tournament
from wildcards_site.outbox.models import OutboxMessage

pytestmark = pytest.mark.django_db


def _round_mail(user, number: int) -> OutboxMessage:
    return OutboxMessage.objects.get(key__startswith="tournament:", key__endswith=f":{number}:{user.pk}")


def _not_seated(tournament, players: list) -> list:
    """The players at no table of the current round."""
    seated = {seat.user_id for table in current_tables(tournament) for seat in table.game.seats.all()}
    return [player for player in players if player.pk not in seated]


def test_each_entrant_reads_their_table_and_whom_they_play_and_a_bye_gets_its_own_mail():
    # Not "Your games: Emu Ranchers #30", with no opponent and no table, and the player with a bye
    # is sent a mail too.
    organiser = make_user("olga")
    players = make_players(5)
    tournament = do_create_tournament(
        organiser,
        "Spring Swiss",
        "cubirds",
        "swiss",
        seats_preferred=2,
        seats_min=2,
        seats_max=2,
        rounds=2,
        bye_points=2.5,
    )
    tournament = register_and_start(tournament, players)
    names = {player.pk: player.profile.name for player in players}
    seated = set()
    for table in current_tables(tournament):
        seats = list(table.game.seats.all())
        for seat in seats:
            seated.add(seat.user_id)
            mail = _round_mail(seat.user, 1)
            other = next(names[s.user_id] for s in seats if s.user_id != seat.user_id)
            for body in (mail.text, mail.html):
                assert f"Table {table.number}" in body and f"against {other}" in body, body
                assert "Your move by" in body or "We mail you when it is your move." in body, body
    (bye,) = [player for player in players if player.pk not in seated]
    mail = _round_mail(bye, 1)
    assert "Spring Swiss" in mail.subject
    # The organiser set a bye at 2.5 points: "it counts as a win" would be untrue.
    assert "You have a bye in round 1: a bye scores 2.5; the next round starts" in mail.text
    assert "Table" not in mail.text
    from django.test import Client

    client = Client()
    client.force_login(bye)
    page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert "You have a bye in round 1: a bye scores 2.5; the next round starts" in page


def test_a_bye_in_a_knock_out_says_the_player_goes_on_without_playing():
    organiser = make_user("olga")
    players = make_players(4)
    tournament = do_create_tournament(
        organiser, "Triple Cup", "wizard", "single", seats_preferred=3, seats_min=3, seats_max=3
    )
    tournament = register_and_start(tournament, players)
    byes = _not_seated(tournament, players)
    assert byes, "four players at 3-player tables: someone has a bye"
    for player in byes:
        text = _round_mail(player, 1).text
        assert "You have a bye in round 1: you go on to the next round without playing." in text
        assert "scores" not in text


def test_the_round_mail_speaks_the_entrants_language():
    organiser = make_user("olga")
    anna, bruno = make_user("anna", language="nl", display_name="Anna"), make_user("bruno", display_name="Bruno")
    tournament = do_create_tournament(
        organiser, "Cup", "cubirds", "single", seats_preferred=2, seats_min=2, seats_max=2
    )
    register_and_start(tournament, [anna, bruno])
    mail = _round_mail(anna, 1)
    assert mail.subject == f"Cup (#{tournament.pk}): ronde 1 is begonnen"
    assert "Tafel 1" in mail.text and "tegen Bruno" in mail.text


def test_a_spanish_deadline_reads_as_spanish_writes_dates():
    # Not "antes de viernes 27 noviembre 2026": Spanish writes
    # "antes del viernes 27 de noviembre de 2026".
    import re

    organiser = make_user("olga")
    players = [
        make_user(name, language="es", display_name=name.title(), time_zone="Europe/Madrid")
        for name in ("carmen", "diego")
    ]
    tournament = do_create_tournament(
        organiser, "Copa", "cubirds", "single", seats_preferred=2, seats_min=2, seats_max=2
    )
    register_and_start(tournament, players)
    texts = [_round_mail(player, 1).text for player in players]
    weekday = "(lunes|martes|miércoles|jueves|viernes|sábado|domingo)"
    deadlines = [line for text in texts for line in text.splitlines() if "Te toca jugar" in line]
    assert len(deadlines) == 1, texts  # the first player to move has a deadline, the other waits
    assert re.fullmatch(
        rf"\s*Te toca jugar antes del {weekday} \d+ de [a-z]+ de 20\d\d, \d\d:\d\d \(Europe/Madrid\)\.",
        deadlines[0],
    ), deadlines[0]


def test_an_entrant_who_turned_round_mail_off_gets_none_and_the_others_still_do():
    from games.bymail.preferences import do_unsubscribe

    organiser = make_user("olga")
    quiet, other = make_players(2)
    do_unsubscribe(quiet, "tournament-round")
    tournament = do_create_tournament(
        organiser, "Cup", "cubirds", "single", seats_preferred=2, seats_min=2, seats_max=2
    )
    register_and_start(tournament, [quiet, other])
    assert not OutboxMessage.objects.filter(key__startswith="tournament:", key__endswith=f":{quiet.pk}").exists()
    assert _round_mail(other, 1).to == other.email


def test_a_bracket_walkover_is_said_on_the_page_and_in_a_mail():
    # Three players in a bracket of four: the top seed meets an empty slot in round 1. It had no
    # table, no bye, no mail, and nothing on the tournament page said why.
    from django.test import Client

    organiser = make_user("olga")
    players = make_players(3)
    tournament = do_create_tournament(
        organiser, "Small Cup", "cubirds", "single", seats_preferred=2, seats_min=2, seats_max=2
    )
    tournament = register_and_start(tournament, players)
    (idle,) = _not_seated(tournament, players)
    said = "You have no table in round 1: your next opponent comes from another table; the bracket shows which."
    assert said in _round_mail(idle, 1).text
    client = Client()
    client.force_login(idle)
    assert said in client.get(f"/tournaments/{tournament.pk}/").content.decode()
    client.force_login(next(player for player in players if player != idle))
    assert said not in client.get(f"/tournaments/{tournament.pk}/").content.decode()


@pytest.mark.parametrize("field", [4, 16])
def test_the_round_mail_costs_as_many_queries_for_16_entrants_as_for_4(field, django_assert_max_num_queries):
    # It is queued while the tournament row is locked: three queries an entrant (opt-outs,
    # seats, deadline) held the lock longer the larger the field.
    from tournaments.mail.mails import mail_round

    organiser = make_user("olga")
    tournament = do_create_tournament(
        organiser, "Wide Swiss", "cubirds", "swiss", seats_preferred=2, seats_min=2, seats_max=2, rounds=1
    )
    tournament = register_and_start(tournament, make_players(field))
    OutboxMessage.objects.all().delete()
    tables = current_tables(tournament)
    for table in tables:
        table.game.refresh_from_db()
    seated = [(seat.user, [table]) for table in tables for seat in table.game.seats.select_related("user__profile")]
    # Queueing a mail is three queries (a savepoint, the insert, its release); what the mails
    # read (seats, deadlines, opt-outs) is read once for the round.
    with django_assert_max_num_queries(6 + 3 * field):
        mail_round(tournament, 1, seated, [], [], "swiss")
    assert OutboxMessage.objects.filter(key__startswith="tournament:").count() == field


@pytest.mark.parametrize(
    ("language", "names", "said"),
    [
        ("es", ["Ana", "Inés"], "Ana e Inés"),
        ("es", ["Bruno", "Carla", "Hilda"], "Bruno, Carla e Hilda"),
        ("es", ["Bruno", "Íñigo"], "Bruno e Íñigo"),
        ("es", ["Ana", "Hierro"], "Ana y Hierro"),  # "hie" sounds "ye": the "y" stays
        ("es", ["Inés", "Ana"], "Inés y Ana"),
        ("en", ["Ann", "Ines"], "Ann and Ines"),
        ("nl", ["Anna", "Ineke"], "Anna en Ineke"),
        ("es", ["Inés"], "Inés"),
    ],
)
def test_the_opponents_are_listed_as_the_language_joins_names(language, names, said):
    # Not "contra Ana y Inés": Spanish says "Ana e Inés".
    from django.utils import translation

    from wildcards_site.wording import names_list

    with translation.override(language):
        assert names_list(names) == said


def test_the_final_mail_writes_points_as_the_standings_do_in_the_readers_language():
    # The final mail lists "Alice (12)", as the page says, not "Alice (12.0)".
    from tests.conftest import rendered
    from tournaments.mail.mails import tournament_final

    top = [
        {"place": 1, "name": "Alice", "points": 12.0, "disqualified": False, "dropped": False},
        {"place": 2, "name": "Bruno", "points": 9.5, "disqualified": False, "dropped": False},
    ]
    for language, said in (("en", ["Alice (12.0)", "Bruno (9.5)"]), ("it", ["Alice (12,0)", "Bruno (9,5)"])):
        reader = make_user(f"reader-{language}", language=language)
        tournament_final(reader, "Cup (#1)", "1", 2, top, "http://x/")
        text = rendered(OutboxMessage.objects.get(key=f"tournament-final:1:{reader.pk}")).text
        for words in said:
            assert words in text, text
    whole = [dict(row, points=points) for row, points in zip(top, (12.0, 9.0), strict=True)]
    tournament_final(reader, "Cup (#2)", "2", 2, whole, "http://x/")
    text = rendered(OutboxMessage.objects.get(key=f"tournament-final:2:{reader.pk}")).text
    assert "Alice (12)" in text and "Bruno (9)" in text, text
