"""Birds: the fast grow check agrees with the plain definition of a valid pile."""

import random

from games.engines.emu_ranchers.birds import (
    can_grow,
    common_suits,
    directions,
    grow_options,
    is_valid_bird,
    score_bird,
)
from games.engines.emu_ranchers.cards import EXCUSE, SUIT_SET, deck_for

DECK = deck_for({"excuse": True, "pawns": True, "courts": True})


def test_the_grow_check_agrees_with_the_definition_on_random_piles():
    rng = random.Random(5)
    compared = 0
    for _ in range(20000):
        bird = rng.sample(DECK, rng.randint(1, 6))
        if not is_valid_bird(bird):
            continue
        card = rng.choice([other for other in DECK if other not in bird])
        plain = card != EXCUSE and bool(common_suits(bird) & SUIT_SET[card]) and any(directions([*bird, card]))
        assert can_grow(bird, card) == plain, (bird, card)
        assert (grow_options([bird], [card])[card] == [0]) == plain, (bird, card)
        compared += 1
    assert compared > 2000


def test_a_one_card_bird_may_go_either_way():
    assert directions(["lunatic"]) == (True, True)  # a 6 of Moons and Waves
    assert can_grow(["lunatic"], "journey") and can_grow(["lunatic"], "darkness")  # a 3 down, a 9 up
    assert can_grow(["lunatic"], "sea") and can_grow(["lunatic"], "ace-moons")
    assert not can_grow(["lunatic"], "castle")  # Suns and Knots: no common suit


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
