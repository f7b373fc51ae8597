"""Answers ahead by mail: the mail that asks for them, replies in four languages, and what is played."""

from __future__ import annotations

import pytest

from games.ahead.models import StoredAnswer
from games.bymail.ahead_lines import read_case
from games.bymail.models import InboundMail
from games.engines import get_engine
from games.models import Action
from games.services import do_action
from tests.bymail.conftest import post_postmark, reply_mime, text_of
from tests.conftest import make_user
from tests.games.conftest import play_until, seat_user, start_game

pytestmark = pytest.mark.django_db
ENGINE = get_engine("wizard")
ITALIAN = {
    "blue": "blu",
    "green": "verde",
    "red": "rosso",
    "yellow": "giallo",
    "wizard": "stregone",
    "jester": "giullare",
}
SUITS = ("blue", "green", "red", "yellow")
ALL_CASES = [*SUITS, "wizard", "jester", "any", "lead", "sum:0", "sum:3", "sum:12"]


@pytest.mark.parametrize(
    ("written", "case"),
    [
        ("if blue is led", "blue"),
        ("If blue", "blue"),
        ("se esce blu", "blue"),
        ("Se escono blu", "blue"),
        ("si sale azul", "blue"),
        ("als blauw uitkomt", "blue"),
        ("otherwise", "any"),
        ("altrimenti", "any"),
        ("si no", "any"),
        ("Anders", "any"),
        ("if a Wizard is led", "wizard"),
        ("se esce uno stregone", "wizard"),
        ("als een nar uitkomt", "jester"),
        ("si sale un bufón", "jester"),
        ("if I win", "lead"),
        ("se vinco questa presa", "lead"),
        ("if the bids before mine add up to 3", "sum:3"),
        ("se le dichiarazioni prima della mia sommano 12", "sum:12"),
        ("if purple is led", None),
        ("bid", None),
    ],
)
def test_it_reads_the_case_of_an_answer_ahead_in_four_languages(written, case):
    assert read_case("wizard", written, ALL_CASES) == case


def _card(card: str) -> str:
    suit, _dash, rank = card.partition("-")
    return ITALIAN[suit] if suit in ("wizard", "jester") else f"{ITALIAN[suit]} {rank}"


@pytest.fixture
def trick(mail_server, settings):
    """Round 3 of a 3-player game at its first trick, everyone's mail delivered; the second
    seat's player reads Italian. (game, leader, second, the second's answer-ahead mail)"""
    settings.GAME_MAIL_GRACE_SECONDS = 0
    users = [make_user("ann"), make_user("bruno"), make_user("cy")]
    game = start_game(users, engine="wizard")
    game = play_until(game, lambda s: s["round"] == 3 and s["phase"] == "play" and not s["trick"], "round 3")
    leader = game.state["turn"]
    second = (leader + 1) % 3
    profile = seat_user(game, second).profile
    profile.language = "it"
    profile.save()
    mails = [m for m in mail_server() if m["X-Wildcards-Event"] == "answer-ahead"]
    mine = [m for m in mails if str(m["To"]) == seat_user(game, second).email]
    return game, leader, second, mine[-1]


def _leaders_turn_mail(mail_server, game, leader):
    """The latest turn mail the trick's leader got."""
    mine = [
        m
        for m in mail_server.inbox.messages
        if m["X-Wildcards-Event"] == "your-turn" and str(m["To"]) == seat_user(game, leader).email
    ]
    return mine[-1]


def _reply(client, mail, body: str):
    raw = reply_mime(mail, str(mail["To"]), body)
    assert post_postmark(client, raw).status_code == 200
    return raw


def test_the_mail_lists_each_case_with_the_cards_it_allows(trick):
    game, leader, second, mail = trick
    text = text_of(mail)
    assert "puoi rispondere in anticipo" in text.lower()
    assert "presa 1" in text
    hand = game.state["hands"][second]
    for suit in SUITS:
        allowed = [c for c in hand if c.startswith(suit)] or hand
        # Cases that allow the same cards share a line ("se esce verde / se esce giallo / …: …").
        line = next(line for line in text.splitlines() if f"se esce {ITALIAN[suit]}" in line.partition(":")[0])
        assert sorted(line.partition(":")[2].split(",")) == sorted(f" gioca {_card(c)}" for c in allowed)
    assert "altrimenti:" in text


def test_answers_by_reply_are_stored_once_and_played_when_their_suit_is_led(client, trick, mail_server):
    game, leader, second, mail = trick
    hand = game.state["hands"][second]
    lines, expected = [], {}
    for suit in SUITS:
        card = ([c for c in hand if c.startswith(suit)] or hand)[0]
        lines.append(f"se esce {ITALIAN[suit]}: {_card(card)}")
        expected[suit] = card
    lines.append(f"altrimenti: {_card(hand[-1])}")
    raw = _reply(client, mail, "\n".join(lines))
    assert post_postmark(client, raw).status_code == 200  # the same mail delivered twice
    assert InboundMail.objects.filter(outcome="accepted").count() == 1
    stored = {a.case: a.action["card"] for a in StoredAnswer.objects.filter(game=game, seat=second)}
    assert stored == {**expected, "any": hand[-1]}
    answers = [m for m in mail_server() if str(m["To"]) == str(mail["To"])]
    assert [m["X-Wildcards-Event"] for m in answers] == ["move-accepted"]
    assert text_of(answers[0]).count("Salvata in anticipo") == 5

    led = next(c for c in game.state["hands"][leader] if c.split("-")[0] in SUITS)
    do_action(
        game.pk,
        leader,
        {"type": "play", "card": led},
        "web",
        user=seat_user(game, leader),
        expected_version=game.version,
    )
    played = Action.objects.filter(game=game, seat=second).latest("seq")
    assert (played.payload["card"], played.channel) == (expected[led.split("-")[0]], Action.Channel.AHEAD)


def test_a_bare_move_in_a_reply_to_the_answer_ahead_mail_is_refused_and_nothing_is_stored(client, trick, mail_server):
    game, leader, second, mail = trick
    hand = game.state["hands"][second]
    _reply(client, mail, f"se esce blu: {_card(hand[0])}\n{_card(hand[0])}")
    record = InboundMail.objects.get()
    assert record.outcome == "unknown_command"
    assert "non è una risposta in anticipo" in record.detail
    assert not StoredAnswer.objects.exists()
    version = game.version
    game.refresh_from_db()
    assert game.version == version


def test_a_reply_makes_the_move_now_and_stores_the_next_lead_in_one_go(client, trick, mail_server, settings):
    game, leader, second, _mail = trick
    turn = _leaders_turn_mail(mail_server, game, leader)
    hand = game.state["hands"][leader]
    _reply(client, turn, f"play {hand[0].replace('-', ' ')}\nif I win: play {hand[-1].replace('-', ' ')}")
    assert InboundMail.objects.get().outcome == "accepted"
    game.refresh_from_db()
    assert game.state["trick"][0] == [leader, hand[0]]
    (lead,) = StoredAnswer.objects.filter(game=game, seat=leader)
    assert (lead.phase, lead.case, lead.action["card"]) == ("r3:t1", "lead", hand[-1])


def test_a_reply_that_moves_answers_ahead_and_talks_does_all_three(client, trick, mail_server):
    game, leader, second, _mail = trick
    turn = _leaders_turn_mail(mail_server, game, leader)
    hand = game.state["hands"][leader]
    body = f"play {hand[0].replace('-', ' ')}\nif I win: play {hand[-1].replace('-', ' ')}\nzeg: veel succes allemaal"
    _reply(client, turn, body)
    assert InboundMail.objects.get().outcome == "accepted"
    game.refresh_from_db()
    assert game.state["trick"][0] == [leader, hand[0]]
    assert StoredAnswer.objects.filter(game=game, seat=leader, case="lead").count() == 1
    assert list(game.messages.values_list("text", flat=True)) == ["veel succes allemaal"]
    (answer,) = [m for m in mail_server() if str(m["To"]) == str(turn["To"])]
    text = text_of(answer)
    assert "was made" in text and "Stored ahead: if I lead" in text and "Said at the table: veel succes" in text


def test_a_reply_whose_talk_is_refused_does_nothing_at_all(client, trick, mail_server):
    game, leader, second, _mail = trick
    turn = _leaders_turn_mail(mail_server, game, leader)
    hand = game.state["hands"][leader]
    version = game.version
    talk = "\n".join(f"say: line {n}" for n in range(6))  # one more than a minute allows
    _reply(client, turn, f"play {hand[0].replace('-', ' ')}\nif I win: play {hand[-1].replace('-', ' ')}\n{talk}")
    record = InboundMail.objects.get()
    assert record.outcome == "too_fast"
    game.refresh_from_db()
    assert game.version == version and not StoredAnswer.objects.exists() and not game.messages.exists()


def test_a_reply_hands_the_rest_of_the_round_to_a_delegate(client, trick, mail_server):
    game, leader, second, _mail = trick
    turn = _leaders_turn_mail(mail_server, game, leader)
    hand = game.state["hands"][leader]
    _reply(client, turn, f"play {hand[0].replace('-', ' ')}\ngioca le mie carte in questo round")
    assert InboundMail.objects.get().outcome == "accepted"
    assert game.seats.get(position=leader).delegate == "round:r3"
    (answer,) = [m for m in mail_server() if str(m["To"]) == str(turn["To"])]
    assert "A delegate plays your cards for the rest of this round" in text_of(answer)
    # The others play on: the leader's next card is the delegate's.
    engine = get_engine("wizard")
    game.refresh_from_db()
    while leader not in engine.to_act(game.state) and game.state["round"] == 3:
        seat = engine.to_act(game.state)[0]
        action = engine.legal_actions(game.state, seat)[0]
        do_action(game.pk, seat, action, "web", user=seat_user(game, seat), expected_version=game.version)
        game.refresh_from_db()
    assert Action.objects.filter(game=game, seat=leader, channel=Action.Channel.DELEGATE).exists()


@pytest.mark.parametrize(
    ("written", "case"),
    [
        ("if The Mill is still on top of the discard pile", "top:mill"),
        ("if the mill is still on top", "top:mill"),
        ("se Il Mulino è ancora in cima agli scarti", "top:mill"),
        ("si El Molino sigue encima", "top:mill"),
        ("otherwise", "any"),
        ("altrimenti", "any"),
        ("if The Sailor is still on top", None),  # not the card on top: no case names it
    ],
)
def test_it_reads_an_emu_ranchers_answer_ahead_in_four_languages(written, case):
    assert read_case("emu_ranchers", written, ["any", "top:mill"]) == case


def test_a_player_who_takes_the_digest_finds_the_cases_in_it_and_answers_them_from_it(client, trick, mail_server):
    from games.bymail import preferences
    from games.bymail.mails_digest import digest
    from wildcards_site.outbox.models import OutboxMessage

    game, leader, second, _mail = trick
    user = seat_user(game, second)
    preferences.do_set_preferences(user, {}, digest=True)
    user.refresh_from_db()
    assert digest(user)
    row = OutboxMessage.objects.get(to=user.email, key__startswith="digest:")
    assert "rispondere in anticipo" in row.text and "se esce blu" in row.text
    address = next(line.split(": ", 1)[1] for line in row.text.splitlines() if line.strip().startswith("Rispondi a"))
    hand = game.state["hands"][second]
    card = next(c for c in hand if c.startswith("blue")) if any(c.startswith("blue") for c in hand) else hand[0]
    reply = reply_mime(_mail, user.email, f"se esce blu: {_card(card)}", to=address.strip())
    assert post_postmark(client, reply).status_code == 200
    assert InboundMail.objects.get().outcome == "accepted"
    assert StoredAnswer.objects.filter(game=game, seat=second, case="blue").count() == 1


def test_a_stored_next_lead_does_not_stop_the_next_trick_s_mail(client, trick, mail_server):
    # A follower who answered "if I win: …" for the next trick, and did not win, is still asked
    # that trick's cards ahead (the lead must not count as having answered it).
    from wildcards_site.outbox.models import OutboxMessage

    game, leader, second, _mail = trick
    engine = get_engine("wizard")
    # Who will win trick 1 when each plays its first legal card: the others answer its lead ahead.
    state = game.state
    while state["trick_number"] == 0:
        seat = engine.to_act(state)[0]
        state = engine.apply(state, seat, engine.legal_actions(state, seat)[0])
    winner = state["turn"]
    losers = {0, 1, 2} - {winner}
    for seat in losers:
        lead = next(c for c in engine.ahead_cases(game.state, seat) if c["case"] == "lead")
        do_answer_ahead_for(game, seat, lead)
    while game.state["trick_number"] == 0:
        seat = engine.to_act(game.state)[0]
        action = engine.legal_actions(game.state, seat)[0]
        do_action(game.pk, seat, action, "web", user=seat_user(game, seat), expected_version=game.version)
        game.refresh_from_db()
    assert game.state["turn"] == winner  # called: its lead was not answered
    for seat in losers:
        assert OutboxMessage.objects.filter(key=f"ahead:{game.pk}:{seat}:r3:t1").exists(), seat


def do_answer_ahead_for(game, seat, case):
    from games.services.ahead import do_answer_ahead

    do_answer_ahead(game.pk, seat_user(game, seat), case["phase"], case["case"], case["moves"][-1], "web")


def test_a_late_reply_about_a_trick_that_is_over_is_refused_not_stored_for_the_next(client, trick, mail_server):
    game, leader, second, mail = trick
    for seat in (leader, second, (second + 1) % 3):  # the trick the mail asked about is played out
        card = ENGINE.legal_actions(game.state, seat)[0]
        do_action(game.pk, seat, card, "web", user=seat_user(game, seat), expected_version=game.version)
        game.refresh_from_db()
    hand = game.state["hands"][second]
    assert game.state["trick"] == [] and ENGINE.to_act(game.state) != [second]
    _reply(client, mail, f"altrimenti: {_card(hand[0])}")
    record = InboundMail.objects.get()
    assert record.outcome == "unknown_command"
    assert "La partita è andata avanti" in record.detail
    assert not StoredAnswer.objects.filter(game=game, seat=second).exists()
