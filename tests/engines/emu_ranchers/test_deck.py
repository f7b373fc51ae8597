"""The Decktet data in seeds/emu_ranchers/decktet.json (RULES-NOTES, Emu Ranchers)."""

from collections import Counter

from games.engines.emu_ranchers.cards import BASIC, CARDS, COURTS, DECKTET, PAWNS, SUITS, deck_for


def test_it_has_36_basic_cards_with_unique_ids_and_names():
    assert len(BASIC) == 36
    names = [card["name"] for card in CARDS.values()]
    assert len(names) == len(set(names)) == 45


def test_every_suit_appears_exactly_once_at_every_rank():
    # RULES-NOTES: "Each suit appears exactly once at every rank: use that as a check of the deck data."
    for rank in range(1, 11):
        suits = [suit for card in DECKTET["basic"] if card["rank"] == rank for suit in card["suits"]]
        assert sorted(suits) == sorted(SUITS), f"rank {rank}: {suits}"


def test_aces_and_crowns_have_one_suit_and_numbers_two():
    for card in DECKTET["basic"]:
        expected = 1 if card["kind"] in ("ace", "crown") else 2
        assert len(card["suits"]) == expected, card["name"]
        assert card["kind"] == {1: "ace", 10: "crown"}.get(card["rank"], "number")


def test_pawns_and_courts_have_three_suits_each_suit_twice_per_rank():
    # 4 cards x 3 suits = 12 = 6 suits x 2: the extended ranks hold every suit twice.
    for group in (PAWNS, COURTS):
        assert len(group) == 4
        counts = Counter(suit for card in group for suit in CARDS[card]["suits"])
        assert all(len(CARDS[card]["suits"]) == 3 for card in group)
        assert counts == dict.fromkeys(SUITS, 2)


def test_the_excuse_has_no_suit_and_no_rank():
    assert CARDS["excuse"]["suits"] == [] and CARDS["excuse"]["rank"] is None


def test_the_options_choose_which_extended_cards_are_shuffled_in():
    assert len(deck_for({"excuse": False, "pawns": False, "courts": False})) == 36
    assert len(deck_for({"excuse": True, "pawns": True, "courts": False})) == 41
    assert set(deck_for({"excuse": False, "pawns": False, "courts": True})) - set(BASIC) == set(COURTS)
