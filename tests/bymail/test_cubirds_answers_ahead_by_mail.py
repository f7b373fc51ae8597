"""CuBirds' next turn answered ahead by mail: the rows as the mail showed them, the draw and the
family, in Italian; a reply about a row that another player has changed since is refused whole."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.ahead.models import StoredAnswer
from games.bymail import render
from games.bymail.ahead_lines import read_case
from games.bymail.models import InboundMail
from games.engines import get_engine
from games.models import Action
from games.services import do_action
from tests.bymail.conftest import ahead_mail_in, post_postmark, reply_mime, text_of
from tests.conftest import make_user
from tests.games.conftest import seat_user, start_game

pytestmark = pytest.mark.django_db
ENGINE = get_engine("cubirds")
CASES = ["row0:00000001", "row3:0000000a", "draw", "family"]


@pytest.mark.parametrize(
    ("written", "case"),
    [
        ("if row 4 is as you see it now", "row3:0000000a"),
        ("row 1", "row0:00000001"),
        ("se la fila 4 è come la vedi ora", "row3:0000000a"),
        ("si la fila 1 está como la ves ahora", "row0:00000001"),
        ("als rij 4 nog is zoals je die nu ziet", "row3:0000000a"),
        ("if you may draw after your lay", "draw"),
        ("se puoi pescare", "draw"),
        ("als je na het leggen mag trekken", "draw"),
        ("alla fine del turno, per una famiglia", "family"),
        ("al final de tu turno, para una familia", "family"),
        ("if row 2 is as you see it now", None),  # no case for it in this list
    ],
)
def test_it_reads_a_cubirds_answer_ahead_in_four_languages(written, case):
    assert read_case("cubirds", written, CASES) == case


@pytest.fixture
def table(mail_server, settings):
    """A 3-player game at its first turn; the next player reads Italian and has their mail."""
    settings.GAME_MAIL_GRACE_SECONDS = 0
    game = start_game([make_user("ann"), make_user("bruno"), make_user("cy")], engine="cubirds")
    nxt = (game.state["player"] + 1) % 3
    mail = ahead_mail_in("it", game, nxt, mail_server)
    return game, nxt, mail


def _lay_words(game, seat: int, row: int) -> tuple[dict, str]:
    case = next(c for c in ENGINE.ahead_cases(game.state, seat) if c["case"].startswith(f"row{row}:"))
    move = case["moves"][0]
    with translation.override("it"):
        return move, render.phrase("cubirds", move, ENGINE.view(game.state, seat))


def _lay_into(game, row: int):
    mover = game.state["player"]
    lay = next(a for a in ENGINE.legal_actions(game.state, mover) if a["row"] == row)
    while game.state["player"] == mover:
        legal = ENGINE.legal_actions(game.state, mover)
        action = lay if game.state["step"] == "lay" else next(a for a in legal if a["type"].startswith("no_"))
        do_action(game.pk, mover, action, "web", user=seat_user(game, mover), expected_version=game.version)
        game.refresh_from_db()
    return game


def test_the_mail_lists_each_row_the_draw_and_the_family(table):
    _game, _nxt, mail = table
    text = text_of(mail)
    assert "Il tuo prossimo turno, come lo giocheresti ora" in text
    for row in (1, 2, 3, 4):
        assert f"se la fila {row} è come la vedi ora:" in text
    assert "se puoi pescare dopo la tua posa:" in text
    assert "alla fine del turno, per una famiglia:" in text


def test_a_reply_stores_the_whole_turn_and_it_is_played_when_called(client, table):
    game, nxt, mail = table
    move, words = _lay_words(game, nxt, 3)
    body = f"se la fila 4 è come la vedi ora: {words}\nse puoi pescare: pesca\nper una famiglia: nessuna famiglia"
    raw = reply_mime(mail, str(mail["To"]), body)
    assert post_postmark(client, raw).status_code == 200
    assert post_postmark(client, raw).status_code == 200  # delivered twice, stored once
    assert InboundMail.objects.filter(outcome="accepted").count() == 1
    stored = {a.case.split(":")[0]: a.action for a in StoredAnswer.objects.filter(game=game, seat=nxt)}
    assert stored == {"row3": move, "draw": {"type": "draw"}, "family": {"type": "no_family"}}
    game = _lay_into(game, 0)
    first = Action.objects.filter(game=game, seat=nxt).order_by("seq").first()
    assert (first.payload, first.channel) == (move, Action.Channel.AHEAD)


def test_a_reply_about_a_row_changed_since_the_mail_is_refused_and_nothing_is_stored(client, table):
    game, nxt, mail = table
    _move, words = _lay_words(game, nxt, 3)
    version = _lay_into(game, 3).version  # the player before lays into that very row
    raw = reply_mime(mail, str(mail["To"]), f"se la fila 4 è come la vedi ora: {words}")
    assert post_postmark(client, raw).status_code == 200
    record = InboundMail.objects.get()
    assert record.outcome == "unknown_command"
    assert "La partita è andata avanti" in record.detail and "fila 4" in record.detail
    assert not StoredAnswer.objects.exists()
    game.refresh_from_db()
    assert game.version == version


def test_a_reply_to_the_answer_ahead_mail_that_plays_part_of_the_turn_asks_for_the_rest(client, table, mail_server):
    game, nxt, mail = table
    move, words = _lay_words(game, nxt, 3)
    game = _lay_into(game, 0)  # the player before ends their turn: the next seat is asked now
    assert ENGINE.to_act(game.state) == [nxt]
    mail_server()  # its turn mail
    raw = reply_mime(mail, str(mail["To"]), f"se la fila 4 è come la vedi ora: {words}")
    assert post_postmark(client, raw).status_code == 200
    assert InboundMail.objects.get(message_id__contains="mail.example.org").outcome == "accepted"
    game.refresh_from_db()
    assert [a.payload for a in Action.objects.filter(game=game, seat=nxt)] == [move]
    assert ENGINE.to_act(game.state) == [nxt]  # the lay was played; the rest of the turn is still to choose
    answer = next(m for m in mail_server() if str(m["To"]) == str(mail["To"]))
    view = ENGINE.view(game.state, nxt)
    with translation.override("it"):
        rest = [render.phrase("cubirds", action, view) for action in ENGINE.legal_actions(game.state, nxt)]
    assert answer["Reply-To"], "the answer must be replied to for the rest of the turn"
    assert all(phrase in text_of(answer) for phrase in rest), text_of(answer)
