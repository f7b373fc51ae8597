"""Answers ahead in Wild Cards: one's turn to take an animal, stored while those who bid higher take
theirs; the first choice still on display is taken (another copy of it where copies are alike), a
choice taken meanwhile is dropped with why, and the payment is made card by card as stored."""

from __future__ import annotations

import pytest

from games.ahead.models import StoredAnswer
from games.engines import get_engine
from games.engines.wildcards.cards import ANIMAL_SPECIES, EAGLE
from games.models import Action, Deadline
from games.services import do_action
from games.services.ahead import do_answer_ahead
from tests.conftest import make_user
from tests.games.conftest import play_until, seat_user, start_game

pytestmark = pytest.mark.django_db
ENGINE = get_engine("wildcards")


def _waiting(state) -> bool:
    """The acquisition waits on its first player, with two more to come who can take and pay."""
    if state["phase"] != "acquire" or state["turn"] != 0:
        return False
    later = [s for s in state["order"][1:] if s != state["leo"]]
    return len(later) == 2 and all(any(c["case"] == "pay1" for c in ENGINE.ahead_cases(state, s)) for s in later)


def _game():
    game = start_game([make_user("ann"), make_user("ben"), make_user("cy")], engine="wildcards")
    return play_until(game, _waiting, "an acquisition with two players to come who choose their payment")


def _store(game, seat: int, case: str, move: dict) -> None:
    phase = next(c["phase"] for c in ENGINE.ahead_cases(game.state, seat) if c["case"] == case)
    do_answer_ahead(game.pk, seat_user(game, seat), phase, case, move, "web")


def _take_and_pay(game, animal: int):
    """The player called now takes `animal` and pays with the first cards offered."""
    mover = ENGINE.to_act(game.state)[0]
    action = {"type": "take", "animal": animal}
    while ENGINE.to_act(game.state) == [mover] and game.state["phase"] in ("acquire", "pay"):
        do_action(game.pk, mover, action, "web", user=seat_user(game, mover), expected_version=game.version)
        game.refresh_from_db()
        legal = ENGINE.legal_actions(game.state, mover)
        action = legal[0] if legal else None
    return game


def _payments(game, seat: int) -> list[dict]:
    cases = {c["case"]: c["moves"] for c in ENGINE.ahead_cases(game.state, seat)}
    hand = list(game.state["hands"][seat])
    found = []
    for left in range(len([k for k in cases if k.startswith("pay")]), 0, -1):
        card = next(m for m in cases[f"pay{left}"] if m["card"] in hand)
        hand.remove(card["card"])
        found.append((f"pay{left}", card))
    return found


def test_a_choice_taken_meanwhile_is_dropped_with_why_and_the_next_is_taken_and_paid(db):
    game = _game()
    second = game.state["order"][1]
    takes = [m for m in next(c for c in ENGINE.ahead_cases(game.state, second) if c["case"] == "first")["moves"]]
    # Two species the first player could take: the first choice is the one they take.
    first, other = takes[0], next(m for m in takes[1:] if m["type"] == "take")
    one_copy = sum(ANIMAL_SPECIES[a] == ANIMAL_SPECIES[first["animal"]] for a in game.state["display"]) == 1
    assert one_copy, "the fixed deal shows one copy of the first species"
    _store(game, second, "first", first)
    _store(game, second, "second", other)
    payments = _payments(game, second)
    for case, move in payments:
        _store(game, second, case, move)
    since = game.version
    game = _take_and_pay(game, first["animal"])
    made = list(Action.objects.filter(game=game, seat=second, seq__gte=since).order_by("seq"))
    assert [a.payload for a in made] == [other, *(move for _case, move in payments)]
    assert {a.channel for a in made} == {Action.Channel.AHEAD}
    turns = Deadline.objects.filter(game=game, seat=second, phase_key__contains=":acquire:")
    assert not turns.exists(), "no wait opened for its turn, so no turn mail"
    (dropped,) = StoredAnswer.objects.filter(game=game, seat=second)
    assert (dropped.case, dropped.status) == ("first", StoredAnswer.Status.DROPPED)
    assert dropped.reason["template"] == "That animal is no longer on display."


def _twins(state) -> list[int]:
    display = state["display"]
    return [a for a in display if sum(ANIMAL_SPECIES[b] == ANIMAL_SPECIES[a] for b in display) > 1]


def test_a_copy_taken_meanwhile_is_replaced_by_another_of_its_species(db):
    game = start_game([make_user("ann"), make_user("ben"), make_user("cy")], engine="wildcards")
    game = play_until(
        game, lambda s: _waiting(s) and _twins(s), "an acquisition with two copies of a species on display"
    )
    second = game.state["order"][1]
    twins = _twins(game.state)
    _store(game, second, "first", {"type": "take", "animal": twins[0]})
    since = game.version
    game = _take_and_pay(game, twins[0])
    taken = Action.objects.filter(game=game, seat=second, seq__gte=since).order_by("seq").first()
    assert taken.channel == Action.Channel.AHEAD
    assert taken.payload["animal"] != twins[0]
    assert ANIMAL_SPECIES[taken.payload["animal"]] == ANIMAL_SPECIES[twins[0]]


def test_while_bidding_only_one_s_refill_is_asked_ahead_and_only_of_who_holds_the_refill_card(db):
    game = start_game([make_user("ann"), make_user("ben"), make_user("cy")], engine="wildcards")
    assert game.state["phase"] == "bid"
    for seat in range(3):
        phases = {case["phase"] for case in ENGINE.ahead_cases(game.state, seat)}
        assert phases == ({"r1:refill"} if game.state["refill_in_hand"][seat] else set())


def test_a_refill_stored_while_the_others_bid_is_made_the_moment_the_bids_are_revealed(db):
    game = start_game([make_user("ann"), make_user("ben"), make_user("cy")], engine="wildcards")
    game = play_until(game, lambda s: s["phase"] == "bid" and len(s["to_act"]) == 3, "a round's bidding")
    seat = next(s for s in range(3) if s != game.state["leaders"][EAGLE])  # the Eagle's holder may bid two cards
    before = [ENGINE.ahead_cases(game.state, s) for s in range(3)]
    do_action(
        game.pk,
        seat,
        {"type": "bid", "card": "refill"},
        "web",
        user=seat_user(game, seat),
        expected_version=game.version,
    )
    game.refresh_from_db()
    cases = {c["case"]: c for c in ENGINE.ahead_cases(game.state, seat)}
    assert set(cases) >= {"refill1", "refill2"} and all(s not in cases for s in ("first", "pay1"))
    discard = next(m for m in cases["refill1"]["moves"] if m["type"] == "discard")
    _store(game, seat, "refill1", discard)
    _store(game, seat, "refill2", {"type": "done"})
    since = game.version
    others = [s for s in range(3) if s != seat]
    # What the others are offered does not tell them what the seat bid.
    assert all(ENGINE.ahead_cases(game.state, s) == before[s] for s in others)
    for other in others:
        bid = next(a for a in ENGINE.legal_actions(game.state, other) if a["type"] == "bid" and a["card"] != "refill")
        do_action(game.pk, other, bid, "web", user=seat_user(game, other), expected_version=game.version)
        game.refresh_from_db()
    made = list(Action.objects.filter(game=game, seat=seat, seq__gte=since).order_by("seq"))
    assert [(a.payload, a.channel) for a in made[:2]] == [(discard, "ahead"), ({"type": "done"}, "ahead")]
    assert not Deadline.objects.filter(game=game, seat=seat, phase_key__contains=":refill:").exists()
