"""Who wins a trick ("Una presa si vince") and what may be played ("Giocare")."""

from games.engines.wizard.rules import led_suit, legal_cards, trick_winner


def trick(*cards: str) -> list:
    """A trick played by seats 0, 1, 2... in that order."""
    return [[seat, card] for seat, card in enumerate(cards)]


# "A: giocando per primi uno Stregone" and "Se la prima carta di una presa è uno Stregone, essa vince la presa".
def test_it_gives_the_trick_to_a_wizard_led_first():
    assert trick_winner(trick("wizard-1", "red-13", "wizard-2", "blue-1"), trump="red") == 0


def test_it_gives_the_trick_to_the_first_wizard_played():
    assert trick_winner(trick("red-13", "wizard-3", "wizard-1", "red-12"), trump="red") == 1


def test_a_wizard_beats_the_highest_trump():
    assert trick_winner(trick("red-13", "blue-2", "wizard-4"), trump="red") == 2


# "B: se non ci sono Stregoni, giocando la carta più alta del colore dominante."
def test_the_highest_trump_beats_the_led_suit():
    assert trick_winner(trick("blue-13", "red-2", "red-7", "blue-12"), trump="red") == 2


def test_a_low_trump_beats_a_high_card_of_the_led_suit():
    assert trick_winner(trick("blue-13", "green-1", "red-1"), trump="red") == 2


# "C: se non ci sono carte del colore dominante, ... la carta più alta ... del colore della prima carta".
def test_the_highest_card_of_the_led_suit_wins_without_trump_played():
    assert trick_winner(trick("blue-5", "green-13", "blue-9", "blue-2"), trump="red") == 2


def test_the_highest_card_of_the_led_suit_wins_in_a_round_without_trump():
    assert trick_winner(trick("blue-5", "green-13", "blue-9"), trump=None) == 2


# "Se la prima carta di una presa è un Giullare ... il colore ... è stabilito dalla prima carta
# giocata diversa da un Giullare."
def test_a_jester_lead_takes_its_suit_from_the_first_other_card():
    assert trick_winner(trick("jester-1", "green-4", "blue-13", "green-9"), trump=None) == 3


def test_a_jester_lead_then_a_wizard_gives_the_trick_to_the_wizard():
    assert trick_winner(trick("jester-1", "wizard-2", "blue-13"), trump="blue") == 1


# "I Giullari perdono sempre" against any other card.
def test_a_jester_loses_even_to_a_low_off_suit_card():
    assert trick_winner(trick("jester-1", "jester-2", "green-1"), trump="red") == 2


# "L'unica eccezione è se vengono giocati solo Giullari: in tal caso il primo Giullare giocato vince la presa."
def test_the_first_jester_wins_a_trick_of_only_jesters():
    assert trick_winner(trick("jester-3", "jester-1", "jester-4", "jester-2"), trump="red") == 0


def test_the_trick_winner_is_a_seat_not_a_position():
    played = [[2, "blue-3"], [3, "blue-10"], [0, "blue-4"], [1, "green-13"]]
    assert trick_winner(played, trump=None) == 3


# Variant 3, "Stregone Oscuro": with several Wizards the last one wins.
def test_the_last_wizard_wins_with_the_dark_wizard():
    assert trick_winner(trick("wizard-1", "wizard-2", "red-13", "wizard-3"), "red", dark_wizard=True) == 3


def test_a_single_wizard_still_wins_with_the_dark_wizard():
    assert trick_winner(trick("red-13", "wizard-2", "red-12"), "red", dark_wizard=True) == 1


def test_the_first_wizard_wins_without_the_dark_wizard():
    assert trick_winner(trick("wizard-1", "wizard-2", "red-13", "wizard-3"), "red", dark_wizard=False) == 0


# Variant 7, "Monocolore": no trump, the highest card of any suit wins.
def test_the_highest_card_of_any_suit_wins_in_monocolor():
    assert trick_winner(trick("blue-5", "green-12", "red-9"), None, monocolor=True) == 1


# "Se nella stessa presa le carte più alte hanno pari valore, ... vince ... quella che è stata giocata prima."
def test_a_tie_goes_to_the_card_played_first_in_monocolor():
    assert trick_winner(trick("blue-5", "green-9", "red-9", "yellow-2"), None, monocolor=True) == 1


def test_a_wizard_wins_in_monocolor():
    assert trick_winner(trick("blue-13", "wizard-2", "red-13"), None, monocolor=True) == 1


def test_the_first_jester_wins_only_jesters_in_monocolor():
    assert trick_winner(trick("jester-2", "jester-1", "jester-3"), None, monocolor=True) == 0


def test_the_last_wizard_wins_in_monocolor_with_the_dark_wizard():
    assert trick_winner(trick("wizard-1", "wizard-2", "red-13"), None, dark_wizard=True, monocolor=True) == 1


# Follow suit: "devono corrispondere se possibile ... Uno Stregone o un Giullare può essere giocato
# in qualsiasi momento".
def test_a_player_must_follow_the_led_suit_but_may_play_a_wizard_or_jester():
    hand = ["blue-2", "green-7", "wizard-1", "jester-1", "red-3"]
    assert legal_cards(hand, trick("green-10")) == ["green-7", "wizard-1", "jester-1"]


def test_a_player_without_the_led_suit_may_play_anything_including_trump():
    hand = ["blue-2", "red-3", "jester-1"]
    assert legal_cards(hand, trick("green-10")) == hand


def test_after_a_wizard_lead_anything_may_be_played():
    hand = ["blue-2", "green-7", "wizard-3"]
    assert led_suit(trick("wizard-1", "green-3")) is None
    assert legal_cards(hand, trick("wizard-1", "green-3")) == hand


def test_after_a_jester_lead_the_first_numbered_card_sets_the_suit():
    hand = ["blue-2", "green-7"]
    assert legal_cards(hand, trick("jester-2")) == hand
    assert legal_cards(hand, trick("jester-2", "green-1")) == ["green-7"]


def test_after_a_jester_lead_and_a_wizard_anything_may_be_played():
    assert led_suit(trick("jester-2", "wizard-1", "green-1")) is None
