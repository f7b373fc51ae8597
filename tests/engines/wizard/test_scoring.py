"""The rulebook's scoring example ("Esempio di Gioco e Realizzare Punti") and the final ranking."""

from games.engines.wizard import ENGINE
from games.engines.wizard.scoring import round_points
from tests.engines.wizard.helpers import bid, card, game_with_dealer, play, rigged_round

PAOLO, TOMMASO, MARIA = 0, 1, 2


# "Primo Round": Paolo bid 0 and made it: 20 points.
def test_it_scores_20_for_paolo_bidding_0_and_taking_none():
    assert round_points(0, 0) == 20


# "Primo Round": Tommaso bid 1 and missed: he loses 10 points.
def test_it_takes_10_from_tommaso_bidding_1_and_taking_none():
    assert round_points(1, 0) == -10


# "Primo Round": Maria bid 1 and made it: 20 plus 10, 30 points.
def test_it_scores_20_plus_10_per_trick_for_maria_bidding_1_and_taking_1():
    assert round_points(1, 1) == 30


# "Secondo Round": Paolo bid 2 but took only 1: he loses 10 points.
def test_it_takes_10_from_paolo_bidding_2_and_taking_1():
    assert round_points(2, 1) == -10


# "Secondo Round": Tommaso bid 0 and made it: 20 points.
def test_it_scores_20_for_tommaso_bidding_0_in_the_second_round():
    assert round_points(0, 0) == 20


# "Secondo Round": Maria bid 0 but took 1: she loses 10 points.
def test_it_takes_10_from_maria_bidding_0_and_taking_1():
    assert round_points(0, 1) == -10


def test_it_takes_10_per_trick_off_in_either_direction():
    assert round_points(3, 0) == -30
    assert round_points(0, 4) == -40
    assert round_points(5, 5) == 70


def test_it_plays_the_rulebook_example_over_two_rounds():
    # "Esempio di Gioco e Realizzare Punti", both rounds, played through the engine.
    # Maria deals round 1, so Paolo bids and leads first; Paolo deals round 2.
    state = game_with_dealer(3, dealer=MARIA)
    state = rigged_round(state, [["blue-2"], ["blue-5"], ["wizard-1"]], "jester-1")
    state = play(state, bid(PAOLO, 0), bid(TOMMASO, 1), bid(MARIA, 1))
    state = play(state, card(PAOLO, "blue-2"), card(TOMMASO, "blue-5"), card(MARIA, "wizard-1"))
    assert state["history"][0]["points"] == [20, -10, 30]
    assert state["scores"] == [20, -10, 30]

    assert state["round"] == 2 and state["dealer"] == PAOLO
    state = rigged_round(state, [["blue-3", "red-5"], ["blue-1", "blue-2"], ["blue-13", "green-1"]], "red-9")
    state = play(state, bid(TOMMASO, 0), bid(MARIA, 0), bid(PAOLO, 2))
    # Tommaso leads blue, Maria's 13 takes it; Maria leads green, Paolo trumps it.
    state = play(state, card(TOMMASO, "blue-1"), card(MARIA, "blue-13"), card(PAOLO, "blue-3"))
    state = play(state, card(MARIA, "green-1"), card(PAOLO, "red-5"), card(TOMMASO, "blue-2"))
    second = state["history"][1]
    assert second["bids"] == [2, 0, 0]
    assert second["tricks"] == [1, 0, 1]
    assert second["points"] == [-10, 20, -10]
    assert state["scores"] == [10, 10, 20]


def test_it_ranks_by_score_and_shares_ranks_on_ties():
    state = ENGINE.new_game(4, 1)
    state = {**state, "scores": [10, 30, 10, -20]}
    assert ENGINE.result(state) == [
        {"seat": 0, "score": 10, "rank": 2},
        {"seat": 1, "score": 30, "rank": 1},
        {"seat": 2, "score": 10, "rank": 2},
        {"seat": 3, "score": -20, "rank": 4},
    ]
