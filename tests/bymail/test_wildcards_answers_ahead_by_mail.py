"""Wild Cards' acquisition answered ahead by mail: choices and payment cards, in four languages."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.ahead.models import StoredAnswer
from games.bymail import render
from games.bymail.ahead_lines import read_case
from games.bymail.models import InboundMail
from games.engines import get_engine
from games.models import Action
from tests.ahead.test_wildcards_answers_ahead import _take_and_pay, _waiting
from tests.bymail.conftest import ahead_mail_in, post_postmark, reply_mime, text_of
from tests.conftest import make_user
from tests.games.conftest import play_until, seat_user, start_game

pytestmark = pytest.mark.django_db
ENGINE = get_engine("wildcards")
CASES = ["first", "second", "third", "pay3", "pay2", "pay1"]


@pytest.mark.parametrize(
    ("written", "case"),
    [
        ("your first choice", "first"),
        ("first", "first"),
        ("se non c'è più, la tua seconda scelta", "second"),
        ("terza scelta", "third"),
        ("tu primera opción", "first"),
        ("si tampoco está, tu tercera opción", "third"),
        ("je tweede keus", "second"),
        ("when 2 cards are still to pay", "pay2"),
        ("pay 3", "pay3"),
        ("quando resta da pagare 1 carta", "pay1"),
        ("cuando quedan 3 cartas por pagar", "pay3"),
        ("als er nog 2 kaarten te betalen zijn", "pay2"),
        ("when 4 cards are still to pay", None),
    ],
)
def test_it_reads_a_wild_cards_answer_ahead_in_four_languages(written, case):
    assert read_case("wildcards", written, CASES) == case


@pytest.fixture
def acquisition(mail_server, settings):
    """An acquisition waiting on its first player; the second reads Italian and has their mail."""
    settings.GAME_MAIL_GRACE_SECONDS = 0
    game = start_game([make_user("ann"), make_user("bruno"), make_user("cy")], engine="wildcards")
    game = play_until(game, _waiting, "an acquisition with two players to come")
    second = game.state["order"][1]
    mail = ahead_mail_in("it", game, second, mail_server)
    return game, second, mail


def test_the_mail_lists_the_choices_and_each_card_of_the_payment(acquisition):
    game, second, mail = acquisition
    text = text_of(mail)
    assert "Il tuo turno di prendere un animale in questo round" in text
    assert "la tua prima scelta" in text and "la tua terza scelta" in text
    assert "quando resta da pagare 1 carta:" in text


def test_a_reply_stores_a_choice_and_the_payment_and_they_are_played_when_called(client, acquisition):
    game, second, mail = acquisition
    cases = {c["case"]: c["moves"] for c in ENGINE.ahead_cases(game.state, second)}
    take = next(m for m in cases["first"] if m["type"] == "take")
    mover_takes = next(m for m in cases["first"] if m["type"] == "take" and m != take)
    hand = list(game.state["hands"][second])
    view = ENGINE.view(game.state, second)
    lines, payments = [], []
    with translation.override("it"):
        lines.append(f"la tua prima scelta: {render.phrase('wildcards', take, view)}")
        for left in range(len([k for k in cases if k.startswith("pay")]), 0, -1):
            card = next(m for m in cases[f"pay{left}"] if m["card"] in hand)
            hand.remove(card["card"])
            payments.append(card)
            count = "1 carta" if left == 1 else f"{left} carte"
            lines.append(f"quando resta da pagare {count}: {render.phrase('wildcards', card, view)}")
    raw = reply_mime(mail, str(mail["To"]), "\n".join(lines))
    assert post_postmark(client, raw).status_code == 200
    assert InboundMail.objects.get().outcome == "accepted", InboundMail.objects.get().detail
    assert StoredAnswer.objects.filter(game=game, seat=second).count() == 1 + len(payments)
    since = game.version
    game = _take_and_pay(game, mover_takes["animal"])
    made = [a.payload for a in Action.objects.filter(game=game, seat=second, seq__gte=since).order_by("seq")]
    assert made == [take, *payments]


@pytest.mark.parametrize(
    ("written", "case"),
    [
        ("refill, step 1", "refill1"),
        ("refill 2", "refill2"),
        ("rifornimento, passo 3", "refill3"),
        ("reabastecimiento, paso 1", "refill1"),
        ("aanvullen, stap 2", "refill2"),
        ("refill, step 5", None),
    ],
)
def test_it_reads_a_wild_cards_refill_answered_ahead_in_four_languages(written, case):
    assert read_case("wildcards", written, ["refill1", "refill2", "refill3", "refill4"]) == case


def test_the_bid_mail_asks_the_refill_and_one_reply_bids_the_refill_card_and_answers_it(client, mail_server, settings):
    settings.GAME_MAIL_GRACE_SECONDS = 0
    game = start_game([make_user("ann"), make_user("bruno"), make_user("cy")], engine="wildcards")
    seat = 0
    mail = next(
        m
        for m in mail_server()
        if m["X-Wildcards-Event"] == "your-turn" and str(m["To"]) == seat_user(game, seat).email
    )
    text = text_of(mail)
    assert "Your refill this round, if you bid the Refill card" in text
    # Steps that allow the same moves share a line.
    assert "refill, step 1 / refill, step 2 / refill, step 3 / refill, step 4: discard " in text
    raw = reply_mime(mail, str(mail["To"]), "bid refill\nrefill, step 1: done")
    assert post_postmark(client, raw).status_code == 200
    assert InboundMail.objects.get().outcome == "accepted", InboundMail.objects.get().detail
    (answer,) = StoredAnswer.objects.filter(game=game, seat=seat)
    assert (answer.phase, answer.case, answer.action) == ("r1:refill", "refill1", {"type": "done"})
    game.refresh_from_db()
    assert game.state["sealed"][seat] == [-1]
