"""Birds: the fast grow check agrees with the plain definition of a valid pile."""

import random

from games.engines.emu_ranchers.birds import (
    can_grow,
    cards_that_fit,
    common_suits,
    direction_name,
    directions,
    frontier,
    grow_options,
    is_valid_bird,
    score_bird,
)
from games.engines.emu_ranchers.cards import EXCUSE, SUIT_SET, deck_for

DECK = deck_for({"excuse": True, "pawns": True, "courts": True})


def _fits_by_definition(bird: list[str], card: str) -> bool:
    """The plain rule: not the Excuse, a suit in common with every card, and still a run."""
    return card != EXCUSE and bool(common_suits(bird) & SUIT_SET[card]) and any(directions([*bird, card]))


def _valid_birds(rng: random.Random, tries: int):
    """Random piles of 1 to 6 cards, the valid ones."""
    for _ in range(tries):
        bird = rng.sample(DECK, rng.randint(1, 6))
        if is_valid_bird(bird):
            yield bird


def test_the_grow_check_agrees_with_the_definition_on_random_piles():
    rng = random.Random(5)
    compared = 0
    for bird in _valid_birds(rng, 20000):
        card = rng.choice([other for other in DECK if other not in bird])
        plain = _fits_by_definition(bird, card)
        assert can_grow(bird, card) == plain, (bird, card)
        assert (grow_options([bird], [card])[card] == [0]) == plain, (bird, card)
        compared += 1
    assert compared > 2000


def test_the_cards_that_fit_a_bird_are_those_that_leave_a_valid_pile():
    rng = random.Random(12)
    compared = 0
    for bird in _valid_birds(rng, 6000):
        cards = rng.sample([other for other in DECK if other not in bird], 12)
        plain = [card for card in cards if _fits_by_definition(bird, card)]
        assert cards_that_fit(frontier(bird), cards) == plain, bird
        compared += 1
    assert compared > 500


def test_a_one_card_bird_may_go_either_way():
    assert directions(["lunatic"]) == (True, True)  # a 6 of Moons and Waves
    assert can_grow(["lunatic"], "journey") and can_grow(["lunatic"], "darkness")  # a 3 down, a 9 up
    assert can_grow(["lunatic"], "sea") and can_grow(["lunatic"], "ace-moons")
    assert not can_grow(["lunatic"], "castle")  # Suns and Knots: no common suit


def test_a_lone_ace_can_only_go_up_and_a_lone_crown_only_down():
    assert direction_name(["ace-moons"]) == "ascending"
    assert direction_name(["huntress"]) == "descending"  # the Crown of Moons
    assert direction_name(["lunatic"]) is None


def test_the_direction_shown_is_the_only_one_any_growth_can_take():
    rng = random.Random(11)
    checked = 0
    for _ in range(20000):
        bird = rng.sample(DECK, rng.randint(1, 5))
        if not is_valid_bird(bird) or direction_name(bird) is None:
            continue
        up = direction_name(bird) == "ascending"
        for card in DECK:
            if card not in bird and can_grow(bird, card):
                assert directions([*bird, card])[0 if up else 1], (bird, card)
        checked += 1
    assert checked > 1000


def test_wilds_need_free_values_between_2_and_9():
    # 2 then 8 of Waves: a Pawn can only be 9 above them, and nothing is left for a Court after it.
    assert can_grow(["origin", "mill"], "borderland")
    assert not can_grow(["origin", "mill", "borderland"], "island")
    # 8 alone: going down leaves room for both.
    assert can_grow(["mill", "borderland"], "island")


def test_upkeep_takes_the_whole_bird_when_nothing_smaller_reaches_18():
    # 2+4+6+7 = 19 of Waves: only all four reach 18; no change is given, so nothing is left: 0.
    scored = score_bird(["origin", "sailor", "lunatic", "cave"])
    assert scored["total"] == 19 and len(scored["upkeep"]) == 4
    assert scored["score"] == 0


def test_a_bird_under_18_loses_the_shortfall():
    assert score_bird(["darkness", "mill"])["score"] == -1  # 9 + 8 = 17
    assert score_bird(["ace-waves", "origin", "sea"])["score"] == -16 - 10  # 2, with an Ace and a Crown
