"""Answers ahead in Wizard, through the services: stored, played when their case holds, else asked."""

from __future__ import annotations

import pytest

from games.ahead.models import StoredAnswer
from games.bymail.mail_context import turn_context
from games.engines import get_engine
from games.models import Action, Deadline, Seat
from games.presenters.wizard.table import card_name
from games.services import ActionRejected, do_action
from games.services.ahead import do_answer_ahead, do_drop_answer
from games.services.looks import look_baseline
from tests.conftest import make_user
from tests.games.conftest import play_until, seat_user, start_game

SUITS = ("blue", "green", "red", "yellow")
ENGINE = get_engine("wizard")


@pytest.fixture
def trick(db):
    """A 3-player game at the first trick of a round of 3 cards: (game, leader, second, third)."""
    game = start_game([make_user(name) for name in ("ann", "ben", "cy")], engine="wizard")
    game = play_until(game, lambda s: s["round"] == 3 and s["phase"] == "play" and not s["trick"], "round 3")
    leader = game.state["turn"]
    return game, leader, (leader + 1) % 3, (leader + 2) % 3


def _play(game, seat, card):
    user = seat_user(game, seat)
    do_action(game.pk, seat, {"type": "play", "card": card}, "web", user=user, expected_version=game.version)
    game.refresh_from_db()
    return game


def _suit(card: str) -> str:
    return card.split("-")[0]


def _store(game, seat, phase, case, card, channel="web"):
    return do_answer_ahead(game.pk, seat_user(game, seat), phase, case, {"type": "play", "card": card}, channel)


def test_a_card_stored_for_the_suit_led_is_played_the_moment_it_is_led(trick):
    game, leader, second, third = trick
    led = next(card for card in game.state["hands"][leader] if _suit(card) in SUITS)
    hand = game.state["hands"][second]
    # A card the rules allow on that suit, worked out by hand: the suit itself if held, else anything.
    allowed = [c for c in hand if _suit(c) == _suit(led) or _suit(c) in ("wizard", "jester")]
    answer = (allowed or hand)[0]
    _store(game, second, "r3:t0", _suit(led), answer)
    game = _play(game, leader, led)
    played = list(Action.objects.filter(game=game).order_by("-seq")[:2])[::-1]
    assert [(a.seat, a.payload["card"], a.channel) for a in played] == [
        (leader, led, "web"),
        (second, answer, Action.Channel.AHEAD),
    ]
    assert played[1].actor == seat_user(game, second)
    assert ENGINE.to_act(game.state) == [third]
    # Never asked: no wait was opened for the second seat in this trick.
    assert not Deadline.objects.filter(game=game, seat=second, closed_at__isnull=True).exists()
    assert not StoredAnswer.objects.filter(game=game).exists()


def test_an_answer_for_another_suit_is_not_played_and_the_seat_is_asked(trick):
    game, leader, second, _third = trick
    led = next(card for card in game.state["hands"][leader] if _suit(card) in SUITS)
    other = next(suit for suit in SUITS if suit != _suit(led))
    case = next(c for c in ENGINE.ahead_cases(game.state, second) if c["case"] == other)
    _store(game, second, "r3:t0", other, case["moves"][0]["card"])
    game = _play(game, leader, led)
    assert ENGINE.to_act(game.state) == [second]
    assert Deadline.objects.filter(game=game, seat=second, closed_at__isnull=True).exists()
    # Still there while its phase lasts (nothing holds it now), gone once the seat has played.
    assert StoredAnswer.objects.filter(game=game, seat=second).count() == 1
    game = _play(game, second, ENGINE.legal_actions(game.state, second)[0]["card"])
    assert not StoredAnswer.objects.filter(game=game, seat=second, phase="r3:t0").exists()


def test_two_answers_for_one_case_keep_the_later(trick):
    game, leader, second, _third = trick
    hand = game.state["hands"][second]
    _store(game, second, "r3:t0", "any", hand[0])
    _store(game, second, "r3:t0", "any", hand[1])
    (answer,) = StoredAnswer.objects.filter(game=game, seat=second)
    assert answer.action == {"type": "play", "card": hand[1]}


def test_an_answer_that_is_illegal_when_called_is_dropped_with_why_and_never_played(trick):
    game, leader, second, _third = trick
    hand = game.state["hands"][second]
    # The leader's suit that the second seat holds, and a card of another suit it holds too.
    pairs = [
        (led, off)
        for led in game.state["hands"][leader]
        if _suit(led) in SUITS and any(_suit(c) == _suit(led) for c in hand)
        for off in hand
        if _suit(off) in SUITS and _suit(off) != _suit(led)
    ]
    if not pairs:
        pytest.skip("this deal gives no forced follow")  # the fixed seed does give one (asserted below)
    led, off = pairs[0]
    _store(game, second, "r3:t0", "any", off)
    version = game.version
    game = _play(game, leader, led)
    assert game.version == version + 1  # the leader's card only
    assert ENGINE.to_act(game.state) == [second]
    (answer,) = StoredAnswer.objects.filter(game=game, seat=second)
    assert answer.status == StoredAnswer.Status.DROPPED
    assert "must follow" in answer.reason["template"]


def test_the_fixed_deal_has_a_forced_follow(trick):
    # Keeps the test above from skipping silently: its case is reached with this seed.
    game, leader, second, _third = trick
    hand = game.state["hands"][second]
    assert any(
        _suit(led) in SUITS
        and any(_suit(c) == _suit(led) for c in hand)
        and any(_suit(c) in SUITS and _suit(c) != _suit(led) for c in hand)
        for led in game.state["hands"][leader]
    )


def test_an_answer_that_comes_when_its_case_holds_already_is_the_move_now(trick):
    # The leader's card and the second player's answer arrive together: either order, one outcome.
    game, leader, second, third = trick
    led = next(card for card in game.state["hands"][leader] if _suit(card) in SUITS)
    game = _play(game, leader, led)
    answer = ENGINE.legal_actions(game.state, second)[0]["card"]
    stored = _store(game, second, "r3:t0", _suit(led), answer)
    assert stored.answer is None and stored.outcome is not None
    game.refresh_from_db()
    last = Action.objects.filter(game=game).latest("seq")
    assert (last.seat, last.payload["card"], last.channel) == (second, answer, "web")
    assert ENGINE.to_act(game.state) == [third]


def test_it_refuses_what_cannot_be_answered_and_changes_nothing(trick):
    game, leader, second, _third = trick
    hand = game.state["hands"][second]
    not_held = next(card for card in game.state["hands"][leader])
    with pytest.raises(ActionRejected) as refused:
        _store(game, second, "r3:t0", "any", not_held)  # the leader's card
    assert refused.value.code == "illegal"
    with pytest.raises(ActionRejected) as refused:
        _store(game, second, "r3:t5", "any", hand[0])  # no such trick
    assert refused.value.code == "no_such_case"
    with pytest.raises(ActionRejected) as refused:
        _store(game, leader, "r3:t0", "any", game.state["hands"][leader][0])  # called now: it plays
    assert refused.value.code == "no_such_case"
    stranger = make_user("dee")
    with pytest.raises(ActionRejected) as refused:
        do_answer_ahead(game.pk, stranger, "r3:t0", "any", {"type": "play", "card": hand[0]}, "web")
    assert refused.value.code == "not_your_seat"
    assert not StoredAnswer.objects.exists()


def test_a_dropped_answer_is_gone_and_the_seat_is_asked(trick):
    game, leader, second, _third = trick
    led = next(card for card in game.state["hands"][leader] if _suit(card) in SUITS)
    card = next(c for c in ENGINE.ahead_cases(game.state, second) if c["case"] == _suit(led))["moves"][0]["card"]
    _store(game, second, "r3:t0", _suit(led), card)
    assert do_drop_answer(game.pk, seat_user(game, second), "r3:t0", _suit(led))
    game = _play(game, leader, led)
    assert ENGINE.to_act(game.state) == [second]


def test_the_next_lead_stored_by_the_trick_winner_is_played_when_it_leads(trick):
    game, leader, second, third = trick
    hands = {seat: list(game.state["hands"][seat]) for seat in (leader, second, third)}
    # Everyone answers the whole trick ahead, and the next lead if they win it.
    for seat in (leader, second, third):
        _store(game, seat, "r3:t1", "lead", hands[seat][-1])
    for seat in (second, third):
        _store(game, seat, "r3:t0", "any", hands[seat][0])
    game = _play(game, leader, hands[leader][0])
    winner = game.state["last_trick"]["winner"]
    moves = list(Action.objects.filter(game=game).order_by("seq"))[-4:]
    assert [(m.seat, m.payload["card"], m.channel) for m in moves] == [
        (leader, hands[leader][0], "web"),
        (second, hands[second][0], "ahead"),
        (third, hands[third][0], "ahead"),
        (winner, hands[winner][-1], "ahead"),
    ]
    # The others' leads wait for the end of that trick, then go.
    losers = {second, third, leader} - {winner}
    assert set(StoredAnswer.objects.filter(game=game).values_list("seat", flat=True)) == losers
    while game.state["trick_number"] == 1:
        seat = ENGINE.to_act(game.state)[0]
        game = _play(game, seat, ENGINE.legal_actions(game.state, seat)[0]["card"])
    assert not StoredAnswer.objects.filter(game=game).exists()


def test_a_bid_stored_by_the_sum_of_the_bids_before_it_is_made_in_turn(db):
    game = start_game([make_user(name) for name in ("ann", "ben", "cy")], engine="wizard")
    game = play_until(game, lambda s: s["round"] == 2 and s["phase"] == "bid", "round 2's bids")
    first = game.state["turn"]
    second, third = (first + 1) % 3, (first + 2) % 3
    user = seat_user(game, third)
    # Third bids 1 if the two before it bid 0 in all, else 0: stored before either has bid.
    do_answer_ahead(game.pk, user, "r2:bid", "sum:0", {"type": "bid", "bid": 1}, "web")
    do_answer_ahead(game.pk, user, "r2:bid", "any", {"type": "bid", "bid": 0}, "web")
    for seat in (first, second):
        do_action(
            game.pk,
            seat,
            {"type": "bid", "bid": 1 if seat == second else 0},
            "web",
            user=seat_user(game, seat),
            expected_version=game.version,
        )
        game.refresh_from_db()
    assert game.state["bids"][third] == 0  # the sum before it was 1: "any" held, "sum:0" did not
    last = Action.objects.filter(game=game).latest("seq")
    assert (last.seat, last.channel) == (third, Action.Channel.AHEAD)
    assert not StoredAnswer.objects.filter(game=game, phase="r2:bid").exists()


# A move made for a player while away (answered ahead, by their delegate, by the timeout) is not
# one they saw the table for: "Since your last move" in the next turn mail, and "Since your last
# look" on the table, still tell what the others did before it (a player found their own
# answered-ahead bid and the bid before it missing from the next mail).


def _first_trick_with_the_second_answered_ahead(trick):
    game, leader, second, third = trick
    led = next(card for card in game.state["hands"][leader] if card.split("-")[0] in SUITS)
    case = next(c for c in ENGINE.ahead_cases(game.state, second) if c["case"] == led.split("-")[0])
    do_answer_ahead(game.pk, seat_user(game, second), "r3:t0", case["case"], case["moves"][0], "web")
    game = _play(game, leader, led)
    assert game.actions.order_by("-seq").first().channel == Action.Channel.AHEAD
    third_card = ENGINE.legal_actions(game.state, third)[0]["card"]
    game = _play(game, third, third_card)
    return game, led, third_card


def test_the_next_turn_mail_tells_the_card_led_before_a_card_played_ahead(trick):
    game, leader, second, _third = trick
    game, led, third_card = _first_trick_with_the_second_answered_ahead(trick)
    game = play_until(game, lambda s: ENGINE.to_act(s) == [second], "the second seat's next turn")
    seat = Seat.objects.get(game=game, position=second)
    wait = Deadline.objects.get(game=game, seat=second, closed_at__isnull=True)
    told = "\n".join(turn_context(game, seat, wait)["recap"].lines)
    assert card_name(led) in told and card_name(third_card) in told, told


def test_the_table_counts_from_before_a_card_played_ahead(trick):
    game, leader, second, _third = trick
    before = game.version
    game, _led, _third_card = _first_trick_with_the_second_answered_ahead(trick)
    assert look_baseline(Seat.objects.get(game=game, position=second)) <= before
