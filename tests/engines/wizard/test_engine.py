"""The base game through the engine: deal, trump, bidding order, turns, errors and the bot."""

import json

import pytest

from games.engines.base import IllegalAction, SharedAction, copy_state
from games.engines.wizard import ENGINE
from games.engines.wizard.actions import BIDS, PLAY, TRUMP_CHOICES
from games.engines.wizard.cards import DECK
from games.engines.wizard.setup import start_round
from tests.engines.wizard.helpers import bid, card, game_with_dealer, play, rigged_round


# "Durata della Partita": 20 rounds for 3 players, 15 for 4, 12 for 5, 10 for 6.
@pytest.mark.parametrize(("num_players", "rounds"), [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_it_plays_60_over_players_rounds(num_players, rounds):
    assert ENGINE.new_game(num_players, 1)["num_rounds"] == rounds


def test_it_deals_one_card_each_in_round_1_and_turns_up_the_next():
    state = ENGINE.new_game(4, 3)
    assert [len(hand) for hand in state["hands"]] == [1, 1, 1, 1]
    assert len(state["deck"]) == 60 - 4 - 1
    assert state["trump_card"] in DECK


def test_it_passes_the_deal_left_and_deals_one_more_card_each_round():
    state = game_with_dealer(3, dealer=1)
    for expected_round in (1, 2, 3):
        assert state["round"] == expected_round
        assert state["dealer"] == (1 + expected_round - 1) % 3
        assert all(len(hand) == expected_round for hand in state["hands"])
        while state["round"] == expected_round:
            seat = ENGINE.to_act(state)[0]
            state = ENGINE.apply(state, seat, ENGINE.auto_action(state, seat))


# "Se la carta scoperta è un Giullare ... non ci sarà alcun colore dominante".
def test_a_jester_turned_up_means_no_trump():
    state = rigged_round(ENGINE.new_game(3, 1), [["blue-1"], ["blue-2"], ["blue-3"]], "jester-2")
    assert state["trump"] is None
    assert ENGINE.view(state, 0)["trump"] is None


def test_a_numbered_card_turned_up_sets_trump_to_its_suit():
    state = ENGINE.new_game(4, 1)
    state = rigged_round(state, [["blue-1"], ["blue-2"], ["blue-3"], ["blue-4"]], "yellow-6")
    assert state["trump"] == "yellow"


def _wizard_turned_up(num_players: int = 4) -> dict:
    for seed in range(500):
        state = ENGINE.new_game(num_players, seed)
        if state["phase"] == "choose_trump":
            return state
    raise AssertionError("no seed turns up a Wizard")


# "Se la carta scoperta è uno Stregone, il giocatore che distribuisce le carte sceglie ... il colore dominante."
def test_a_wizard_turned_up_lets_the_dealer_choose_trump():
    state = _wizard_turned_up()
    dealer = state["dealer"]
    assert state["trump_card"].startswith("wizard")
    assert ENGINE.to_act(state) == [dealer]
    assert ENGINE.legal_actions(state, dealer) == [
        {"type": "choose_trump", "suit": suit} for suit in ("blue", "green", "red", "yellow")
    ]
    state = ENGINE.apply(state, dealer, {"type": "choose_trump", "suit": "green"})
    assert state["trump"] == "green"
    assert state["phase"] == "bid"
    assert ENGINE.to_act(state) == [(dealer + 1) % 4]


def test_only_the_dealer_chooses_trump_and_only_a_suit():
    state = _wizard_turned_up()
    other = (state["dealer"] + 1) % 4
    with pytest.raises(IllegalAction, match="not your turn"):
        ENGINE.apply(state, other, {"type": "choose_trump", "suit": "red"})
    with pytest.raises(IllegalAction, match="Choose a trump suit"):
        ENGINE.apply(state, state["dealer"], {"type": "choose_trump", "suit": "purple"})


# "Durante l'ultimo round ... vengono distribuite tutte le carte, quindi non ci sarà alcun colore dominante."
@pytest.mark.parametrize("num_players", [3, 4, 5, 6])
def test_the_last_round_deals_every_card_and_has_no_trump(num_players):
    state = copy_state(ENGINE.new_game(num_players, 7))
    start_round(state, state["num_rounds"], 0)
    assert sorted(card for hand in state["hands"] for card in hand) == sorted(DECK)
    assert state["trump_card"] is None and state["trump"] is None
    assert state["phase"] == "bid"


# "Ogni giocatore a partire dal giocatore a sinistra di chi ha distribuito ... dichiara" (0..cards in hand).
def test_bidding_starts_left_of_the_dealer_and_goes_round_to_the_dealer():
    state = game_with_dealer(4, dealer=2)
    state = rigged_round(state, [["blue-1"], ["blue-2"], ["blue-3"], ["blue-4"]], "red-1")
    order = []
    for _ in range(4):
        (seat,) = ENGINE.to_act(state)
        order.append(seat)
        assert ENGINE.legal_actions(state, seat) == [{"type": "bid", "bid": 0}, {"type": "bid", "bid": 1}]
        state = ENGINE.apply(state, seat, {"type": "bid", "bid": 0})
    assert order == [3, 0, 1, 2]
    # "Inizia a giocare il giocatore a sinistra di chi ha distribuito le carte".
    assert state["phase"] == "play" and ENGINE.to_act(state) == [3]


def test_the_winner_of_a_trick_leads_the_next():
    state = game_with_dealer(3, dealer=2)
    state = rigged_round(state, [["blue-1", "blue-2"], ["blue-9", "green-3"], ["blue-5", "green-4"]], "red-1")
    state = play(state, bid(0, 0), bid(1, 0), bid(2, 0))
    state = play(state, card(0, "blue-1"), card(1, "blue-9"), card(2, "blue-5"))
    assert state["tricks_won"] == [0, 1, 0]
    assert ENGINE.to_act(state) == [1]
    assert ENGINE.view(state, 0)["last_trick"]["winner"] == 1


def test_it_refuses_a_card_that_does_not_follow_suit():
    state = game_with_dealer(3, dealer=2)
    state = rigged_round(state, [["blue-1", "blue-2"], ["blue-9", "green-3"], ["blue-5", "green-4"]], "red-1")
    state = play(state, bid(0, 0), bid(1, 0), bid(2, 0), card(0, "blue-1"))
    with pytest.raises(IllegalAction, match="must follow blue"):
        ENGINE.apply(state, 1, {"type": "play", "card": "green-3"})
    assert ENGINE.legal_actions(state, 1) == [{"type": "play", "card": "blue-9"}]


@pytest.mark.parametrize(
    ("seat", "action", "message"),
    [
        (0, None, "mapping"),
        (0, "bid", "mapping"),
        (0, {}, "type 'bid'"),
        (0, {"type": "play", "card": "blue-1"}, "type 'bid'"),
        (0, {"type": "bid"}, "exactly the keys"),
        (0, {"type": "bid", "bid": 1, "extra": 1}, "exactly the keys"),
        (0, {"type": "bid", "bid": "1"}, "whole number"),
        (0, {"type": "bid", "bid": True}, "whole number"),
        (0, {"type": "bid", "bid": 2}, "between 0 and 1"),
        (0, {"type": "bid", "bid": -1}, "between 0 and 1"),
        (1, {"type": "bid", "bid": 0}, "not your turn"),
        (9, {"type": "bid", "bid": 0}, "no seat"),
        ("0", {"type": "bid", "bid": 0}, "no seat"),
    ],
)
def test_an_illegal_action_is_refused_and_leaves_the_state_unchanged(seat, action, message):
    state = game_with_dealer(3, dealer=2)
    state = rigged_round(state, [["blue-1"], ["blue-2"], ["blue-3"]], "red-1")
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction, match=message):
        ENGINE.apply(state, seat, action)
    assert json.dumps(state, sort_keys=True) == before


@pytest.mark.parametrize(
    ("card_id", "message"), [("blue-14", "no card"), (7, "no card"), (["blue-1"], "no card"), ("red-5", "do not hold")]
)
def test_an_unknown_or_unheld_card_is_refused_and_leaves_the_state_unchanged(card_id, message):
    state = game_with_dealer(3, dealer=2)
    state = rigged_round(state, [["blue-1"], ["blue-2"], ["blue-3"]], "red-1")
    state = play(state, bid(0, 0), bid(1, 0), bid(2, 0))
    before = copy_state(state)
    with pytest.raises(IllegalAction, match=message):
        ENGINE.apply(state, 0, {"type": "play", "card": card_id})
    assert state == before


@pytest.mark.parametrize(
    ("seat", "action", "message"),
    [
        (1, PLAY["green-3"], "must follow blue"),  # held, but blue is led and seat 1 holds blue
        (1, PLAY["red-5"], "do not hold"),
        (2, PLAY["blue-5"], "not your turn"),
        (True, PLAY["blue-9"], "no seat"),  # True == 1, but a seat is an int
        (1, BIDS[0], "type 'play'"),
        (1, TRUMP_CHOICES[0], "type 'play'"),
        (1, SharedAction(type="discard", card="blue-9"), "type 'play'"),  # a card, but not a play
    ],
)
def test_a_shared_menu_action_is_checked_like_any_other(seat, action, message):
    """`apply` takes the plays of `actions.PLAY` by a shorter path; the same refusals hold."""
    state = game_with_dealer(3, dealer=2)
    state = rigged_round(state, [["blue-1", "blue-2"], ["blue-9", "green-3"], ["blue-5", "green-4"]], "red-1")
    state = play(state, bid(0, 0), bid(1, 0), bid(2, 0), card(0, "blue-1"))
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction, match=message):
        ENGINE.apply(state, seat, action)
    assert json.dumps(state, sort_keys=True) == before
    # A copy of the menu's play, or a plain dict, takes the general path to the same state.
    after = ENGINE.apply(state, 1, PLAY["blue-9"])
    assert after == ENGINE.apply(state, 1, {"type": "play", "card": "blue-9"})
    assert after == ENGINE.apply(state, 1, SharedAction(type="play", card="blue-9"))
    assert after["trick"] == [[0, "blue-1"], [1, "blue-9"]]


def test_apply_never_changes_its_input():
    state = ENGINE.new_game(4, 11)
    while not ENGINE.is_over(state):
        seat = ENGINE.to_act(state)[0]
        before = copy_state(state)
        new = ENGINE.apply(state, seat, ENGINE.auto_action(state, seat))
        assert state == before
        state = new
    with pytest.raises(IllegalAction, match="game is over"):
        ENGINE.apply(state, 0, {"type": "bid", "bid": 0})


def test_the_phase_key_changes_with_every_new_wait():
    state = ENGINE.new_game(4, 5)
    keys = [ENGINE.phase_key(state)]
    while not ENGINE.is_over(state):
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, seat, ENGINE.auto_action(state, seat))
        keys.append(ENGINE.phase_key(state))
    assert len(keys) == len(set(keys)), "every action of an open game starts a new wait"


def test_auto_action_plays_the_lowest_legal_card():
    state = game_with_dealer(3, dealer=2)
    hands = [["blue-1", "blue-12"], ["blue-9", "jester-1"], ["red-2", "red-13", "wizard-1"]]
    state = rigged_round(state, hands, "red-1")
    state = play(state, bid(0, 0), bid(1, 0), bid(2, 0))
    assert ENGINE.auto_action(state, 0) == {"type": "play", "card": "blue-1"}
    state = play(state, card(0, "blue-1"))
    assert ENGINE.auto_action(state, 1) == {"type": "play", "card": "jester-1"}
    state = play(state, card(1, "blue-9"))
    # No blue: a non-trump is lowest, then trump by rank, the Wizard last.
    assert ENGINE.auto_action(state, 2) == {"type": "play", "card": "red-2"}


def test_auto_action_bids_the_number_of_sure_winners():
    state = game_with_dealer(3, dealer=2)
    hands = [["wizard-1", "red-13", "red-12", "blue-13"], ["blue-1"] * 4, ["blue-2"] * 4]
    state = rigged_round(state, hands, "red-1")
    assert ENGINE.auto_action(state, 0) == {"type": "bid", "bid": 3}


def test_auto_action_chooses_the_suit_the_dealer_holds_most_of():
    state = _wizard_turned_up(3)
    dealer = state["dealer"]
    state = {**state, "hands": [["yellow-1"] if seat == dealer else ["blue-1"] for seat in range(3)]}
    assert ENGINE.auto_action(state, dealer) == {"type": "choose_trump", "suit": "yellow"}


def test_auto_action_and_view_refuse_a_seat_that_has_nothing_to_do_or_does_not_exist():
    state = game_with_dealer(3, dealer=2)
    state = rigged_round(state, [["blue-1"], ["blue-2"], ["blue-3"]], "red-1")
    with pytest.raises(IllegalAction, match="nothing to do"):
        ENGINE.auto_action(state, 1)
    assert ENGINE.legal_actions(state, 1) == []
    with pytest.raises(IllegalAction, match="no seat"):
        ENGINE.view(state, 3)
    with pytest.raises(IllegalAction, match="no seat"):
        ENGINE.view(state, True)
