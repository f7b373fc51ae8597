"""The seven variants ("Varianti di Gioco"), each through the engine."""

import pytest

from games.engines.base import IllegalAction
from games.engines.wizard import ENGINE
from games.engines.wizard.cards import DECK, SUIT
from tests.engines.wizard.helpers import bid, card, game_with_dealer, play, rigged_round


def _finish_round(state: dict) -> dict:
    round_number = state["round"]
    while not ENGINE.is_over(state) and state["round"] == round_number:
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, seat, ENGINE.auto_action(state, seat))
    return state


def _bidding(num_players: int, options: dict, dealer: int = 0) -> dict:
    state = game_with_dealer(num_players, dealer, options)
    hands = [[f"blue-{seat + 1}", f"green-{seat + 1}"] for seat in range(num_players)]
    return rigged_round(state, hands, "red-1")


# 1. "Dichiarazione al Buio: Tutti i giocatori rivelano simultaneamente le loro dichiarazioni."
def test_blind_bids_are_made_by_all_at_once_and_shown_when_all_are_in():
    state = _bidding(4, {"blind_bids": True})
    assert ENGINE.to_act(state) == [0, 1, 2, 3]
    key = ENGINE.phase_key(state)
    state = play(state, bid(2, 1))
    assert ENGINE.to_act(state) == [0, 1, 3]
    assert ENGINE.phase_key(state) == key, "the sealed call stays open until every bid is in"
    assert ENGINE.view(state, 2)["bids"] == [None, None, 1, None]
    assert ENGINE.view(state, 0)["bids"] == [None, None, None, None]
    assert ENGINE.view(state, 0)["has_bid"] == [False, False, True, False]
    assert ENGINE.view(state, None)["bids"] == [None, None, None, None]
    with pytest.raises(IllegalAction, match="already bid"):
        ENGINE.apply(state, 2, {"type": "bid", "bid": 0})
    state = play(state, bid(0, 0), bid(3, 2), bid(1, 1))
    assert state["phase"] == "play" and ENGINE.to_act(state) == [1]
    assert ENGINE.view(state, 0)["bids"] == [0, 1, 1, 2]


# 2. "Dichiarazione Rivelata a Fine Round: ... Le dichiarazioni vengono rivelate tutte dopo che
# l'intera mano è stata giocata."
def test_hidden_bids_stay_hidden_until_the_round_ends():
    state = _bidding(3, {"hidden_bids": True}, dealer=2)
    assert ENGINE.to_act(state) == [0, 1, 2]
    state = play(state, bid(0, 2), bid(1, 0), bid(2, 1))
    assert state["phase"] == "play"
    assert ENGINE.view(state, 1)["bids"] == [None, 0, None]
    assert ENGINE.view(state, None)["bids"] == [None, None, None]
    state = _finish_round(state)
    assert state["round"] == 2
    assert ENGINE.view(state, 1)["score_table"][0]["bids"] == [2, 0, 1]


# 3. "Stregone Oscuro: Se ci sono più Stregoni, è il giocatore che ha giocato l'ultimo Stregone a vincere la presa."
def test_the_dark_wizard_gives_the_trick_to_the_last_wizard_in_a_game():
    state = game_with_dealer(3, dealer=2, options={"dark_wizard": True})
    state = rigged_round(state, [["wizard-1"], ["wizard-2"], ["red-13"]], "red-1")
    state = play(state, bid(0, 0), bid(1, 0), bid(2, 0))
    state = play(state, card(0, "wizard-1"), card(1, "wizard-2"), card(2, "red-13"))
    assert state["history"][0]["tricks"] == [0, 1, 0]


# 4. "Due Giocatori": 6 rounds from 2 cards each, an extra card turned up for trump every round,
# used cards set aside until the game ends, bids revealed at the end of the round.
def test_two_players_play_6_rounds_from_2_cards_setting_used_cards_aside():
    state = ENGINE.new_game(2, 4)
    assert state["num_rounds"] == 6
    seen_hand_sizes, seen = [], set()
    dealers = []
    while not ENGINE.is_over(state):
        dealers.append(state["dealer"])
        seen_hand_sizes.append(len(state["hands"][0]))
        assert state["trump_card"] is not None, "every round turns up a trump card, the last one too"
        dealt = set(state["hands"][0] + state["hands"][1] + [state["trump_card"]])
        assert not dealt & seen, "a used card came back"
        assert not dealt & set(state["set_aside"])
        seen |= dealt
        assert ENGINE.to_act(state) in ([0, 1], [state["dealer"]])
        state = _finish_round(state)
        if not ENGINE.is_over(state):
            assert sorted(state["set_aside"]) == sorted(seen)
    assert seen_hand_sizes == [2, 3, 4, 5, 6, 7]
    assert dealers == [dealers[0], 1 - dealers[0]] * 3
    assert sorted(seen) == sorted(DECK), "the six rounds use the whole deck"
    last_round = state["played"] + [state["trump_card"]]
    assert sorted(state["set_aside"] + last_round) == sorted(DECK)


def test_two_players_bid_at_once_and_see_the_bids_at_the_end_of_the_round():
    state = _bidding(2, {}, dealer=0)
    assert ENGINE.to_act(state) == [0, 1]
    state = play(state, bid(1, 2), bid(0, 1))
    assert ENGINE.view(state, 0)["bids"] == [1, None]
    assert ENGINE.view(state, 1)["bids"] == [None, 2]
    state = _finish_round(state)
    assert ENGINE.view(state, 0)["score_table"][0]["bids"] == [1, 2]


# 5. "Somma Scoperta di Dichiarazioni": the last bidder, leading the scores alone, may not make the bids add up.
def test_the_last_bidder_leading_alone_may_not_make_the_bids_add_up():
    state = _bidding(3, {"bid_sum_restriction": True}, dealer=2)
    state = {**state, "scores": [10, 0, 40]}
    state = play(state, bid(0, 1), bid(1, 0))
    assert [a["bid"] for a in ENGINE.legal_actions(state, 2)] == [0, 2]
    assert ENGINE.view(state, 2)["forbidden_bid"] == 1
    with pytest.raises(IllegalAction, match="may not make the bids add up to 2"):
        ENGINE.apply(state, 2, {"type": "bid", "bid": 1})
    assert ENGINE.auto_action(state, 2)["bid"] != 1


def test_the_bid_sum_restriction_does_not_bind_a_shared_lead():
    # "Questa regola non si applica se due o più giocatori risultano essere in testa con lo stesso punteggio."
    state = _bidding(3, {"bid_sum_restriction": True}, dealer=2)
    state = {**state, "scores": [40, 0, 40]}
    state = play(state, bid(0, 1), bid(1, 0))
    assert [a["bid"] for a in ENGINE.legal_actions(state, 2)] == [0, 1, 2]


def test_the_bid_sum_restriction_binds_only_the_last_bidder():
    state = _bidding(3, {"bid_sum_restriction": True}, dealer=2)
    state = {**state, "scores": [50, 0, 0]}
    assert [a["bid"] for a in ENGINE.legal_actions(state, 0)] == [0, 1, 2]
    state = play(state, bid(0, 2), bid(1, 0))
    assert [a["bid"] for a in ENGINE.legal_actions(state, 2)] == [0, 1, 2]


def test_the_bid_sum_restriction_allows_everything_without_the_option():
    state = _bidding(3, {}, dealer=2)
    state = {**state, "scores": [10, 0, 40]}
    state = play(state, bid(0, 1), bid(1, 0))
    assert [a["bid"] for a in ENGINE.legal_actions(state, 2)] == [0, 1, 2]


# 6. "Chiaroveggenza": while bidding each player sees the others' hands, not its own; then looks at its own.
def test_clairvoyance_shows_the_other_hands_and_hides_the_own_while_bidding():
    state = _bidding(3, {"clairvoyance": True}, dealer=2)
    view = ENGINE.view(state, 0)
    assert view["hand"] is None
    assert view["hands"] == [None, ["blue-2", "green-2"], ["blue-3", "green-3"]]
    assert ENGINE.view(state, None)["hands"] == [None, None, None]
    state = play(state, bid(0, 0), bid(1, 0), bid(2, 0))
    view = ENGINE.view(state, 0)
    assert view["hand"] == ["blue-1", "green-1"]
    assert view["hands"] == [["blue-1", "green-1"], None, None]


def test_clairvoyance_bids_blind_of_the_own_hand_by_default():
    state = _bidding(3, {"clairvoyance": True}, dealer=2)
    state = {**state, "hands": [["wizard-1", "wizard-2"], ["blue-2", "green-2"], ["blue-3", "green-3"]]}
    assert ENGINE.auto_action(state, 0) == {"type": "bid", "bid": 0}


# 7. "Monocolore": own suit plus a Wizard and a Jester, 4 cards in round 1, one more each round, 12 rounds, no trump.
@pytest.mark.parametrize("num_players", [3, 4])
def test_monocolor_deals_each_player_its_own_suit_wizard_and_jester(num_players):
    state = ENGINE.new_game(num_players, 2, {"monocolor": True})
    assert state["num_rounds"] == 12
    for seat in range(num_players):
        own = state["hands"][seat] + state["piles"][seat]
        assert len(own) == 15 and len(state["hands"][seat]) == 4
        assert {SUIT[c] for c in own if SUIT[c]} == {("blue", "green", "red", "yellow")[seat]}
        assert {c for c in own if not SUIT[c]} == {f"wizard-{seat + 1}", f"jester-{seat + 1}"}
    sizes = []
    while not ENGINE.is_over(state):
        assert state["trump"] is None and state["trump_card"] is None
        assert state["phase"] == "bid"
        sizes.append(state["hand_size"])
        state = _finish_round(state)
    assert sizes == list(range(4, 16))


def test_monocolor_ties_go_to_the_card_played_first_and_any_card_may_be_played():
    state = game_with_dealer(3, dealer=2, options={"monocolor": True})
    state = rigged_round(state, [["blue-9", "blue-1"], ["green-9", "green-2"], ["red-4", "red-3"]], None)
    state = play(state, bid(0, 0), bid(1, 0), bid(2, 0), card(0, "blue-1"))
    assert len(ENGINE.legal_actions(state, 1)) == 2
    state = play(state, card(1, "green-2"), card(2, "red-3"))
    assert state["leader"] == 2
    state = play(state, card(2, "red-4"), card(0, "blue-9"), card(1, "green-9"))
    assert state["history"][0]["tricks"] == [1, 0, 1]


def test_no_view_shows_another_seats_hand_or_the_stock():
    state = _bidding(4, {}, dealer=3)
    for viewer in range(4):
        view = ENGINE.view(state, viewer)
        assert view["hand"] == state["hands"][viewer]
        assert [hand is not None for hand in view["hands"]] == [seat == viewer for seat in range(4)]
        text = str(view)
        hidden = [card for seat, hand in enumerate(state["hands"]) if seat != viewer for card in hand]
        assert not [card for card in hidden + state["deck"] if f"'{card}'" in text]
    assert ENGINE.view(state, None)["hands"] == [None] * 4
