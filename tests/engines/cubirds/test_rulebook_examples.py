"""Every worked example of the CuBirds rulebook (first part of seeds/003_..., Dutch)."""

from games.engines.cubirds import ENGINE

from .helpers import arrange, species


def test_it_takes_the_owl_and_flamingo_enclosed_by_the_parrots():
    # "Verloop van een beurt", 1. Vogels aanleggen, first VOORBEELD: Barbara has 4 birds,
    # must lay both her parrots, lays them left of the row and encloses an owl and a flamingo.
    state = arrange(
        rows=[
            ["owl", "flamingo", "parrot", "toucan"],
            ["duck", "robin", "magpie"],
            ["duck", "owl", "robin"],
            ["magpie", "toucan", "duck"],
        ],
        hands=[["parrot", "parrot", "duck", "robin"], ["robin"]],
    )
    after = ENGINE.apply(state, 0, {"type": "lay", "species": "parrot", "row": 0, "side": "left"})
    assert sorted(species(after["hands"][0])) == ["duck", "flamingo", "owl", "robin"]
    # Second VOORBEELD: the remaining cards close up, no gaps in the row.
    assert species(after["rows"][0]) == ["parrot", "parrot", "parrot", "toucan"]
    # Something was enclosed: no draw. She holds no family, but the step is offered all the same
    # ("Je bent nooit verplicht een familie te vormen": nobody learns whether she could have).
    assert after["step"] == "family" and ENGINE.legal_actions(after, 0) == [{"type": "no_family"}]
    after = ENGINE.apply(after, 0, {"type": "no_family"})
    assert after["step"] == "lay" and after["player"] == 1


def test_it_refills_a_row_of_parrots_until_a_second_species_appears():
    # "Verloop van een beurt", third VOORBEELD: only parrots are left in the row; the first
    # new bird is again a parrot, so another card is laid; the second is a toucan: stop.
    state = arrange(
        rows=FAMILY_ROWS,
        hands=[["parrot", "parrot", "duck", "robin"], ["robin"]],
        deck_top=["parrot", "toucan", "owl"],
    )
    after = ENGINE.apply(state, 0, {"type": "lay", "species": "parrot", "row": 0, "side": "left"})
    assert species(after["rows"][0]) == ["parrot", "parrot", "parrot", "parrot", "toucan"]
    assert species(after["deck"][-1:]) == ["owl"], "no card beyond the toucan is laid"
    assert len(after["deck"]) == len(state["deck"]) - 2


def test_it_offers_2_cards_when_an_owl_or_magpie_encloses_nothing():
    # "Verloop van een beurt", fourth VOORBEELD: laying an owl or a magpie at this row
    # encloses nothing, so Barbara may draw 2 cards from the deck, or choose not to.
    rows = [
        ["owl", "flamingo", "parrot"],
        ["duck", "robin", "magpie"],
        ["duck", "owl", "robin"],
        ["magpie", "toucan", "duck"],
    ]
    state = arrange(rows=rows, hands=[["owl", "magpie", "duck", "robin"], ["robin"]], deck_top=["toucan", "duck"])
    for name, side in (("owl", "left"), ("magpie", "right"), ("magpie", "left")):
        after = ENGINE.apply(state, 0, {"type": "lay", "species": name, "row": 0, "side": side})
        assert after["step"] == "draw" and after["player"] == 0
        assert ENGINE.legal_actions(after, 0) == [{"type": "draw"}, {"type": "no_draw"}]
    after = ENGINE.apply(state, 0, {"type": "lay", "species": "owl", "row": 0, "side": "left"})
    assert species(after["rows"][0]) == ["owl", "owl", "flamingo", "parrot"], "the owl is adjacent: nothing enclosed"
    drawn = ENGINE.apply(after, 0, {"type": "draw"})
    assert sorted(species(drawn["hands"][0])) == ["duck", "duck", "magpie", "robin", "toucan"]
    assert drawn["step"] == "family" and ENGINE.legal_actions(drawn, 0) == [{"type": "no_family"}]
    assert ENGINE.apply(drawn, 0, {"type": "no_family"})["player"] == 1
    skipped = ENGINE.apply(after, 0, {"type": "no_draw"})
    assert sorted(species(skipped["hands"][0])) == ["duck", "magpie", "robin"]
    assert skipped["deck"] == after["deck"]


# Rows where laying a toucan at the left of row 2 encloses nothing: the family examples start here.
FAMILY_ROWS = [
    ["owl", "flamingo", "parrot"],
    ["duck", "robin", "magpie"],
    ["duck", "owl", "robin"],
    ["magpie", "toucan", "duck"],
]


def test_it_forms_a_small_family_of_6_magpies():
    # "2. Een familie vormen", VOORBEELDEN: Lennard plays his 6 magpies (small family 5,
    # large 7), adds 1 magpie to his collection and discards the other 5.
    state = arrange(
        rows=FAMILY_ROWS,
        hands=[["magpie"] * 6 + ["toucan", "robin"], ["robin"]],
        collections=[["duck"], ["owl"]],
    )
    after = ENGINE.apply(state, 0, {"type": "lay", "species": "toucan", "row": 1, "side": "left"})
    after = ENGINE.apply(after, 0, {"type": "no_draw"})
    assert after["step"] == "family"
    assert ENGINE.legal_actions(after, 0) == [{"type": "family", "species": "magpie"}, {"type": "no_family"}]
    discard_before = len(after["discard"])
    formed = ENGINE.apply(after, 0, {"type": "family", "species": "magpie"})
    assert species(formed["collections"][0]) == ["duck", "magpie"]
    assert species(formed["hands"][0]) == ["robin"]
    assert len(formed["discard"]) == discard_before + 5
    assert formed["player"] == 1 and not formed["over"]


def test_it_collects_2_birds_for_a_large_family():
    # "Families": reaching the large family size adds 2 birds to the collection.
    state = arrange(
        rows=FAMILY_ROWS,
        hands=[["magpie"] * 7 + ["toucan", "duck"], ["robin"]],
    )
    after = ENGINE.apply(state, 0, {"type": "lay", "species": "toucan", "row": 1, "side": "left"})
    after = ENGINE.apply(after, 0, {"type": "no_draw"})
    formed = ENGINE.apply(after, 0, {"type": "family", "species": "magpie"})
    assert species(formed["collections"][0]) == ["magpie", "magpie"]
    assert len(formed["discard"]) == len(after["discard"]) + 5


def test_it_ends_the_game_when_a_third_toucan_makes_two_species_of_three():
    # "Einde van het spel", VOORBEELD: Lennard has 2 toucans and 3 flamingos; a small
    # toucan family brings a third toucan: 2 species with 3 birds, he wins at once.
    state = arrange(
        rows=FAMILY_ROWS,
        hands=[["toucan"] * 3 + ["robin", "owl"], ["robin"]],
        collections=[["toucan", "toucan", "flamingo", "flamingo", "flamingo"], ["owl", "duck", "robin", "magpie"]],
    )
    after = ENGINE.apply(state, 0, {"type": "lay", "species": "robin", "row": 1, "side": "left"})
    assert sorted(species(after["hands"][0])) == ["duck", "owl", "toucan", "toucan", "toucan"]
    assert after["step"] == "family"
    won = ENGINE.apply(after, 0, {"type": "family", "species": "toucan"})
    assert won["over"] and won["winner"] == 0 and won["end"] == "two_threes"
    assert ENGINE.to_act(won) == []
    assert ENGINE.result(won) == [{"seat": 0, "score": 6, "rank": 1}, {"seat": 1, "score": 4, "rank": 2}]
